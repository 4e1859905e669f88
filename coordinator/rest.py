"""Where the pointer rests between batches: inside the game's window, off the board.

A page may draw a tooltip, a hover highlight or its own cursor near the pointer. Left on
a cell after a click, the pointer's overlay covers cells the next look must read. The
rest point is chosen in the watched region (the board and the game's frame round it),
off the board, where two screenshots show no change; below the board first, since
tooltips are drawn below and beside the pointer, then right of it, left, and above. Only
moves go there, never clicks.
"""

from __future__ import annotations

from collections.abc import Iterator

import cv2
import numpy as np
import numpy.typing as npt

from sweeper.recognizer import BoardGeometry

STILL_RADIUS = 3  # px round the rest point that must not change between two screenshots
EDGE_SHARE = 0.25  # of a cell's pitch the rest point keeps off the board's edge ...
MIN_EDGE_PX = 2  # ... and at least this many px


def rest_point(first: npt.NDArray[np.uint8], second: npt.NDArray[np.uint8],
               geometry: BoardGeometry) -> tuple[int, int] | None:
    """A screen point off the board in two screenshots ``first`` and ``second`` of the
    watched region (``geometry`` places the board in them), round which nothing changed
    between them; None if there is none (the region ends at the board)."""
    if first.shape != second.shape:
        return None
    still = np.all(first == second, axis=2).astype(np.uint8)
    size = 2 * STILL_RADIUS + 1
    still = cv2.erode(still, np.ones((size, size), np.uint8), borderValue=0)
    for x, y in _candidates(geometry, still.shape[1], still.shape[0]):
        if still[y, x]:
            return geometry.origin[0] + x, geometry.origin[1] + y
    return None


def _candidates(geometry: BoardGeometry, width: int, height: int) -> Iterator[tuple[int, int]]:
    """Points round the board in the region's image, in order of preference: each side
    (below, right, left, above), nearest the board's edge first, then nearest the side's
    middle."""
    rect = geometry.rect
    left, top, board_width, board_height = rect.left, rect.top, rect.width, rect.height
    right, bottom = left + board_width, top + board_height
    gap = max(MIN_EDGE_PX, round(geometry.pitch * EDGE_SHARE))
    middle_x, middle_y = left + board_width // 2, top + board_height // 2
    across_x = sorted(range(left, right), key=lambda x: abs(x - middle_x))
    across_y = sorted(range(top, bottom), key=lambda y: abs(y - middle_y))
    for side in ("below", "right", "left", "above"):
        for distance in range(gap, max(width, height)):
            if side == "below" and bottom + distance < height:
                yield from ((x, bottom + distance) for x in across_x)
            elif side == "right" and right + distance < width:
                yield from ((right + distance, y) for y in across_y)
            elif side == "left" and left - distance >= 0:
                yield from ((left - distance, y) for y in across_y)
            elif side == "above" and top - distance >= 0:
                yield from ((x, top - distance) for x in across_x)
            else:
                break
