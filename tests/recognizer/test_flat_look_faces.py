"""A Google-style look (teumal-google: flat green checkerboard over tan, 30x33 px cells)
keeps its families of faces whatever it shows first.

- The first click's number is shown lit: the page whitens the cell under the pointer and
  the pointer rests on the cell it pressed. Its opened face was then known only lit, the
  same number unlit lay further from it than a face of the family may, and was never
  named: the run stopped with the board "unreadable" on the next turn.
"""

from __future__ import annotations

from pathlib import Path

from sweeper.core import parse_board
from sweeper.recognizer import BoardGeometry, BoardReader
from sweeper.recognizer.image_io import load_image

CELLS = Path(__file__).resolve().parent / "cells"
ROWS, COLS, PITCH_X, PITCH_Y = 4, 8, 30, 33  # the top left of the game's 24x20 board
GEOMETRY = BoardGeometry.regular(left=0, top=0, pitch_x=PITCH_X, pitch_y=PITCH_Y, rows=ROWS,
                                 cols=COLS)
FIRST_2_BOARD = """\
2.......
........
........
........
"""


def test_a_number_first_seen_lit_is_read_unlit() -> None:
    reader = BoardReader()
    lit = reader.read(load_image(CELLS / "teumal-google-first-2-lit.png"), GEOMETRY)
    assert lit.unreadable == [] and lit.board == parse_board(FIRST_2_BOARD)
    unlit = reader.read(load_image(CELLS / "teumal-google-first-2-unlit.png"), GEOMETRY)
    assert unlit.unreadable == []
    assert unlit.board == parse_board(FIRST_2_BOARD)
