"""Find Minesweeper boards anywhere in a screenshot, with no coordinates given.

A classic board is a lattice of cells whose boundaries are long straight edges: raised
tiles meet with a dark-to-white bevel step, opened tiles with a grid line or a gap. The
search (all on whole images with OpenCV, so it stays fast on a full screen):

1. mark pixels on a strong horizontal / vertical brightness step;
2. keep only steps that form long straight lines (morphological opening), which drops
   text, digits and icons; group the lines into blobs (connected components);
3. per blob and per axis, find the evenly spaced lines that best explain where the line
   pixels lie (:mod:`recognizer.lattice_1d`); the two axes have pitches of their own;
4. check every lattice cell for edges on its sides and keep the rectangle of rows and
   columns that are mostly cells (:mod:`recognizer.cell_support`);
5. put the lines on whole pixels, on the tiles' boundaries
   (:mod:`recognizer.whole_pixels`).

Reading the cells (:mod:`recognizer.board_search`) then decides which lattice is a board.
"""

from __future__ import annotations

import cv2
import numpy as np

from sweeper.core import Rect
from sweeper.recognizer.cell_support import Mask, lattice_lines, trim_to_cells
from sweeper.recognizer.geometry import BoardGeometry
from sweeper.recognizer.image_io import Image, as_image
from sweeper.recognizer.lattice_1d import MIN_CELLS, MIN_PITCH, axis_lattices, same_pitch
from sweeper.recognizer.whole_pixels import aligned

MAX_ASPECT = 1.8  # the longer side of a cell is at most this many times the shorter
EDGE_STEP = 28  # grey-level change over 2 px that counts as an edge
MIN_LINE = 30  # shortest straight run (px) kept as a lattice line
BRIDGE = 5  # px of a line's run closed over first (a gap of a pixel or two: a dotted grid)
BLOB_SCALE = 4  # blobs are grouped on a map this many times smaller
BLOB_JOIN = 7  # px lines are widened by before grouping, so none is lost on the smaller map
SAME_BOARD = 0.5  # share of the smaller of two lattices' areas that, overlapped, makes one board


def locate_boards(image: Image) -> list[BoardGeometry]:
    """Every board-like lattice in ``image``, the most convincing first.

    Where the lines allow two readings of one board (a pitch and three times it, say),
    both are returned: reading the cells tells which is right.
    """
    gray = as_image(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY))
    vertical, horizontal = _edge_maps(gray)
    long_vertical = _long_lines(vertical, (1, MIN_LINE))
    long_horizontal = _long_lines(horizontal, (MIN_LINE, 1))
    found: list[tuple[float, BoardGeometry]] = []
    for blob in _blobs(long_vertical | long_horizontal):
        x, y = blob.left, blob.top
        window = (slice(y, blob.bottom), slice(x, blob.right))
        candidates = _lattices_in(
            long_vertical[window], long_horizontal[window], vertical[window], horizontal[window]
        )
        found += [(score, aligned(geometry.shifted(x, y), gray))
                  for score, geometry in candidates]
    found.sort(key=lambda item: -item[0])
    kept: list[BoardGeometry] = []
    for _, geometry in found:
        if not any(_same_board(geometry, other) for other in kept):
            kept.append(geometry)
    return kept


def _lattices_in(
    long_vertical: Mask, long_horizontal: Mask, vertical: Mask, horizontal: Mask
) -> list[tuple[float, BoardGeometry]]:
    """The lattices inside one blob, with their scores.

    Each axis keeps its best few progressions; every pair whose cells are not too
    elongated is trimmed to the cells that show edges on their sides.
    """
    column_profile = long_vertical.sum(axis=0, dtype=np.int64)
    row_profile = long_horizontal.sum(axis=1, dtype=np.int64)
    found = []
    for columns in axis_lattices(column_profile):
        for rows in axis_lattices(row_profile):
            ratio = columns.pitch / rows.pitch
            if not 1 / MAX_ASPECT <= ratio <= MAX_ASPECT:
                continue
            xs = lattice_lines(columns, vertical.shape[1])
            ys = lattice_lines(rows, vertical.shape[0])
            trimmed = trim_to_cells(xs, ys, vertical, horizontal)
            if trimmed is not None:
                found.append(trimmed)
    return found


def _same_board(a: BoardGeometry, b: BoardGeometry) -> bool:
    """Two lattices over mostly the same place with about the same pitches."""
    return (_overlap(a, b) > SAME_BOARD and same_pitch(a.pitch_x, b.pitch_x)
            and same_pitch(a.pitch_y, b.pitch_y))


def _overlap(a: BoardGeometry, b: BoardGeometry) -> float:
    """Intersection over the smaller area of two boards' rectangles."""
    a_rect, b_rect = a.rect, b.rect
    common = a_rect.intersection(b_rect)
    if common is None:
        return 0.0
    return (common.width * common.height) / min(
        a_rect.width * a_rect.height, b_rect.width * b_rect.height)


def _edge_maps(gray: Image) -> tuple[Mask, Mask]:
    """Masks of pixels on a vertical (left/right) and a horizontal (up/down) step."""
    height, width = gray.shape
    vertical = np.zeros((height, width), np.uint8)
    horizontal = np.zeros((height, width), np.uint8)
    step_x = cv2.absdiff(gray[:, 2:], gray[:, :-2])
    step_y = cv2.absdiff(gray[2:, :], gray[:-2, :])
    vertical[:, 1:-1] = cv2.threshold(step_x, EDGE_STEP, 1, cv2.THRESH_BINARY)[1]
    horizontal[1:-1, :] = cv2.threshold(step_y, EDGE_STEP, 1, cv2.THRESH_BINARY)[1]
    return vertical, horizontal


def _long_lines(edges: Mask, length: tuple[int, int]) -> Mask:
    """Edge pixels on straight runs at least ``length`` long (gaps of 2 px bridged)."""
    along_x = length[0] > 1
    bridge = cv2.getStructuringElement(cv2.MORPH_RECT, (BRIDGE, 1) if along_x else (1, BRIDGE))
    closed = cv2.morphologyEx(edges, cv2.MORPH_CLOSE, bridge)
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, length)
    return as_image(cv2.morphologyEx(closed, cv2.MORPH_OPEN, kernel))


def _blobs(lines: Mask) -> list[Rect]:
    """Bounding boxes of groups of touching lines big enough to hold a board.

    Components are found on a 4x smaller map (lines are widened first so none is lost).
    """
    joined = cv2.dilate(lines, cv2.getStructuringElement(cv2.MORPH_RECT, (BLOB_JOIN, BLOB_JOIN)))
    small = np.ascontiguousarray(joined[::BLOB_SCALE, ::BLOB_SCALE])
    count, _, stats, _ = cv2.connectedComponentsWithStats(small, connectivity=8)
    smallest = int(MIN_PITCH * MIN_CELLS)
    height, width = lines.shape
    boxes = []
    for label in range(1, count):
        x, y, w, h = (int(v) * BLOB_SCALE for v in stats[label, :4])
        x, y = max(x - BLOB_SCALE, 0), max(y - BLOB_SCALE, 0)
        w, h = min(w + 2 * BLOB_SCALE, width - x), min(h + 2 * BLOB_SCALE, height - y)
        if w >= smallest and h >= smallest:
            boxes.append(Rect(left=x, top=y, width=w, height=h))
    return boxes

