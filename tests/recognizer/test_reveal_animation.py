"""A first opening caught in its reveal animation (recognizer/far_reads.py, and the
pictures an opened cell passed through forgotten in recognizer/learning.py).

The crops are a rounded slate look's (44 px pitch): its top-left 6 x 8 cells with the
pointer over the corner, that corner a moment after the click (the page animates a
revealed cell from white through a light grey it holds a while, its 1 already drawn),
and the corner settled (a 1 on a dark face a shade off the closed tiles'). On a busy
machine the light grey held still long enough to be learned as the opened cells' face;
the settled 1, within the closed template's reach and then fitting no opened face,
read as closed, and the game "did not respond" to the bot's clicks."""

from __future__ import annotations

import time
from pathlib import Path

from sweeper.core import UNOPENED
from sweeper.recognizer import BoardGeometry, BoardReader
from sweeper.recognizer.image_io import load_image
from sweeper.recognizer.steadiness import STEADY_SPAN_S

CELLS = Path(__file__).resolve().parent / "cells"
PITCH, ROWS, COLS = 44, 6, 8


def _crop(name: str) -> Path:
    return CELLS / f"lazzerex-rounded-reveal-{name}.png"


def test_a_settled_digit_after_its_reveal_animation_was_learned_is_read() -> None:
    geometry = BoardGeometry.regular(left=0, top=0, pitch_x=PITCH, pitch_y=PITCH,
                                     rows=ROWS, cols=COLS)
    reader = BoardReader()
    corner: dict[str, list[int | None]] = {}
    for name in ("hover", "revealing", "revealed"):
        shot = load_image(_crop(name))
        for _ in range(3):  # each held still long enough to be learned (a busy machine)
            recognition = reader.read(shot, geometry, learn_when_stable=True)
            board = recognition.board
            corner.setdefault(name, []).append(None if board is None else int(board.cells[0, 0]))
            time.sleep(STEADY_SPAN_S + 0.01)
    assert corner["hover"][-1] == UNOPENED
    assert UNOPENED not in corner["revealing"] + corner["revealed"]  # opened, never closed
    assert recognition.board is not None, recognition.message
    assert recognition.board.cells[0, 0] == 1
    assert int((recognition.board.cells == UNOPENED).sum()) == ROWS * COLS - 1
