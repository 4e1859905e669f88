"""Read every cell of a located board at once: template scores checked by colour.

All cells are cut out and resized to ``CELL_SIZE`` px in one resize of the board, so a
skin's tiles (resized likewise) are compared with every cell in one matrix product of
zero-mean, unit-length vectors (normalised cross-correlation: immune to brightness and
contrast changes). A tile is only allowed to match a cell drawn in the same ink
(:mod:`recognizer.ink`): a digit must show its classic colour, an unopened cell or an
opened 0 must show none; a raised tile only matches a cell with a bevel
(:mod:`recognizer.bevel`), a flat one only a cell without; and the background behind
the ink must be about the tile's colour. That makes digits in other
fonts read right, and keeps an unknown picture from being taken for a tile. A cell whose
best score is low, or whose runner-up of another type is close, is unreadable: never
guessed.
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
from recognizer.skins import TILE_CODES, TILE_TYPES, Skin

CELL_SIZE = 20  # px a cell is resized to before comparison
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
Cells = npt.NDArray[np.uint8]  # (rows, cols, CELL_SIZE, CELL_SIZE, 3)
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
    pixels = np.stack([_resize_cell(tile.pixels, skin.pitch) for tile in skin.tiles])
    kinds = np.array([TILE_TYPES.index(tile.kind) for tile in skin.tiles], dtype=np.int64)
    inks = ink.tile_inks(pixels, [DIGIT_INK.get(tile.kind) for tile in skin.tiles])
    raised = bevel.is_raised_tile(greys(pixels))
    return PreparedSkin(
        skin, unit_vectors(smoothed(greys(pixels))), kinds, inks, raised,
        ink.background(pixels)
    )


def cut_cells(image: Image, geometry: BoardGeometry) -> Cells:
    """Every cell of the board resampled to ``CELL_SIZE``: ``(rows, cols, S, S, 3)``.

    The lattice's fractional position and pitch are honoured exactly (one affine warp of
    the board, smoothed first when shrinking so that thin lines are averaged, not lost).
    """
    x0, y0 = int(np.floor(geometry.left)) - 2, int(np.floor(geometry.top)) - 2
    width = int(np.ceil(geometry.width)) + 5
    height = int(np.ceil(geometry.height)) + 5
    board = _crop_padded(image, x0, y0, width, height)
    resampled = _resample(board, geometry.left - x0, geometry.top - y0, geometry.pitch,
                          (geometry.cols * CELL_SIZE, geometry.rows * CELL_SIZE))
    cells = resampled.reshape(geometry.rows, CELL_SIZE, geometry.cols, CELL_SIZE, 3)
    return np.ascontiguousarray(cells.transpose(0, 2, 1, 3, 4))


def cut_some_cells(
    image: Image, geometry: BoardGeometry, rows: npt.NDArray[np.int64],
    cols: npt.NDArray[np.int64],
) -> npt.NDArray[np.uint8]:
    """Only the given cells (``rows[i]``, ``cols[i]``) resampled likewise: ``(n, S, S, 3)``."""
    x0, y0 = int(np.floor(geometry.left)) - 2, int(np.floor(geometry.top)) - 2
    board = _crop_padded(image, x0, y0, int(np.ceil(geometry.width)) + 5,
                         int(np.ceil(geometry.height)) + 5)
    scale = geometry.pitch / CELL_SIZE
    if scale > 1.2:
        board = as_image(cv2.GaussianBlur(board, (0, 0), sigmaX=0.45 * scale))
    steps = (np.arange(CELL_SIZE, dtype=np.float32) + 0.5) * scale - 0.5
    left = (geometry.left - x0 + cols * geometry.pitch).astype(np.float32)
    top = (geometry.top - y0 + rows * geometry.pitch).astype(np.float32)
    count = rows.size
    shape = (count, CELL_SIZE, CELL_SIZE)
    map_x = np.broadcast_to(left[:, None, None] + steps[None, None, :], shape)
    map_y = np.broadcast_to(top[:, None, None] + steps[None, :, None], shape)
    sampled = cv2.remap(board, np.ascontiguousarray(map_x.reshape(-1, CELL_SIZE)),
                        np.ascontiguousarray(map_y.reshape(-1, CELL_SIZE)), cv2.INTER_LINEAR,
                        borderMode=cv2.BORDER_REPLICATE)
    return as_image(sampled).reshape(count, CELL_SIZE, CELL_SIZE, 3)


def board_features(image: Image, geometry: BoardGeometry) -> CellFeatures:
    """:func:`cell_features` of every cell of the board, measured straight from the image.

    Cheaper than cutting the cells in colour: the board is resampled in grey, and only
    the middles of the cells (where the inks are read) are resampled in colour.
    """
    x0, y0 = int(np.floor(geometry.left)) - 2, int(np.floor(geometry.top)) - 2
    board = _crop_padded(image, x0, y0, int(np.ceil(geometry.width)) + 5,
                         int(np.ceil(geometry.height)) + 5)
    scale = geometry.pitch / CELL_SIZE
    if scale > 1.2:
        board = as_image(cv2.GaussianBlur(board, (0, 0), sigmaX=0.45 * scale))
    left, top = geometry.left - x0, geometry.top - y0
    grey_board = as_image(cv2.cvtColor(board, cv2.COLOR_BGR2GRAY))
    size = (geometry.cols * CELL_SIZE, geometry.rows * CELL_SIZE)
    grey = _warp(grey_board, left, top, geometry.pitch, size)
    by_cell = grey.reshape(geometry.rows, CELL_SIZE, geometry.cols, CELL_SIZE)
    grey_cells = np.ascontiguousarray(by_cell.transpose(0, 2, 1, 3)).reshape(
        -1, CELL_SIZE, CELL_SIZE)
    map_x, map_y = _middle_maps(geometry.rows, geometry.cols, left, top, geometry.pitch)
    middles = cv2.remap(board, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    inks, background = ink.read_middles(as_image(middles).reshape(grey_cells.shape[0], -1, 3))
    return CellFeatures(
        unit_vectors(smoothed(grey_cells)), inks, background, bevel.relief(grey_cells)
    )


@lru_cache(maxsize=8)
def _middle_maps(
    rows: int, cols: int, left: float, top: float, pitch: float
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """Where, in the cropped board, each pixel of each cell's middle is: remap's maps."""
    span = ink.middle_span(CELL_SIZE)
    scale = pitch / CELL_SIZE
    steps = (np.arange(span.start, span.stop, dtype=np.float32) + 0.5) * scale - 0.5
    row, col = np.divmod(np.arange(rows * cols), cols)
    cell_left = (left + col * pitch).astype(np.float32)
    cell_top = (top + row * pitch).astype(np.float32)
    count, width = rows * cols, steps.size
    map_x = np.broadcast_to(cell_left[:, None, None] + steps[None, None, :], (count, width, width))
    map_y = np.broadcast_to(cell_top[:, None, None] + steps[None, :, None], (count, width, width))
    return (np.ascontiguousarray(map_x.reshape(-1, width)),
            np.ascontiguousarray(map_y.reshape(-1, width)))


def _warp(picture: Image, left: float, top: float, pitch: float, size: tuple[int, int]) -> Image:
    """``picture`` from ``(left, top)`` on, scaled so that ``pitch`` px become ``CELL_SIZE``
    (no smoothing: the caller smooths when shrinking)."""
    scale = pitch / CELL_SIZE
    warp = np.array([[scale, 0.0, left + 0.5 * scale - 0.5],
                     [0.0, scale, top + 0.5 * scale - 0.5]])
    flags = cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP
    return as_image(cv2.warpAffine(picture, warp, size, flags=flags,
                                   borderMode=cv2.BORDER_REPLICATE))


def _resample(picture: Image, left: float, top: float, pitch: float, size: tuple[int, int]
              ) -> Image:
    """``picture`` from ``(left, top)`` on, scaled so that ``pitch`` px become ``CELL_SIZE``."""
    scale = pitch / CELL_SIZE
    if scale > 1.2:
        picture = as_image(cv2.GaussianBlur(picture, (0, 0), sigmaX=0.45 * scale))
    return _warp(picture, left, top, pitch, size)


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


def greys(cells: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """``(N, S, S, 3)`` colour cells as ``(N, S, S)`` grey levels."""
    size = cells.shape[1]
    tall = np.ascontiguousarray(cells).reshape(-1, size, 3)
    return as_image(cv2.cvtColor(tall, cv2.COLOR_BGR2GRAY)).reshape(cells.shape[:3])


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


def _resize_cell(tile: Image, pitch: int) -> Image:
    padded = cv2.copyMakeBorder(tile, 2, 2, 2, 2, cv2.BORDER_REPLICATE)
    return _resample(as_image(padded), 2.0, 2.0, float(pitch), (CELL_SIZE, CELL_SIZE))


def _crop_padded(image: Image, x: int, y: int, width: int, height: int) -> Image:
    """``image[y:y+height, x:x+width]``, padded with black where it leaves the image."""
    img_h, img_w = image.shape[:2]
    if x >= 0 and y >= 0 and x + width <= img_w and y + height <= img_h:
        return image[y:y + height, x:x + width]
    crop = np.zeros((height, width, 3), dtype=np.uint8)
    left, top = max(x, 0), max(y, 0)
    right, bottom = min(x + width, img_w), min(y + height, img_h)
    if right > left and bottom > top:
        crop[top - y:bottom - y, left - x:right - x] = image[top:bottom, left:right]
    return crop
