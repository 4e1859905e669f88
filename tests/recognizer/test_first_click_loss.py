"""A loss on the first click: mines shown on a board with nothing opened
(recognizer/families.py ``framed_as_closed``, recognizer/learning.py ``_placed``).

The crops are a dark look's (41 px pitch) whose opened cells share the closed tiles' face
and differ by a white border alone: its fresh board's top-left 8 x 12 cells, and the
same cells once the first click hit a mine and the page showed every mine, a 💣 inside
that border. No classic meaning names the 💣 (it is shaped most like a 4) and no number
is open to count it; each touches a closed cell and has a flag's red, so it passed for a
flag placed on a closed tile, and the next game's bordered opened cells then read as
flags: "the board contradicts the previous one". Framed as no closed tile is, it is no
flag."""

from __future__ import annotations

import time
from pathlib import Path

from sweeper.core import FLAG
from sweeper.recognizer.api import locate_and_read
from sweeper.recognizer.image_io import load_image
from sweeper.recognizer.steadiness import STEADY_SPAN_S

CELLS = Path(__file__).resolve().parent / "cells"
FRESH = CELLS / "aryanpanda-dark-first-loss-fresh.png"
LOST = CELLS / "aryanpanda-dark-first-loss.png"
MINES = 18  # 💣s among the crop's cells


def test_mines_shown_at_a_first_click_loss_are_never_learned_as_flags() -> None:
    fresh = load_image(FRESH)
    found, reader = locate_and_read(fresh)
    assert found.geometry is not None and reader is not None
    geometry = found.geometry
    assert (geometry.rows, geometry.cols) == (8, 12)
    reader.read(fresh, geometry, learn_when_stable=True)
    lost = load_image(LOST)
    for _ in range(3):  # the loss holds still: its new pictures are learned if named
        time.sleep(STEADY_SPAN_S + 0.01)
        recognition = reader.read(lost, geometry, learn_when_stable=True)
    assert "flag" not in [template.kind for template in reader.skin.templates]
    assert recognition.board is None or not recognition.board.cells_where(FLAG)
    assert len(recognition.unreadable) == MINES  # the 💣s, refused, not guessed
