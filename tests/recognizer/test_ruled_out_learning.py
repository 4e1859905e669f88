"""A new picture the skin reads with confidence as a tile the board's rules rule out is
learned as what it shows (recognizer/learning.py): a Google-style canvas game lights the
cell under the pointer, the bot's pointer rests on the cell it pressed last, and the
game's first 3, shown lit there, lies within reach of the lit opened 0 the first click
left. Read as a 0 next to closed cells it was ruled out, never learned, and the run
stopped on it."""

from __future__ import annotations

from pathlib import Path

from sweeper.core import parse_board
from sweeper.recognizer import BoardGeometry, BoardReader
from sweeper.recognizer.image_io import load_image

CELLS = Path(__file__).resolve().parent / "cells"
ROWS, COLS, PITCH = 8, 10, 34  # the top left of the game's 24x20 board, 34 px cells
GEOMETRY = BoardGeometry.regular(left=0, top=0, pitch_x=PITCH, pitch_y=PITCH, rows=ROWS,
                                 cols=COLS)
# the board the second shot shows (checked cell by cell against the picture)
LIT_3_BOARD = """\
.2.10001..
12110012..
0000001.2.
00000122..
001111.1..
112.222...
..3.......
..........
"""


def test_a_digit_first_shown_lit_is_learned_though_the_lit_0_claims_it() -> None:
    reader = BoardReader()
    first = reader.read(load_image(CELLS / "leyiang-garden-first-opening.png"), GEOMETRY)
    assert first.board is not None and not first.unreadable
    assert "3" not in first.learned
    lit = reader.read(load_image(CELLS / "leyiang-garden-lit-3.png"), GEOMETRY)
    assert lit.unreadable == []
    assert "3" in lit.learned
    assert lit.board == parse_board(LIT_3_BOARD)
