"""The pointer's rest point: off the board, inside the watched region, where nothing moves."""

from __future__ import annotations

import numpy as np

from sweeper.coordinator.rest import EDGE_SHARE, STILL_RADIUS, rest_point
from sweeper.recognizer import BoardGeometry

PITCH = 16
# a 10x8 board of 16 px cells with a cell's margin round it and two rows' strip above
GEOMETRY = BoardGeometry.regular(left=16, top=40, pitch_x=PITCH, pitch_y=PITCH, rows=8,
                                 cols=10, origin=(500, 300))
HEIGHT, WIDTH = 40 + 8 * PITCH + PITCH, 16 + 10 * PITCH + PITCH
GAP = round(PITCH * EDGE_SHARE)


def _shots() -> tuple[np.ndarray, np.ndarray]:
    first = np.full((HEIGHT, WIDTH, 3), 192, np.uint8)
    return first, first.copy()


def test_the_rest_point_is_just_below_the_middle_of_the_board() -> None:
    first, second = _shots()
    x, y = rest_point(first, second, GEOMETRY) or (0, 0)
    rect = GEOMETRY.rect
    left, top, width, height = rect.left, rect.top, rect.width, rect.height
    assert (x, y) == (500 + left + width // 2, 300 + top + height + GAP)


def test_a_part_that_changes_between_the_shots_is_avoided() -> None:
    first, second = _shots()
    below = slice(40 + 8 * PITCH, HEIGHT)
    second[below, :, :] = 0  # something moves all along the strip below the board
    # and right of it, but for a strip along the board's edge
    second[:, 16 + 10 * PITCH + GAP + STILL_RADIUS + 1:, :] = 0
    x, y = rest_point(first, second, GEOMETRY) or (0, 0)
    image_x, image_y = x - 500, y - 300
    assert image_x == 16 + 10 * PITCH + GAP  # right of the board, nearest its edge
    assert not GEOMETRY.cell_at(x, y)
    changed = np.any(first != second, axis=2)
    near = changed[image_y - STILL_RADIUS:image_y + STILL_RADIUS + 1,
                   image_x - STILL_RADIUS:image_x + STILL_RADIUS + 1]
    assert not near.any()


def test_no_rest_point_where_the_region_ends_at_the_board() -> None:
    tight = BoardGeometry.regular(left=0, top=0, pitch_x=PITCH, pitch_y=PITCH, rows=8,
                                  cols=10)
    first = np.zeros((8 * PITCH, 10 * PITCH, 3), np.uint8)
    assert rest_point(first, first.copy(), tight) is None


def test_no_rest_point_when_everything_off_the_board_changes() -> None:
    first, second = _shots()
    second[:] = 255
    assert rest_point(first, second, GEOMETRY) is None
    assert rest_point(first, second[:-1], GEOMETRY) is None  # not two shots of one region
