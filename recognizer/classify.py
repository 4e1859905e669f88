"""Read every cell of a located board at once: template scores checked by colour.

All cells are cut out and resized to ``CELL_SIZE`` px in one resize of the board, so a
skin's tiles (resized likewise) are compared with every cell in one matrix product of
zero-mean, unit-length vectors (normalised cross-correlation: immune to brightness and
contrast changes). A tile is only allowed to match a cell drawn in the same ink
(:mod:`recognizer.ink`): a digit must show its classic colour, an unopened cell or an
opened 0 must show none; and a raised tile only matches a cell with a bevel
(:mod:`recognizer.bevel`), a flat one only a cell without. That makes digits in other
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

from recognizer import bevel, ink
from recognizer.geometry import BoardGeometry
from recognizer.image_io import Image, as_image
from recognizer.skins import TILE_CODES, TILE_TYPES, Skin

CELL_SIZE = 20  # px a cell is resized to before comparison
MIN_SCORE = 0.45  # lowest correlation accepted as a match
MIN_MARGIN = 0.08  # least lead over the best tile of another type

FloatArray = npt.NDArray[np.float32]
Cells = npt.NDArray[np.uint8]  # (rows, cols, CELL_SIZE, CELL_SIZE, 3)
DIGIT_INK = {str(n): n for n in range(1, 9)} | {"0": ink.NONE}


@dataclass(frozen=True)
class PreparedSkin:
    """A skin's tiles as unit vectors at ``CELL_SIZE``, with the inks each may show."""

    skin: Skin
    vectors: FloatArray  # (tiles, features)
    kinds: npt.NDArray[np.int64]  # (tiles,) index into TILE_TYPES
    inks: ink.InkProfile  # what each tile is drawn with (digits: their classic colour)
    check_share: npt.NDArray[np.bool_]  # (tiles,): also compare how much ink (not digits)
    raised: npt.NDArray[np.bool_]  # (tiles,): the tile is a raised (bevelled) one


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


@lru_cache(maxsize=16)
def prepare_skin(skin: Skin) -> PreparedSkin:
    """Resize and normalise a skin's tiles, and work out which inks each tile allows."""
    pixels = np.stack([_resize_cell(tile.pixels, skin.pitch) for tile in skin.tiles])
    kinds = np.array([TILE_TYPES.index(tile.kind) for tile in skin.tiles], dtype=np.int64)
    inks = ink.ink_profile(pixels)
    is_digit = np.array([tile.kind in DIGIT_INK for tile in skin.tiles])
    for index, tile in enumerate(skin.tiles):
        if tile.kind in DIGIT_INK:  # digits follow the classic colours, in any font
            inks.main[index] = DIGIT_INK[tile.kind]
            inks.present[index] = False
            inks.present[index, DIGIT_INK[tile.kind]] = DIGIT_INK[tile.kind] != ink.NONE
    raised = bevel.bevel_contrast(pixels) >= (bevel.RAISED_FROM + bevel.FLAT_UP_TO) / 2
    return PreparedSkin(skin, unit_vectors(pixels), kinds, inks, ~is_digit, raised)


def cut_cells(image: Image, geometry: BoardGeometry) -> Cells:
    """Every cell of the board resized to ``CELL_SIZE``: ``(rows, cols, S, S, 3)``."""
    x, y, width, height = geometry.rect
    board = _crop_padded(image, x, y, width, height)
    size = (geometry.cols * CELL_SIZE, geometry.rows * CELL_SIZE)
    interpolation = cv2.INTER_AREA if geometry.pitch > CELL_SIZE else cv2.INTER_LINEAR
    resized = as_image(cv2.resize(board, size, interpolation=interpolation))
    cells = resized.reshape(geometry.rows, CELL_SIZE, geometry.cols, CELL_SIZE, 3)
    return np.ascontiguousarray(cells.transpose(0, 2, 1, 3, 4))


def classify_cells(cells: Cells, prepared: PreparedSkin) -> CellReadings:
    """Read every cell: the best tile allowed by the cell's ink, if clearly the best."""
    rows, cols = cells.shape[:2]
    flat = cells.reshape(rows * cols, CELL_SIZE, CELL_SIZE, 3)
    type_scores = score_types(flat, prepared)
    order = np.argsort(-type_scores, axis=1)
    best_type, runner_up = order[:, 0], order[:, 1]
    index = np.arange(rows * cols)
    best = type_scores[index, best_type]
    margin = best - type_scores[index, runner_up]
    readable = (best >= MIN_SCORE) & (margin >= MIN_MARGIN)
    codes = np.array([TILE_CODES[kind] for kind in TILE_TYPES], dtype=np.int8)[best_type]
    return CellReadings(
        codes=codes.reshape(rows, cols),
        confidence=np.clip(best, 0, 1).reshape(rows, cols).astype(np.float32),
        margin=np.clip(margin, 0, 1).reshape(rows, cols).astype(np.float32),
        readable=readable.reshape(rows, cols),
    )


def score_types(flat: Cells, prepared: PreparedSkin) -> FloatArray:
    """Per cell and tile type, the best correlation among that type's ink-compatible tiles.

    ``flat`` is ``(N, S, S, 3)``; the result ``(N, len(TILE_TYPES))``, -1 where no tile of
    the type may match the cell.
    """
    scores = unit_vectors(flat) @ prepared.vectors.T
    same_inks = ink.compatible(ink.ink_profile(flat), prepared.inks, prepared.check_share)
    contrast = bevel.bevel_contrast(flat)
    same_relief = np.where(
        prepared.raised[None, :], bevel.may_be_raised(contrast)[:, None],
        bevel.may_be_flat(contrast)[:, None],
    )
    scores = np.where(same_inks & same_relief, scores, -1.0)
    per_type = np.full((flat.shape[0], len(TILE_TYPES)), -1.0, dtype=np.float32)
    for kind in np.unique(prepared.kinds):
        per_type[:, kind] = scores[:, prepared.kinds == kind].max(axis=1)
    return per_type


def unit_vectors(cells: Cells) -> FloatArray:
    """Pictures ``(N, ...)`` as zero-mean, unit-length float vectors (flat ones: all zeros)."""
    vectors = cells.reshape(cells.shape[0], -1).astype(np.float32)
    vectors -= vectors.mean(axis=1, keepdims=True)
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    unit: FloatArray = np.divide(vectors, norms, out=np.zeros_like(vectors), where=norms > 1.0)
    return unit


def _resize_cell(tile: Image, pitch: int) -> Image:
    interpolation = cv2.INTER_AREA if pitch > CELL_SIZE else cv2.INTER_LINEAR
    return as_image(cv2.resize(tile, (CELL_SIZE, CELL_SIZE), interpolation=interpolation))


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
