"""Keep a skin learned from screenshots of a game: ``sweeper templates capture``.

The screenshots are read in order by one :class:`~recognizer.reader.BoardReader`, as the
bot reads a game it plays, so the tile pictures are named by the classic rules. Where
a screenshot comes with its true board, that truth teaches every picture the rules left
unnamed, and any reading that disagrees with it is an error naming the cells. The
learned pictures, and the face above the board for each status seen, are saved as a
tile set that later runs start from (``--skin``).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from sweeper.core import GAME_STATUSES, Board, SweeperError
from sweeper.recognizer.faces import FACE_BORDER, find_yellow_face
from sweeper.recognizer.geometry import BoardGeometry
from sweeper.recognizer.image_io import Image
from sweeper.recognizer.learned import CODES, LearnedSkin, features
from sweeper.recognizer.locate import locate_boards
from sweeper.recognizer.reader import BoardReader
from sweeper.recognizer.sampling import cut_cells, native_cell
from sweeper.recognizer.skins import TILE_CODES, TILE_TYPES, read_manifest, write_manifest

KIND_OF_CODE = {code: kind for kind, code in TILE_CODES.items()}
ROUNDS_PER_TYPE = 4  # pictures a shot may teach per tile type; more: cells too varied to learn
MAX_LISTED = 10  # disagreeing cells a message names


class CaptureError(SweeperError, ValueError):
    """Screenshots that cannot make a skin; the message names the sample at fault."""


@dataclass(frozen=True)
class Sample:
    """One screenshot and, if known, what it shows."""

    image: Image
    board: Board | None = None
    status: str | None = None
    name: str = "sample"


@dataclass
class CaptureResult:
    """What was saved: pictures per tile type and per face status."""

    folder: Path
    size: tuple[int, int]
    tiles: dict[str, list[str]] = field(default_factory=dict)
    faces: dict[str, list[str]] = field(default_factory=dict)

    @property
    def missing(self) -> list[str]:
        return [kind for kind in TILE_TYPES if kind not in self.tiles]


def capture_skin(samples: list[Sample], name: str, folder: Path, notes: str = "") -> CaptureResult:
    """Learn the skin of ``samples`` (one game, one cell size) and save it in ``folder``."""
    if not samples:
        raise CaptureError("no screenshots given")
    reader = BoardReader()
    reader.skin.name = name
    faces: dict[str, list[Image]] = defaultdict(list)
    for sample in samples:
        geometry = _board_of(sample)
        if sample.board is not None:
            _teach(reader.skin, sample, geometry)
        recognition = reader.read(sample.image, geometry)
        if recognition.board is None:
            raise CaptureError(f"{sample.name}: {recognition.message}; give its board text "
                               "(IMAGE.json or --board) to teach the pictures")
        status = sample.status or recognition.status
        face = _face_picture(sample.image, geometry)
        if face is not None and status in GAME_STATUSES:
            faces[status].append(face)
    tiles = reader.skin.save(folder, notes or f"learned from {len(samples)} screenshot(s)")
    result = CaptureResult(folder, reader.skin.picture_size, tiles)
    for status, pictures in faces.items():
        result.faces[status] = _save_faces(folder, status, pictures)
    manifest = read_manifest(folder)
    manifest["faces"] = result.faces
    write_manifest(folder, manifest)
    return result


def _board_of(sample: Sample) -> BoardGeometry:
    """The located board (with the sample's rows and columns, when its board is known)."""
    found = locate_boards(sample.image)
    if sample.board is None and found:
        return found[0]
    if sample.board is not None:
        shape = (sample.board.height, sample.board.width)
        for geometry in found:
            if (geometry.rows, geometry.cols) == shape:
                return geometry
        seen = ", ".join(f"{g.rows}x{g.cols}" for g in found) or "none"
        raise CaptureError(
            f"{sample.name}: no {shape[0]}x{shape[1]} board found in the screenshot "
            f"(boards found, rows x cols: {seen})")
    raise CaptureError(f"{sample.name}: no Minesweeper board found in the screenshot")


def _teach(skin: LearnedSkin, sample: Sample, geometry: BoardGeometry) -> None:
    """Add the true type of every cell the skin does not read as its truth (one picture
    per type and look); refuse a truth that contradicts what the skin reads."""
    assert sample.board is not None
    vectors = features(cut_cells(sample.image, geometry))
    truth = sample.board.cells.ravel()
    for _ in range(len(TILE_TYPES) * ROUNDS_PER_TYPE):
        matches = skin.match(vectors)
        read = CODES[matches.kinds]
        wrong = matches.confident & (read != truth)
        if wrong.any():
            cells = [divmod(int(i), geometry.cols) for i in np.nonzero(wrong)[0][:MAX_LISTED]]
            raise CaptureError(f"{sample.name}: the board text disagrees with the tiles "
                               f"learned so far at {cells}; is it the right board?")
        untaught = np.nonzero(~matches.confident)[0]
        if untaught.size == 0:
            return
        index = int(untaught[0])
        row, col = divmod(index, geometry.cols)
        skin.add(KIND_OF_CODE[int(truth[index])], vectors[index],
                 native_cell(sample.image, geometry, row, col))
    raise CaptureError(f"{sample.name}: the cells look too varied to learn from")


def _face_picture(image: Image, geometry: BoardGeometry) -> Image | None:
    """The face (yellow disc and its outline) above the board, as a square crop."""
    found = find_yellow_face(image, geometry)
    if found is None:
        return None
    x, y, w, h = found.left, found.top, found.width, found.height
    side = max(w, h) + FACE_BORDER
    cx, cy = x + w // 2, y + h // 2
    left, top = cx - side // 2, cy - side // 2
    if left < 0 or top < 0 or left + side > image.shape[1] or top + side > image.shape[0]:
        return None
    return image[top:top + side, left:left + side].copy()


def _save_faces(folder: Path, status: str, pictures: list[Image]) -> list[str]:
    """Save the first face picture of a status (they are all alike)."""
    file_name = f"face_{status}.png"
    cv2.imwrite(str(folder / file_name), pictures[0])
    return [file_name]
