"""Cut the cells out of a screenshot at the board's exact lattice, resampled to a common size.

Every cell becomes ``CELL_SIZE`` x ``CELL_SIZE`` pixels whatever its pitch: one affine
warp of the board honours the lattice's fractional position and pitch exactly, after a
blur when shrinking so that thin lines are averaged, not lost. Skins' tiles are
resampled the same way, so cells and tiles can be compared pixel for pixel.
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np
import numpy.typing as npt

from recognizer.geometry import BoardGeometry
from recognizer.image_io import Image, as_image
from recognizer.ink import middle_span

CELL_SIZE = 20  # px a cell is resampled to before comparison
Cells = npt.NDArray[np.uint8]  # (rows, cols, CELL_SIZE, CELL_SIZE, 3)


def cut_cells(image: Image, geometry: BoardGeometry) -> Cells:
    """Every cell of the board resampled to ``CELL_SIZE``: ``(rows, cols, S, S, 3)``.

    The lattice's fractional position and pitch are honoured exactly (one affine warp of
    the board, smoothed first when shrinking so that thin lines are averaged, not lost).
    """
    board, left, top = _smoothed_board(image, geometry)
    resampled = _warp(board, left, top, geometry.pitch,
                      (geometry.cols * CELL_SIZE, geometry.rows * CELL_SIZE))
    cells = resampled.reshape(geometry.rows, CELL_SIZE, geometry.cols, CELL_SIZE, 3)
    return np.ascontiguousarray(cells.transpose(0, 2, 1, 3, 4))


def cut_some_cells(
    image: Image, geometry: BoardGeometry, rows: npt.NDArray[np.int64],
    cols: npt.NDArray[np.int64],
) -> npt.NDArray[np.uint8]:
    """Only the given cells (``rows[i]``, ``cols[i]``) resampled likewise: ``(n, S, S, 3)``."""
    board, board_left, board_top = _smoothed_board(image, geometry)
    scale = geometry.pitch / CELL_SIZE
    steps = (np.arange(CELL_SIZE, dtype=np.float32) + 0.5) * scale - 0.5
    left = (board_left + cols * geometry.pitch).astype(np.float32)
    top = (board_top + rows * geometry.pitch).astype(np.float32)
    count = rows.size
    shape = (count, CELL_SIZE, CELL_SIZE)
    map_x = np.broadcast_to(left[:, None, None] + steps[None, None, :], shape)
    map_y = np.broadcast_to(top[:, None, None] + steps[None, :, None], shape)
    sampled = cv2.remap(board, np.ascontiguousarray(map_x.reshape(-1, CELL_SIZE)),
                        np.ascontiguousarray(map_y.reshape(-1, CELL_SIZE)), cv2.INTER_LINEAR,
                        borderMode=cv2.BORDER_REPLICATE)
    return as_image(sampled).reshape(count, CELL_SIZE, CELL_SIZE, 3)


@lru_cache(maxsize=8)
def _middle_maps(
    rows: int, cols: int, left: float, top: float, pitch: float
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """Where, in the cropped board, each pixel of each cell's middle is: remap's maps."""
    span = middle_span(CELL_SIZE)
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
    return _warp(_smoothed(picture, pitch), left, top, pitch, size)


def _smoothed(picture: Image, pitch: float) -> Image:
    """``picture`` blurred when ``pitch`` px will shrink to ``CELL_SIZE``, so that thin
    lines are averaged, not lost; as it is otherwise."""
    scale = pitch / CELL_SIZE
    if scale > 1.2:
        return as_image(cv2.GaussianBlur(picture, (0, 0), sigmaX=0.45 * scale))
    return picture


def _smoothed_board(image: Image, geometry: BoardGeometry) -> tuple[Image, float, float]:
    """The board cut out with a 2 px margin and smoothed for resampling, and where its
    lattice starts in that cut-out (left, top)."""
    x0, y0 = int(np.floor(geometry.left)) - 2, int(np.floor(geometry.top)) - 2
    board = _crop_padded(image, x0, y0, int(np.ceil(geometry.width)) + 5,
                         int(np.ceil(geometry.height)) + 5)
    return _smoothed(board, geometry.pitch), geometry.left - x0, geometry.top - y0


def greys(cells: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """``(N, S, S, 3)`` colour cells as ``(N, S, S)`` grey levels."""
    size = cells.shape[1]
    tall = np.ascontiguousarray(cells).reshape(-1, size, 3)
    return as_image(cv2.cvtColor(tall, cv2.COLOR_BGR2GRAY)).reshape(cells.shape[:3])


def resize_tile(tile: Image, pitch: int) -> Image:
    """A skin's ``pitch`` x ``pitch`` tile resampled to ``CELL_SIZE`` like the cells."""
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


def grey_cells_and_middles(
    image: Image, geometry: BoardGeometry
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """Every cell in grey, ``(N, S, S)``, and the middle of every cell in colour,
    ``(N, P, 3)``: all a reading needs, for less work than every cell in colour."""
    board, left, top = _smoothed_board(image, geometry)
    grey_board = as_image(cv2.cvtColor(board, cv2.COLOR_BGR2GRAY))
    size = (geometry.cols * CELL_SIZE, geometry.rows * CELL_SIZE)
    grey = _warp(grey_board, left, top, geometry.pitch, size)
    by_cell = grey.reshape(geometry.rows, CELL_SIZE, geometry.cols, CELL_SIZE)
    grey_cells = np.ascontiguousarray(by_cell.transpose(0, 2, 1, 3)).reshape(
        -1, CELL_SIZE, CELL_SIZE)
    map_x, map_y = _middle_maps(geometry.rows, geometry.cols, left, top, geometry.pitch)
    middles = cv2.remap(board, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return grey_cells, as_image(middles).reshape(grey_cells.shape[0], -1, 3)
