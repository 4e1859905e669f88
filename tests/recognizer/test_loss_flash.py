"""A loss that tints the whole board for a moment (recognizer/learning.py: the pictures a
changed opened cell taught are forgotten only in a reading of most of the board).

The crops are a neon look's (42 px pitch): 8 x 8 cells round its one opened cell, a 2, in
play; the same cells as the loss's red flash begins, its mines shown; and a moment later,
the flash held. Forgetting the 2's picture while every cell was tinted let the tinted
closed cells be named 0s: a board of opened cells that were closed."""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np

from sweeper.recognizer import BoardGeometry, BoardReader
from sweeper.recognizer.image_io import load_image
from sweeper.recognizer.steadiness import STEADY_SPAN_S

CELLS = Path(__file__).resolve().parent / "cells"
PITCH, SIDE = 42, 8
TWO = (4, 4)  # the opened cell


def test_a_flash_over_the_whole_board_names_no_closed_cell_opened() -> None:
    geometry = BoardGeometry.regular(left=0, top=0, pitch_x=PITCH, pitch_y=PITCH,
                                     rows=SIDE, cols=SIDE)
    reader = BoardReader()
    closed_before = np.ones((SIDE, SIDE), dtype=np.bool_)
    closed_before[TWO] = False
    opened_after: list[int] = []
    for name in ("before", "flash", "flash-later"):
        shot = load_image(CELLS / f"tejj-neon-loss-{name}.png")
        for _ in range(3):  # each held still long enough to be learned
            recognition = reader.read(shot, geometry, learn_when_stable=True)
            time.sleep(STEADY_SPAN_S + 0.01)
            if name == "before":
                continue
            assert recognition.codes is not None
            readable = np.ones((SIDE, SIDE), dtype=np.bool_)
            for cell in recognition.unreadable:
                readable[cell] = False
            opened = (recognition.codes >= 0) & (recognition.codes <= 8)
            opened_after.append(int((opened & readable & closed_before).sum()))
        if name == "before":
            assert recognition.board is not None, recognition.message
            assert recognition.board.cells[TWO] == 2
    assert opened_after == [0] * len(opened_after)
