"""Read every cell of a located board at once: template scores checked by colour.

Cells (:mod:`recognizer.sampling`) and a skin's tiles are compared as blurred grey
pictures at half resolution, all in one matrix product of zero-mean, unit-length vectors
(normalised cross-correlation: immune to brightness and contrast, tolerant of other
fonts). A tile may only match a cell drawn in the same inks (:mod:`recognizer.ink`: a
digit must show its classic colour, an unopened cell or an opened 0 none), with the same
relief (:mod:`recognizer.bevel`: raised or flat) and about the same background colour.
A cell whose best score is low, or whose runner-up of another type is close, is
unreadable: never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np
import numpy.typing as npt

from analyzer.board import UNOPENED
from recognizer import bevel, ink
from recognizer.geometry import BoardGeometry
from recognizer.image_io import Image, as_image
from recognizer.sampling import CELL_SIZE, Cells, grey_cells_and_middles, greys, resize_tile
from recognizer.skins import TILE_CODES, TILE_TYPES, Skin

SMOOTHING_SIGMA = 1.5  # px (at CELL_SIZE) of blur before correlating ...
SMOOTHING_KERNEL = 7  # ... with a kernel this wide ...
SMOOTHING_PAD = 4  # ... on cells padded by this much (even: cells halve cleanly)
MOSAIC_WIDTH = 16  # cells per row of the mosaic they are blurred in
MIN_SCORE = 0.45  # lowest correlation accepted as a match
# ... for digits 1-6, whose classic colour already had to match: other fonts score lower.
# (Not for 7 and 8: black and grey are also the colours of borders, text and shadows.)
MIN_COLOURED_DIGIT_SCORE = 0.35
MIN_MARGIN = 0.08  # least lead over the best tile of another type

FloatArray = npt.NDArray[np.float32]
DIGIT_INK = {str(n): n for n in range(9)}


@dataclass(frozen=True)
class PreparedSkin:
    """A skin's tiles as unit vectors at ``CELL_SIZE``, with the inks each may show."""

    skin: Skin
    vectors: FloatArray  # (tiles, features)
    kinds: npt.NDArray[np.int64]  # (tiles,) index into TILE_TYPES
    inks: ink.TileInks  # the inks a matching cell shows (digits: their classic colour)
    raised: npt.NDArray[np.bool_]  # (tiles,): the tile is a raised (bevelled) one
    background: ink.Background  # each tile's background colour

    @property
    def by_kind(self) -> npt.NDArray[np.int64]:
        """Tile indices ordered by tile type."""
        return np.argsort(self.kinds, kind="stable")


@dataclass(frozen=True)
class CellReadings:
    """What each cell of a board shows; arrays of shape ``(rows, cols)``."""

    codes: npt.NDArray[np.int8]  # board codes (UNOPENED, FLAG, MINE, 0..8)
    confidence: FloatArray  # best template correlation, 0..1
    margin: FloatArray  # lead over the best tile of another type
    readable: npt.NDArray[np.bool_]

    @property
    def unreadable_cells(self) -> list[tuple[int, int]]:
        rows, cols = np.nonzero(~self.readable)
        return [(int(r), int(c)) for r, c in zip(rows, cols, strict=True)]


_MIN_SCORES = np.array(
    [MIN_COLOURED_DIGIT_SCORE if kind in {"1", "2", "3", "4", "5", "6"} else MIN_SCORE
     for kind in TILE_TYPES]
)


@lru_cache(maxsize=16)
def prepare_skin(skin: Skin) -> PreparedSkin:
    """Resize and normalise a skin's tiles, and work out which inks each tile allows."""
    pixels = np.stack([resize_tile(tile.pixels, skin.pitch) for tile in skin.tiles])
    kinds = np.array([TILE_TYPES.index(tile.kind) for tile in skin.tiles], dtype=np.int64)
    inks = ink.tile_inks(pixels, [DIGIT_INK.get(tile.kind) for tile in skin.tiles])
    raised = bevel.is_raised_tile(greys(pixels))
    return PreparedSkin(
        skin, unit_vectors(smoothed(greys(pixels))), kinds, inks, raised,
        ink.background(pixels)
    )


def classify_cells(cells: Cells, prepared: PreparedSkin) -> CellReadings:
    """Read every cell: the best tile allowed by the cell's ink, if clearly the best."""
    rows, cols = cells.shape[:2]
    flat = cells.reshape(rows * cols, CELL_SIZE, CELL_SIZE, 3)
    return readings_from(score_types(flat, prepared), rows, cols)


def read_cells(image: Image, geometry: BoardGeometry, prepared: PreparedSkin) -> CellReadings:
    """:func:`classify_cells` for the whole board, measured straight from the image."""
    scores = score_features(board_features(image, geometry), prepared)
    return readings_from(scores, geometry.rows, geometry.cols)


def readings_from(type_scores: FloatArray, rows: int, cols: int) -> CellReadings:
    """The reading of each cell from its per-type scores ``(rows * cols, types)``."""
    order = np.argsort(-type_scores, axis=1)
    best_type, runner_up = order[:, 0], order[:, 1]
    index = np.arange(rows * cols)
    best = type_scores[index, best_type]
    margin = best - type_scores[index, runner_up]
    readable = (best >= _MIN_SCORES[best_type]) & (margin >= MIN_MARGIN)
    codes = np.array([TILE_CODES[kind] for kind in TILE_TYPES], dtype=np.int8)[best_type]
    return CellReadings(
        codes=codes.reshape(rows, cols),
        confidence=np.clip(best, 0, 1).reshape(rows, cols).astype(np.float32),
        margin=np.clip(margin, 0, 1).reshape(rows, cols).astype(np.float32),
        readable=readable.reshape(rows, cols),
    )


@dataclass(frozen=True)
class CellFeatures:
    """What the scoring needs to know of a set of cells, measured once for all skins."""

    vectors: FloatArray  # smoothed grey pictures as unit vectors
    inks: ink.CellInks
    background: ink.Background
    relief: bevel.Relief


def cell_features(flat: Cells) -> CellFeatures:
    """Measure ``(N, S, S, 3)`` cells."""
    grey = greys(flat)
    inks, background = ink.read_inks(flat)
    return CellFeatures(unit_vectors(smoothed(grey)), inks, background, bevel.relief(grey))


def board_features(image: Image, geometry: BoardGeometry) -> CellFeatures:
    """:func:`cell_features` of every cell of the board, measured straight from the image
    (the board in grey and only the cells' middles in colour)."""
    grey_cells, middles = grey_cells_and_middles(image, geometry)
    inks, background = ink.read_middles(middles)
    return CellFeatures(
        unit_vectors(smoothed(grey_cells)), inks, background, bevel.relief(grey_cells)
    )


def impossible_zeros(readings: CellReadings) -> npt.NDArray[np.bool_]:
    """Cells read as an opened 0 next to a cell read as unopened.

    Opening a 0 opens its neighbours, so this never stays on screen: one of the two is a
    pressed or half-drawn tile, not what it looks like.
    """
    unopened = ((readings.codes == UNOPENED) & readings.readable).astype(np.uint8)
    near_unopened = cv2.dilate(unopened, np.ones((3, 3), np.uint8)) > 0
    return np.asarray((readings.codes == 0) & readings.readable & near_unopened)


def score_types(flat: Cells, prepared: PreparedSkin) -> FloatArray:
    """Per cell and tile type, the best correlation among that type's compatible tiles.

    ``flat`` is ``(N, S, S, 3)``; the result ``(N, len(TILE_TYPES))``, -1 where no tile of
    the type may match the cell.
    """
    return score_features(cell_features(flat), prepared)


def score_features(features: CellFeatures, prepared: PreparedSkin) -> FloatArray:
    """:func:`score_types` for cells already measured."""
    scores = _products(features.vectors, prepared.vectors)
    same_inks = ink.compatible(features.inks, prepared.inks)
    relief = features.relief
    same_relief = np.where(
        prepared.raised[None, :], relief.may_be_raised[:, None], relief.may_be_flat[:, None]
    )
    same_background = ink.same_background(features.background, prepared.background)
    scores = np.where(same_inks & same_relief & same_background, scores, -1.0)
    per_type = np.full((scores.shape[0], len(TILE_TYPES)), -1.0, dtype=np.float32)
    kinds, order = prepared.kinds, prepared.by_kind
    starts = np.concatenate([[0], np.nonzero(np.diff(kinds[order]))[0] + 1])
    per_type[:, kinds[order][starts]] = np.maximum.reduceat(scores[:, order], starts, axis=1)
    return per_type


def smoothed(grey: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """Each ``(N, S, S)`` grey cell blurred on its own (edges repeated, nothing from its
    neighbours), so that a digit in another font or stroke width still correlates;
    returned at half resolution ``(N, S/2, S/2)`` (once blurred, 2x2 averages carry the
    picture)."""
    count, size = grey.shape[0], grey.shape[1]
    pad = SMOOTHING_PAD
    side = size + 2 * pad
    per_row = MOSAIC_WIDTH
    slots = -(-count // per_row) * per_row
    # one wide mosaic of cells (blurring a one-cell-wide strip is much slower), each cell
    # padded with copies of its own edges
    mosaic = np.zeros((slots // per_row, side, per_row, side), dtype=np.uint8)
    by_row = np.zeros((slots, size, size), dtype=np.uint8)
    by_row[:count] = grey
    cells_in = by_row.reshape(-1, per_row, size, size).transpose(0, 2, 1, 3)
    mosaic[:, pad:-pad, :, pad:-pad] = cells_in
    mosaic[:, :pad, :, pad:-pad] = cells_in[:, :1]
    mosaic[:, -pad:, :, pad:-pad] = cells_in[:, -1:]
    mosaic[..., :pad] = mosaic[..., pad:pad + 1]
    mosaic[..., -pad:] = mosaic[..., -pad - 1:-pad]
    flat_mosaic = mosaic.reshape(-1, per_row * side)
    blurred = cv2.GaussianBlur(flat_mosaic, (SMOOTHING_KERNEL, SMOOTHING_KERNEL),
                               sigmaX=SMOOTHING_SIGMA)
    halved = as_image(cv2.resize(blurred, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA))
    half_side, half_pad = side // 2, pad // 2
    regrouped = halved.reshape(-1, half_side, per_row, half_side).transpose(0, 2, 1, 3)
    cells = regrouped.reshape(slots, half_side, half_side)
    return np.ascontiguousarray(cells[:count, half_pad:-half_pad, half_pad:-half_pad])


def _products(cells: FloatArray, tiles: FloatArray) -> FloatArray:
    """``cells @ tiles.T``, computed by OpenCV: numpy would hand this small product to a
    multi-threaded BLAS, whose threads can wait milliseconds for a busy second core."""
    none = np.zeros((0, 0), np.float32)  # no third matrix (its weight is 0)
    return np.asarray(cv2.gemm(cells, tiles, 1.0, none, 0.0, flags=cv2.GEMM_2_T), np.float32)


def unit_vectors(cells: npt.NDArray[np.uint8] | npt.NDArray[np.float32]) -> FloatArray:
    """Pictures ``(N, ...)`` as zero-mean, unit-length float vectors (flat ones: all zeros)."""
    vectors = cells.reshape(cells.shape[0], -1).astype(np.float32)
    vectors -= vectors.mean(axis=1, keepdims=True)
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    unit: FloatArray = np.divide(vectors, norms, out=np.zeros_like(vectors), where=norms > 1.0)
    return unit


