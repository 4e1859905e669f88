"""A focus ring round the cell last clicked (recognizer/learning.py).

The crop is a rounded slate look's (44 px pitch, 4 px gaps, the opened cells a shade
darker than the closed ones): 12 x 12 cells round the game's first opening. A key pressed
after the click (Enter, answering a dialog) makes the page draw the focus ring, a black
outline with a white rim, round the clicked cell, an opened 0 on the opening's lower
edge. Its middle is any 0's; named from its outline, it passed for a closed tile, the 0s
beside it then broke the rules, and not one 0 of the opening was learned."""

from __future__ import annotations

from pathlib import Path

from sweeper.recognizer import BoardGeometry, BoardReader
from sweeper.recognizer.image_io import Image, load_image

CROP = Path(__file__).resolve().parent / "cells" / "lazzerex-rounded-focus-ring.png"
PITCH, SIDE = 44, 12
OPENING = """\
............
..111.......
..101.......
..201.......
..2013......
..1002......
..1001......
..10012211..
..10000001..
..10000122..
..222322....
............"""  # the ring round the 0 at row 9, column 3


def _closed(shot: Image) -> Image:
    """``shot`` with every cell painted over by its top-left (closed) cell: the fresh board."""
    covered = shot.copy()
    for row in range(SIDE):
        for col in range(SIDE):
            covered[row * PITCH:(row + 1) * PITCH, col * PITCH:(col + 1) * PITCH] = (
                shot[:PITCH, :PITCH])
    return covered


def test_an_opening_read_with_a_focus_ring_round_one_of_its_0s() -> None:
    shot = load_image(CROP)
    geometry = BoardGeometry.regular(left=0, top=0, pitch_x=PITCH, pitch_y=PITCH,
                                     rows=SIDE, cols=SIDE)
    reader = BoardReader()
    assert reader.read(_closed(shot), geometry).board is not None
    seen = reader.read(shot, geometry)
    assert seen.unreadable == []
    assert str(seen.board).strip() == OPENING
