"""Which rows and columns of a fitted lattice are cells of the board.

The lattice's lines come one beyond the fitted run on each side (an outermost line
blurred into the frame's bevel may have been missed). Every cell is checked for edges on
its sides, and the lattice is cut back to the rectangle of rows and columns that are
mostly cells, so frame bevels next to the board are never an extra row or column.
"""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from sweeper.recognizer.geometry import BoardGeometry, lines_from
from sweeper.recognizer.lattice_1d import MIN_CELLS, FloatArray, Lattice1D

SIDE_SUPPORT = 0.5  # fraction of a cell side that must be edge pixels
MIN_SIDES = 3  # sides of a cell that must show edges (a window over it may hide one)
SIDE_REACH = 2  # px beyond the lattice's outermost lines searched for their edges
# fraction of a row's (column's) cells that must look like cells for it to be kept; low,
# so that a window over part of the board does not cut the board short
LINE_SUPPORT = 0.3
# An edge between pixels x-1 and x peaks at x-0.5, a 1 px grid line at x peaks at x; a
# cell starts at x in both cases, so lattice lines are moved by this much before rounding.
EDGE_BIAS = 0.25
NEAR_EDGE = 3  # px an edge is widened to across its side: a side a pixel off still counts

Mask = npt.NDArray[np.uint8]


def lattice_lines(lattice: Lattice1D, size: int) -> FloatArray:
    """The lattice's lines, one more at each end, those inside ``1..size-2``."""
    lines = lattice.start + np.arange(-1, lattice.count + 2) * lattice.pitch
    return np.asarray(lines[(lines >= 1) & (lines <= size - 2)], dtype=np.float64)


def trim_to_cells(
    xs: FloatArray, ys: FloatArray, vertical: Mask, horizontal: Mask
) -> tuple[float, BoardGeometry] | None:
    """Keep the rows and columns whose cells show edges on their sides.

    The lines come one beyond the fitted lattice on each side (an outermost line blurred
    into the frame's bevel may have been missed); the lattice is cut back to the
    supported cells.
    """
    if xs.size < MIN_CELLS + 1 or ys.size < MIN_CELLS + 1:
        return None
    cells = _cell_support(xs, ys, vertical, horizontal)
    block = supported_block(cells, LINE_SUPPORT, MIN_CELLS)
    if block is None:
        return None
    (top_row, bottom_row), (left_col, right_col) = block
    kept = cells[top_row:bottom_row + 1, left_col:right_col + 1]
    geometry = BoardGeometry(
        xs=lines_from(xs[left_col:right_col + 2] + EDGE_BIAS),
        ys=lines_from(ys[top_row:bottom_row + 2] + EDGE_BIAS),
    )
    return float(kept.sum()), geometry


def supported_block(cells: npt.NDArray[np.bool_] | npt.NDArray[np.uint8], share: float,
                    min_cells: int) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The first and last row and column of the longest runs of rows and of columns of
    ``cells`` with at least ``share`` of them set; None unless both runs are
    ``min_cells`` long at least."""
    rows = longest_true_run(cells.mean(axis=1) >= share)
    cols = longest_true_run(cells.mean(axis=0) >= share)
    if rows is None or cols is None:
        return None
    if rows[1] - rows[0] + 1 < min_cells or cols[1] - cols[0] + 1 < min_cells:
        return None
    return rows, cols


def longest_true_run(flags: npt.NDArray[np.bool_]) -> tuple[int, int] | None:
    """First and last index of the longest run of True values, or None if there is none."""
    padded = np.concatenate([[False], flags, [False]]).astype(np.int8)
    starts = np.nonzero(np.diff(padded) == 1)[0]
    ends = np.nonzero(np.diff(padded) == -1)[0] - 1
    if starts.size == 0:
        return None
    best = int(np.argmax(ends - starts))
    return int(starts[best]), int(ends[best])


def _cell_support(xs: FloatArray, ys: FloatArray, vertical: Mask, horizontal: Mask) -> Mask:
    """Per lattice cell, 1 when at least 3 of its 4 sides are mostly edge pixels."""
    x0, y0 = max(int(xs[0]) - SIDE_REACH, 0), max(int(ys[0]) - SIDE_REACH, 0)
    end_y, end_x = int(ys[-1]) + SIDE_REACH + 1, int(xs[-1]) + SIDE_REACH + 1
    vertical = vertical[y0:end_y, x0:end_x]
    horizontal = horizontal[y0:end_y, x0:end_x]
    xs, ys = xs - x0, ys - y0
    height, width = vertical.shape
    near = cv2.getStructuringElement(cv2.MORPH_RECT, (NEAR_EDGE, 1))
    column_sums = np.cumsum(cv2.dilate(vertical, near), axis=0, dtype=np.int32)
    row_sums = np.cumsum(cv2.dilate(horizontal, near.T), axis=1, dtype=np.int32)
    xi = np.clip(np.round(xs).astype(np.int64), 0, width - 1)
    yi = np.clip(np.round(ys).astype(np.int64), 0, height - 1)
    # vertical sides: fraction of rows between yi[j] and yi[j+1] with an edge at xi[k]
    span_y = np.maximum(np.diff(yi), 1)
    side_v = (column_sums[yi[1:] - 1][:, xi] - column_sums[yi[:-1]][:, xi]) / span_y[:, None]
    span_x = np.maximum(np.diff(xi), 1)
    side_h = (row_sums[:, xi[1:] - 1][yi] - row_sums[:, xi[:-1]][yi]) / span_x[None, :]
    left = side_v[:, :-1] >= SIDE_SUPPORT
    right = side_v[:, 1:] >= SIDE_SUPPORT
    top = side_h[:-1, :] >= SIDE_SUPPORT
    bottom = side_h[1:, :] >= SIDE_SUPPORT
    sides = left.astype(np.uint8) + right + top + bottom
    return (sides >= MIN_SIDES).astype(np.uint8)

