"""Build a skin's tile set from screenshots of a game: locate, crop, label, de-duplicate, save.

Each sample is a screenshot with its board text (and, if known, the status, so that the
face above the board is kept too). Tiles are cut at the board's native pitch, grouped
by the type the board text gives them, and near-identical tiles are merged; a type
that shows clearly different pictures (an exploded mine next to plain ones, a crossed
wrong flag next to plain flags) keeps each picture as a variant.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from analyzer.board import FLAG, MINE, UNOPENED, Board
from recognizer.classify import unit_vectors
from recognizer.faces import FACE_BORDER, find_yellow_face
from recognizer.geometry import BoardGeometry
from recognizer.image_io import Image, as_image
from recognizer.locate import locate_boards
from recognizer.skins import TILE_TYPES, write_manifest

SAME_TILE = 0.97  # correlation above which two pictures count as the same tile
MAX_VARIANTS = 4  # pictures kept per tile type, the most frequent first
KIND_OF_CODE = {UNOPENED: "unopened", FLAG: "flag", MINE: "mine"} | {n: str(n) for n in range(9)}


class CaptureError(ValueError):
    """Screenshots that cannot make a skin; the message names the sample at fault."""


@dataclass(frozen=True)
class Sample:
    """One screenshot and what it shows."""

    image: Image
    board: Board
    status: str | None = None
    name: str = "sample"


@dataclass
class CaptureResult:
    """What was saved: pictures per tile type and per face status."""

    folder: Path
    pitch: int
    tiles: dict[str, list[str]] = field(default_factory=dict)
    faces: dict[str, list[str]] = field(default_factory=dict)

    @property
    def missing(self) -> list[str]:
        return [kind for kind in TILE_TYPES if kind not in self.tiles]


def capture_skin(
    samples: list[Sample], name: str, folder: Path, fallback: str | None = None, notes: str = ""
) -> CaptureResult:
    """Cut, label, de-duplicate and save the tiles (and faces) of ``samples`` as a skin."""
    if not samples:
        raise CaptureError("no screenshots given")
    geometries = [_board_of(sample) for sample in samples]
    pitch = _common_pitch(samples, geometries)
    tiles: dict[str, list[Image]] = defaultdict(list)
    for sample, geometry in zip(samples, geometries, strict=True):
        for kind, pictures in _tiles_by_kind(sample, geometry, pitch).items():
            tiles[kind] += pictures
    faces: dict[str, list[Image]] = defaultdict(list)
    for sample, geometry in zip(samples, geometries, strict=True):
        if sample.status in ("playing", "won", "lost"):
            face = _face_picture(sample.image, geometry)
            if face is not None:
                faces[sample.status].append(face)
    folder.mkdir(parents=True, exist_ok=True)
    result = CaptureResult(folder=folder, pitch=pitch)
    for kind in TILE_TYPES:
        if tiles.get(kind):
            result.tiles[kind] = _save_variants(folder, kind, tiles[kind])
    for status in ("playing", "won", "lost"):
        if faces.get(status):
            result.faces[status] = _save_variants(folder, f"face_{status}", faces[status])
    manifest: dict[str, object] = {"name": name, "pitch": pitch, "tiles": result.tiles,
                                   "faces": result.faces}
    if fallback:
        manifest["fallback"] = fallback
    manifest["notes"] = notes or f"captured from {len(samples)} screenshot(s)"
    write_manifest(folder, manifest)
    return result


def _board_of(sample: Sample) -> BoardGeometry:
    """The located board with the sample's number of rows and columns."""
    shape = (sample.board.height, sample.board.width)
    found = locate_boards(sample.image)
    for geometry in found:
        if (geometry.rows, geometry.cols) == shape:
            return geometry
    seen = ", ".join(f"{g.rows}x{g.cols}" for g in found) or "none"
    raise CaptureError(
        f"{sample.name}: no {shape[0]}x{shape[1]} board found in the screenshot "
        f"(boards found, rows x cols: {seen})"
    )


def _common_pitch(samples: list[Sample], geometries: list[BoardGeometry]) -> int:
    pitches = {round(g.pitch) for g in geometries}
    if len(pitches) > 1:
        listed = ", ".join(
            f"{s.name}: {g.pitch:.2f}" for s, g in zip(samples, geometries, strict=True)
        )
        raise CaptureError(f"the screenshots show different cell pitches ({listed}); "
                           "capture one skin per cell size")
    pitch = pitches.pop()
    for sample, geometry in zip(samples, geometries, strict=True):
        if abs(geometry.pitch - pitch) > 0.1:
            raise CaptureError(f"{sample.name}: the cell pitch is {geometry.pitch:.2f} px, not a "
                               "whole number; capture from an unzoomed screenshot")
    return pitch


def _tiles_by_kind(sample: Sample, geometry: BoardGeometry, pitch: int) -> dict[str, list[Image]]:
    """The sample's tiles grouped by type, cut so that a cell boundary falls between them.

    The located lattice may be a pixel off; of the shifts by -1, 0 and 1 px (per axis),
    the one whose tiles differ most between their first and last column (row) puts the
    boundary between tiles, which makes tiles from different screenshots line up.
    """
    board = _crop(sample.image, geometry, pitch)
    best_dx = max((-1, 0, 1), key=lambda dx: _boundary_contrast(board, pitch, dx, axis=1))
    best_dy = max((-1, 0, 1), key=lambda dy: _boundary_contrast(board, pitch, dy, axis=0))
    return _cut_tiles(sample, geometry.shifted(best_dx, best_dy), pitch)


def _crop(image: Image, geometry: BoardGeometry, pitch: int) -> npt.NDArray[np.int16]:
    """The board with one extra pixel all round, as signed integers."""
    x, y = round(geometry.left) - 1, round(geometry.top) - 1
    width, height = geometry.cols * pitch + 2, geometry.rows * pitch + 2
    if x < 0 or y < 0 or x + width > image.shape[1] or y + height > image.shape[0]:
        raise CaptureError("the board touches the screenshot's edge; leave a margin round it")
    return image[y:y + height, x:x + width].astype(np.int16)


def _boundary_contrast(board: npt.NDArray[np.int16], pitch: int, shift: int, axis: int) -> float:
    """Mean difference between each tile's first and last line when cut ``shift`` px later."""
    lines = board.shape[axis] - 2
    first = np.arange(1 + shift, 1 + shift + lines, pitch)
    last = first + pitch - 1
    take_first = np.take(board, first, axis=axis)
    take_last = np.take(board, last, axis=axis)
    return float(np.abs(take_first - take_last).mean())


def _cut_tiles(sample: Sample, geometry: BoardGeometry, pitch: int) -> dict[str, list[Image]]:
    image = sample.image
    tiles: dict[str, list[Image]] = defaultdict(list)
    for (row, col), code in np.ndenumerate(sample.board.cells):
        x = round(geometry.left) + col * pitch
        y = round(geometry.top) + row * pitch
        if x < 0 or y < 0 or x + pitch > image.shape[1] or y + pitch > image.shape[0]:
            continue
        tiles[KIND_OF_CODE[int(code)]].append(image[y:y + pitch, x:x + pitch].copy())
    return tiles


def _distinct(pictures: list[Image]) -> list[Image]:
    """The distinct pictures, most frequent first: each the medoid of its group."""
    if len({p.shape for p in pictures}) > 1:
        side = max(p.shape[0] for p in pictures)
        pictures = [as_image(cv2.resize(p, (side, side))) for p in pictures]
    vectors = unit_vectors(np.stack(pictures))
    similarity = vectors @ vectors.T
    unassigned = set(range(len(pictures)))
    groups: list[list[int]] = []
    while unassigned:
        left = list(unassigned)
        centre = max(left, key=lambda i: int((similarity[i, left] >= SAME_TILE).sum()))
        members = [i for i in unassigned if similarity[centre, i] >= SAME_TILE]
        groups.append(members)
        unassigned -= set(members)
    groups.sort(key=len, reverse=True)
    kept = groups[:MAX_VARIANTS]
    return [pictures[max(g, key=lambda i: float(similarity[i, g].sum()))] for g in kept]


def _save_variants(folder: Path, stem: str, pictures: list[Image]) -> list[str]:
    names = []
    for index, picture in enumerate(_distinct(pictures)):
        file_name = f"{stem}.png" if index == 0 else f"{stem}_{index + 1}.png"
        cv2.imwrite(str(folder / file_name), picture)
        names.append(file_name)
    return names


def _face_picture(image: Image, geometry: BoardGeometry) -> Image | None:
    """The face (yellow disc and its outline) above the board, as a square crop."""
    found = find_yellow_face(image, geometry)
    if found is None:
        return None
    x, y, w, h = found
    side = max(w, h) + FACE_BORDER
    cx, cy = x + w // 2, y + h // 2
    left, top = cx - side // 2, cy - side // 2
    if left < 0 or top < 0 or left + side > image.shape[1] or top + side > image.shape[0]:
        return None
    return image[top:top + side, left:left + side].copy()
