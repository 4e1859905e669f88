"""Checks that a newly read board could follow the previous one in the same game.

Within one game, an opened cell never changes and never closes again; a flag only
appears or disappears where the bot clicked with the right button. A board that breaks
these rules was misread (or the game was changed under the bot's feet) and must never
be acted on.
"""

from __future__ import annotations

from collections.abc import Collection

import numpy as np

from analyzer import FLAG, MINE, UNOPENED, Board, Cell


def impossible_changes(
    previous: Board, current: Board, flag_toggled: Collection[Cell] = ()
) -> list[Cell]:
    """Cells whose change from ``previous`` to ``current`` cannot happen in one game.

    Meant for boards of a game still in play: when a game ends, the game itself may flag
    the remaining mines (won) or reveal them (lost). ``flag_toggled`` holds the cells the
    bot right-clicked since ``previous``; a revealed mine (``*``) is always allowed.
    """
    if previous.cells.shape != current.cells.shape:
        return [(row, col) for row in range(current.height) for col in range(current.width)]
    before, after = previous.cells, current.cells
    changed = before != after
    opened_before = before >= 0
    closed_again = changed & opened_before
    flags_moved = changed & ((before == FLAG) | (after == FLAG)) & (after != MINE)
    allowed = np.zeros_like(changed)
    for row, col in flag_toggled:
        allowed[row, col] = True
    flags_moved &= ~allowed
    faulty = closed_again | flags_moved
    rows, cols = np.nonzero(faulty)
    return [(int(r), int(c)) for r, c in zip(rows, cols, strict=True)]


def newly_opened(previous: Board, current: Board) -> int:
    """How many cells were unopened in ``previous`` and are opened in ``current``."""
    return int(np.count_nonzero((previous.cells == UNOPENED) & (current.cells >= 0)))
