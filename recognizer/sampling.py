"""Cut the cells out of a screenshot at the board's lattice, each resampled to one size.

Every cell becomes ``CELL_SIZE`` x ``CELL_SIZE`` colour pixels whatever its width and
height, so cells of any board can be compared with one another and with tiles learned
earlier. Each output pixel averages a 2x2 block of bilinear samples spread over the
cell, so thin grid lines are averaged, not lost, even when a 48 px cell shrinks to 16.
The sampling maps depend only on the lattice and are kept, so re-reading a board of
known geometry costs one remap of the board.
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np
import numpy.typing as npt

from sweeper.recognizer.geometry import BoardGeometry
from sweeper.recognizer.image_io import Image, as_image
from sweeper.recognizer.looks import TileLook, look_at

CELL_SIZE = 16  # px a cell is resampled to before comparison
SUPERSAMPLE = 2  # bilinear samples per output pixel along each axis
BOXES_PER_ROW = 32  # boxes per row of the mosaic ``cut_boxes`` samples
Cells = npt.NDArray[np.uint8]  # (N, CELL_SIZE, CELL_SIZE, 3)
Maps = tuple[npt.NDArray[np.int16], npt.NDArray[np.uint16]]


def cut_cells(image: Image, geometry: BoardGeometry) -> Cells:
    """Every cell of the board, row by row: ``(rows * cols, S, S, 3)``."""
    sampled = cv2.remap(image, *_board_maps(geometry), cv2.INTER_LINEAR,
                        borderMode=cv2.BORDER_REPLICATE)
    return _cells_of_mosaic(as_image(sampled), geometry.rows, geometry.cols)


def cut_cells_at(image: Image, geometry: BoardGeometry, indices: npt.NDArray[np.intp]) -> Cells:
    """The cells of ``indices`` (row-major) only, each exactly as :func:`cut_cells` cuts
    it: the same samples of the same maps, in one row of a mosaic."""
    count = SUPERSAMPLE * CELL_SIZE
    rows, cols = np.divmod(indices, geometry.cols)
    fixed, fractions = _board_maps(geometry)
    shape = (geometry.rows, count, geometry.cols, count)
    # (cells, y, x) blocks of the board's maps, side by side
    picked_fixed = fixed.reshape(*shape, 2)[rows, :, cols].transpose(1, 0, 2, 3)
    picked_fractions = fractions.reshape(shape)[rows, :, cols].transpose(1, 0, 2)
    sampled = cv2.remap(image, np.ascontiguousarray(picked_fixed).reshape(count, -1, 2),
                        np.ascontiguousarray(picked_fractions).reshape(count, -1),
                        cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return _cells_of_mosaic(as_image(sampled), 1, len(indices))


def cut_tile(picture: Image) -> Cells:
    """A whole picture of one tile resampled like a cell: ``(1, S, S, 3)``."""
    height, width = picture.shape[:2]
    return cut_cells(picture, BoardGeometry.regular(
        left=0, top=0, pitch_x=width, pitch_y=height, rows=1, cols=1))


def cut_boxes(image: Image, boxes: npt.NDArray[np.float64]) -> Cells:
    """Any ``(M, 4)`` boxes ``(x0, y0, x1, y1)`` resampled as cells are: ``(M, S, S, 3)``
    (laid out ``BOXES_PER_ROW`` to a row of one mosaic, which OpenCV limits in height)."""
    count = SUPERSAMPLE * CELL_SIZE
    total = len(boxes)
    rows = -(-total // BOXES_PER_ROW)
    padded = np.zeros((rows * BOXES_PER_ROW, 4), dtype=np.float64)
    padded[:total] = boxes
    padded[total:] = boxes[0]
    fractions = (np.arange(count) + 0.5) / count
    xs = padded[:, 0:1] + fractions[None, :] * (padded[:, 2:3] - padded[:, 0:1]) - 0.5
    ys = padded[:, 1:2] + fractions[None, :] * (padded[:, 3:4] - padded[:, 1:2]) - 0.5
    shape = (rows, BOXES_PER_ROW, count, count)
    map_x = np.broadcast_to(xs.reshape(rows, BOXES_PER_ROW, 1, count), shape)
    map_y = np.broadcast_to(ys.reshape(rows, BOXES_PER_ROW, count, 1), shape)
    # (rows, per_row, y, x) -> a mosaic of rows * count by per_row * count samples
    mosaic_x = np.ascontiguousarray(map_x.transpose(0, 2, 1, 3), dtype=np.float32)
    mosaic_y = np.ascontiguousarray(map_y.transpose(0, 2, 1, 3), dtype=np.float32)
    sampled = cv2.remap(image, mosaic_x.reshape(rows * count, -1),
                        mosaic_y.reshape(rows * count, -1), cv2.INTER_LINEAR,
                        borderMode=cv2.BORDER_REPLICATE)
    return _cells_of_mosaic(as_image(sampled), rows, BOXES_PER_ROW)[:total]


def native_box(image: Image, box: tuple[int, int, int, int]) -> Image:
    """The whole image pixels of ``(x0, y0, x1, y1)`` (clipped to the image)."""
    x0, y0, x1, y1 = box
    height, width = image.shape[:2]
    x0, y0 = min(max(x0, 0), width - 1), min(max(y0, 0), height - 1)
    x1, y1 = min(max(x1, x0 + 1), width), min(max(y1, y0 + 1), height)
    return image[y0:y1, x0:x1]


def native_cell(image: Image, geometry: BoardGeometry, row: int, col: int) -> Image:
    """Cell ``(row, col)`` at the screenshot's own resolution (clipped to the image)."""
    return native_box(image, geometry.cell_box(row, col))


def cell_look(image: Image, geometry: BoardGeometry, cell: int) -> TileLook:
    """The look of cell number ``cell`` (row by row) at the screenshot's own resolution."""
    return look_at(native_cell(image, geometry, *divmod(cell, geometry.cols)))


def _cells_of_mosaic(sampled: Image, rows: int, cols: int) -> Cells:
    """Average the supersampled mosaic down and split it into cells."""
    size = CELL_SIZE
    mosaic = as_image(cv2.resize(sampled, (cols * size, rows * size),
                                 interpolation=cv2.INTER_AREA))
    by_cell = mosaic.reshape(rows, size, cols, size, 3).transpose(0, 2, 1, 3, 4)
    return np.ascontiguousarray(by_cell).reshape(rows * cols, size, size, 3)


@lru_cache(maxsize=16)
def _board_maps(geometry: BoardGeometry) -> Maps:
    """Fixed-point remap maps that sample every cell ``SUPERSAMPLE * S`` times per axis."""
    columns = _axis_samples(geometry.xs)
    rows = _axis_samples(geometry.ys)
    map_x = np.broadcast_to(columns[None, :], (rows.size, columns.size)).astype(np.float32)
    map_y = np.broadcast_to(rows[:, None], (rows.size, columns.size)).astype(np.float32)
    fixed, fractions = cv2.convertMaps(map_x, map_y, cv2.CV_16SC2)
    return np.asarray(fixed, np.int16), np.asarray(fractions, np.uint16)


def _axis_samples(lines: tuple[float, ...]) -> npt.NDArray[np.float64]:
    """Sample positions along one axis: ``SUPERSAMPLE * S`` evenly spread over each cell."""
    count = SUPERSAMPLE * CELL_SIZE
    edges = np.asarray(lines, dtype=np.float64)
    fractions = (np.arange(count) + 0.5) / count
    spans = np.diff(edges)
    samples = edges[:-1, None] + fractions[None, :] * spans[:, None] - 0.5
    return np.asarray(samples.ravel(), dtype=np.float64)
