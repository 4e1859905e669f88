"""Lattices of flat tiles: which rows and columns hold the board."""

from __future__ import annotations

import numpy as np

from sweeper.recognizer.tiles import MIN_ROW_SHARE, locate_tile_boards

PITCH = 24  # px a cell
TILE = 20  # px of a closed tile, a gap round it
ROWS, COLS = 12, 12


def flat_board(opened: np.ndarray) -> np.ndarray:
    """Grey closed tiles with gaps on a dark page; ``opened`` cells drawn as the page."""
    image = np.full((ROWS * PITCH + 40, COLS * PITCH + 40, 3), 20, np.uint8)
    for row, col in zip(*np.nonzero(~opened), strict=True):
        y, x = 20 + row * PITCH + 2, 20 + col * PITCH + 2
        image[y:y + TILE, x:x + TILE] = 120
    return image


def test_columns_opened_across_the_board_stay_inside_it():
    """An opening that spans the board leaves columns holding one closed tile or two:
    the board goes on past them, and its lattice holds every column."""
    opened = np.zeros((ROWS, COLS), np.bool_)
    opened[:, 4:7] = True
    opened[0, 5] = False  # one closed tile in the middle of the opening
    opened[ROWS - 1, 4] = opened[ROWS - 1, 6] = False
    assert (~opened[:, 4:7]).mean(axis=0).max() < MIN_ROW_SHARE
    lattices = locate_tile_boards(flat_board(opened))
    assert lattices
    geometry = lattices[0][1]
    assert (geometry.rows, geometry.cols) == (ROWS, COLS)
    assert abs(geometry.left - 20) <= 1 and abs(geometry.top - 20) <= 1
