"""A loss drawn as mines that never hold still is read as lost (recognizer/status.py).

The crops are a neon look's (40 px tiles, 2 px gaps, 42 px pitch): 4 rows of 7 cells,
once in play (two 0s and four 1s open) and twice after a loss, a few frames apart. At a
loss the look turns every mine into a skull on a red square that spins for ever, so no
two screenshots show the same picture there: in play a picture is learned only once it
held still, and the skulls never were. They stayed unreadable, the status unknown, and
the run stopped after two minutes of a board that never read. A cell that never held
still is named all the same, not learned: a mine on a red face tells the loss."""

from __future__ import annotations

import time
from pathlib import Path

from sweeper.core import parse_board
from sweeper.recognizer.geometry import BoardGeometry
from sweeper.recognizer.image_io import load_image
from sweeper.recognizer.reader import BoardReader
from sweeper.recognizer.steadiness import STEADY_SPAN_S

CELLS = Path(__file__).resolve().parent / "cells"
ROWS, COLS, PITCH, MARGIN = 4, 7, 42, 4
IN_PLAY = ["001....", "111....", ".......", "......."]
SKULLS = [(0, 3), (0, 5), (2, 0), (2, 5), (3, 0), (3, 2)]


def _geometry() -> BoardGeometry:
    return BoardGeometry.regular(left=MARGIN, top=MARGIN, pitch_x=PITCH, pitch_y=PITCH,
                                 rows=ROWS, cols=COLS)


def _reader_in_play() -> BoardReader:
    """A reader that learned the look in play, as the bot's does (pictures held still)."""
    reader, geometry = BoardReader(), _geometry()
    playing = load_image(CELLS / "tejj-neon-x1-playing.png")
    for _ in range(3):
        seen = reader.read(playing, geometry, learn_when_stable=True)
        time.sleep(STEADY_SPAN_S + 0.05)
    assert seen.board == parse_board("\n".join(IN_PLAY)) and seen.status == "playing"
    return reader


def test_spinning_mines_on_red_tell_the_loss() -> None:
    reader, geometry = _reader_in_play(), _geometry()
    for frame in ("a", "b"):
        seen = reader.read(load_image(CELLS / f"tejj-neon-x1-lost-spin-{frame}.png"),
                           geometry, learn_when_stable=True)
        assert seen.status == "lost", frame
        # the skulls are never learned, nor read: the board is not made up
        assert set(SKULLS) <= set(seen.unreadable), frame
        assert seen.board is None


def test_a_cell_that_holds_still_is_not_read_by_this() -> None:
    """Read outside play (every cell may teach), the same screenshot reads as lost by
    the mines the skin learns: the restless cells' naming changes nothing there."""
    seen = BoardReader().read(load_image(CELLS / "tejj-neon-x1-lost-spin-a.png"), _geometry())
    assert seen.status == "lost"
