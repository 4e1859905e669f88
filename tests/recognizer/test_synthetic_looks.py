"""Looks with no bevel and no long lines, drawn at every cell size a game uses: each
state of a game reads exactly, and nothing else is ever read.

The looks (``synthetic_looks.LOOKS``) imitate the families people play: a flat
checkerboard of two greens over tan, a dark theme with gaps, rounded tiles, a flat grid
with 1 px lines. A fresh board teaches nothing but the closed face; the first opening
the opened face and the digits; the end the mines.
"""

from __future__ import annotations

import pytest

from sweeper.core import format_board
from sweeper.recognizer import recognize
from tests.recognizer.synthetic_looks import LOOKS, draw, states

SIZES = (10, 16, 24, 40, 64)
GAME = states(16, 30, 99, seed=3)
# what is not read yet (refused, never read wrong): digits 6 px tall in 10 px cells, a
# flag beside a gap as wide as its pole at 16 px, and mines drawn as white discs
NOT_READ_YET = {("pebble", 16, "mid"), ("pebble", 16, "lost"), ("night", 16, "lost"),
                ("night", 24, "lost"), ("night", 40, "lost"), ("night", 64, "lost")} | {
    (look, 10, state) for look in LOOKS for state in GAME}


@pytest.mark.parametrize("cell", SIZES)
@pytest.mark.parametrize("look", sorted(LOOKS))
@pytest.mark.parametrize("state", sorted(GAME))
def test_every_state_of_a_game_reads_exactly_or_is_refused(look: str, cell: int,
                                                           state: str) -> None:
    text, status = GAME[state]
    drawn = draw(text, LOOKS[look], cell, status)
    seen = recognize(drawn.image)
    if (look, cell, state) in NOT_READ_YET and seen.board is None:
        return
    assert seen.board is not None, seen.message
    assert format_board(seen.board).strip() == text
    assert seen.status == status
    assert seen.geometry is not None and (seen.geometry.rows, seen.geometry.cols) == (16, 30)
