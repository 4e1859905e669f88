"""The recognizer's public API: a screenshot in, the board, its geometry and status out.

>>> recognition = recognize("screenshot.png")            # doctest: +SKIP
>>> print(recognition.board)                             # doctest: +SKIP

``recognize`` finds the board, picks the skin that explains it best and reads it;
``read_board`` re-reads a board whose geometry and skin are known (the play loop's
fast path, a few milliseconds for an expert board).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import numpy.typing as npt

from analyzer.board import Board, Cell, format_board
from recognizer.classify import (
    CellFeatures,
    CellReadings,
    PreparedSkin,
    cell_features,
    impossible_zeros,
    prepare_skin,
    read_cells,
    score_features,
)
from recognizer.geometry import BoardGeometry
from recognizer.image_io import ImageSource, load_image
from recognizer.locate import locate_boards
from recognizer.sampling import cut_some_cells
from recognizer.skins import Skin, available_skins, load_skin
from recognizer.status import Status, game_status

SHIFTS = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1))
SAMPLE_CELLS = 64  # cells scored per skin and shift while choosing them
MIN_READABLE_SHARE = 0.6  # a lattice with fewer readable cells is not taken for a board
MAX_CANDIDATES = 4  # lattices tried, most convincing first
REFINE_ROUNDS = 3  # passes over the refinement moves, while they still help


@dataclass(frozen=True)
class Recognition:
    """What the recognizer saw.

    ``board`` is None when no board was found or some cells could not be read (they are
    listed in ``unreadable``); ``message`` then says why. ``confidence`` holds each
    cell's best template correlation (0..1).
    """

    board: Board | None
    status: Status
    geometry: BoardGeometry | None
    skin: str | None
    unreadable: list[Cell] = field(default_factory=list)
    confidence: npt.NDArray[np.float32] | None = None
    readings: CellReadings | None = None
    message: str = ""

    @property
    def ok(self) -> bool:
        return self.board is not None

    def to_json(self) -> dict[str, Any]:
        """The ``sweeper recognize --json`` shape."""
        answer: dict[str, Any] = {
            "board": format_board(self.board) if self.board is not None else None,
            "status": self.status,
        }
        if self.geometry is not None:
            answer |= self.geometry.to_json()
        answer["skin"] = self.skin
        answer["unreadable"] = [list(cell) for cell in self.unreadable]
        if self.message:
            answer["message"] = self.message
        return answer


def recognize(
    image: ImageSource, skins: list[str] | None = None, origin: tuple[int, int] = (0, 0)
) -> Recognition:
    """Find the board anywhere in ``image`` and read it.

    ``skins`` names the tile sets to try (all shipped ones by default); ``origin`` is
    the screen point of the image's top-left pixel, for the cell centres.
    """
    picture = load_image(image)
    loaded = [load_skin(name) for name in (skins or available_skins())]
    if not loaded:
        raise ValueError("no skins to read boards with: templates/ holds none")
    best: Recognition | None = None
    for geometry in locate_boards(picture)[:MAX_CANDIDATES]:
        skin, aligned = _best_skin_and_alignment(picture, geometry.with_origin(*origin), loaded)
        result = read_board(picture, _grown_over_readable_lines(picture, aligned, skin), skin)
        readings = result.readings
        assert readings is not None
        if readings.readable.mean() >= MIN_READABLE_SHARE:
            return result
        if best is None or len(result.unreadable) < len(best.unreadable):
            best = result
    if best is None:
        return Recognition(None, "unknown", None, None, message="no Minesweeper board found")
    return Recognition(
        None, "unknown", None, None,
        message="no Minesweeper board found (the likeliest grid is mostly unreadable)",
    )


def read_board(image: ImageSource, geometry: BoardGeometry, skin: Skin | str) -> Recognition:
    """Read a board whose geometry and skin are already known."""
    picture = load_image(image)
    tiles = skin if isinstance(skin, Skin) else load_skin(skin)
    readings = read_cells(picture, geometry, prepare_skin(tiles))
    odd_zeros = impossible_zeros(readings)
    if odd_zeros.any():
        readings = replace(readings, readable=readings.readable & ~odd_zeros)
    status = game_status(picture, geometry, tiles, readings.codes, readings.readable)
    unreadable = readings.unreadable_cells
    board = Board(readings.codes.copy()) if not unreadable else None
    message = ""
    if unreadable:
        listed = ", ".join(f"({r}, {c})" for r, c in unreadable[:20])
        more = f" and {len(unreadable) - 20} more" if len(unreadable) > 20 else ""
        message = f"{len(unreadable)} cell(s) could not be read confidently: {listed}{more}"
        if odd_zeros.any():
            message += " (some look like an opened 0 next to an unopened cell: a pressed tile?)"
    return Recognition(
        board=board, status=status, geometry=geometry, skin=tiles.name, unreadable=unreadable,
        confidence=readings.confidence, readings=readings, message=message,
    )


def _best_skin_and_alignment(
    image: npt.NDArray[np.uint8], geometry: BoardGeometry, skins: list[Skin]
) -> tuple[Skin, BoardGeometry]:
    """The skin, and the shift of the lattice, under which sampled cells match best.

    Every skin is tried at whole-pixel shifts of up to 1 px; the best pair is then
    refined: the pitch by fractions of a percent (about the board's centre), the
    position by half pixels along each axis.
    """
    rows, cols = _sample_cells(geometry)

    def measure(candidate: BoardGeometry) -> CellFeatures:
        return cell_features(cut_some_cells(image, candidate, rows, cols))

    def fit(features: CellFeatures, skin: Skin) -> float:
        scores = score_features(features, prepare_skin(skin))
        return float(np.clip(scores.max(axis=1), 0, 1).mean())

    scored = []
    for dx, dy in SHIFTS:
        shifted = geometry.shifted(dx, dy)
        features = measure(shifted)
        scored += [(fit(features, skin), index, shifted) for index, skin in enumerate(skins)]
    best_fit, best_index, best = max(scored, key=lambda item: item[0])
    skin = skins[best_index]
    for _ in range(REFINE_ROUNDS):
        improved = False
        for move in REFINEMENTS:
            candidate = move(best)
            candidate_fit = fit(measure(candidate), skin)
            if candidate_fit > best_fit + 1e-4:
                best_fit, best, improved = candidate_fit, candidate, True
        if not improved:
            break
    return skin, best


def _grown_over_readable_lines(
    image: npt.NDArray[np.uint8], geometry: BoardGeometry, skin: Skin
) -> BoardGeometry:
    """``geometry`` with every whole row or column next to it whose cells all read as tiles.

    The lattice search can stop short of the board's edge when the outer cells show few
    lines (a column of opened 0s by the frame); the tiles themselves say where it ends.
    """
    prepared = prepare_skin(skin)
    height, width = image.shape[:2]
    growing = True
    while growing:
        growing = False
        for line, grown in _lines_beside(geometry):
            x, y, line_width, line_height = line.rect
            if x < 0 or y < 0 or x + line_width > width or y + line_height > height:
                continue
            if _plausible_edge(image, line, grown, prepared):
                geometry, growing = grown, True
                break
    return geometry


def _plausible_edge(
    image: npt.NDArray[np.uint8], line: BoardGeometry, grown: BoardGeometry, prepared: PreparedSkin
) -> bool:
    """Whether ``line`` reads as tiles that belong to the board ``grown``.

    Every cell must be readable and one at least must be more than a plain opened 0 (a
    frame's flat grey reads as 0s), and the grown board must have no 0 next to an
    unopened cell.
    """
    readings = read_cells(image, line, prepared)
    if not readings.readable.all() or not readings.codes.any():
        return False
    return not impossible_zeros(read_cells(image, grown, prepared)).any()


def _lines_beside(geometry: BoardGeometry) -> list[tuple[BoardGeometry, BoardGeometry]]:
    """Per side, the row or column of cells just outside ``geometry`` and the geometry
    that includes it."""
    pitch, rows, cols = geometry.pitch, geometry.rows, geometry.cols
    left, top = geometry.left, geometry.top
    return [
        (replace(geometry, left=left - pitch, cols=1),
         replace(geometry, left=left - pitch, cols=cols + 1)),
        (replace(geometry, left=left + cols * pitch, cols=1), replace(geometry, cols=cols + 1)),
        (replace(geometry, top=top - pitch, rows=1),
         replace(geometry, top=top - pitch, rows=rows + 1)),
        (replace(geometry, top=top + rows * pitch, rows=1), replace(geometry, rows=rows + 1)),
    ]


def _rescaled(factor: float) -> Callable[[BoardGeometry], BoardGeometry]:
    """A move that scales the pitch by ``factor`` and keeps the board's centre in place."""
    def move(geometry: BoardGeometry) -> BoardGeometry:
        pitch = geometry.pitch * factor
        return replace(
            geometry, pitch=pitch,
            left=geometry.left + geometry.cols * (geometry.pitch - pitch) / 2,
            top=geometry.top + geometry.rows * (geometry.pitch - pitch) / 2,
        )
    return move


def _shift(dx: float, dy: float) -> Callable[[BoardGeometry], BoardGeometry]:
    return lambda geometry: geometry.shifted(dx, dy)


# tried in turn after the whole-pixel search, each kept if it makes the cells match better
REFINEMENTS = (
    _rescaled(1.008), _rescaled(0.992), _rescaled(1.004), _rescaled(0.996),
    _shift(0.5, 0.0), _shift(-0.5, 0.0), _shift(0.0, 0.5), _shift(0.0, -0.5),
)


def _sample_cells(geometry: BoardGeometry) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Row and column indices of up to ``SAMPLE_CELLS`` cells spread over the board."""
    count = geometry.rows * geometry.cols
    flat = np.linspace(0, count - 1, min(count, SAMPLE_CELLS)).round().astype(np.int64)
    return flat // geometry.cols, flat % geometry.cols
