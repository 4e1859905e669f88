"""A digit caught while its colour fades in is not read as the digit of that colour.

The crop is a neon look's (40 px tiles, 2 px gaps, 42 px pitch): 5 rows of 9 cells. The
look draws a number in the page's green, then turns it to its own colour over 0.3 s
(lime 1, yellow 2, orange 3). Its digits are thin and small on their tiles: at the
matching size a green 3 and a green 2 lie 1.0 to 1.4 from a green 1, nearer than two
cuts of one tile may lie (``SAME_PICTURE``), and so were taken for the 1's very picture.
A screenshot caught the bottom row's 3, 2 and 3 still green: read as 1s, the board
contradicted itself in play and the run stopped (and a 3 read as a 1 may send a press
onto a mine). Their ink is shaped as their own digits, not as a 1's."""

from __future__ import annotations

from pathlib import Path

from sweeper.recognizer.geometry import BoardGeometry
from sweeper.recognizer.image_io import load_image
from sweeper.recognizer.reader import BoardReader

CROP = Path(__file__).resolve().parent / "cells" / "tejj-neon-x1-fading-colours.png"
ROWS, COLS, PITCH, MARGIN = 5, 9, 42, 4
GREEN = {(3, 2): 3, (3, 3): 2, (3, 6): 3}  # still in the page's green
DRAWN = {(1, 1): 1, (2, 0): 2, (2, 1): 3, (2, 6): 2}  # in their own colours


def test_digits_in_a_fading_colour_are_not_read_as_the_digit_of_that_colour() -> None:
    geometry = BoardGeometry.regular(left=MARGIN, top=MARGIN, pitch_x=PITCH, pitch_y=PITCH,
                                     rows=ROWS, cols=COLS)
    seen = BoardReader().read(load_image(CROP), geometry)
    assert seen.codes is not None
    for (row, col), digit in DRAWN.items():
        assert seen.codes[row, col] == digit and (row, col) not in seen.unreadable
    for (row, col), digit in GREEN.items():
        # read as its own digit, or not read; never as another number
        assert (row, col) in seen.unreadable or seen.codes[row, col] == digit
