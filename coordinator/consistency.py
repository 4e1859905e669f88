"""Checks that a newly read board could follow the previous one in the same game.

Within one game, an opened cell never changes and never closes again; a flag only
appears or disappears where the bot clicked with the right button. A board that breaks
these rules was misread (or the game was changed under the bot's feet) and must never
be acted on.
"""

from __future__ import annotations

from collections.abc import Collection

import numpy as np
import numpy.typing as npt

from sweeper.core import FLAG, MINE, UNOPENED, Board, Cell


def impossible_changes(
    previous: Board,
    current: Board,
    flag_toggled: Collection[Cell] = (),
    *,
    ended: bool = False,
    hidden: Collection[Cell] = (),
) -> list[Cell]:
    """Cells whose change from ``previous`` to ``current`` cannot happen in one game.

    An opened cell never changes. In a game still in play a flag moves only where the bot
    right-clicked (``flag_toggled``, the cells it right-clicked since ``previous``); a
    revealed mine (``*``) is always allowed. When the game has ``ended``, the game itself
    may flag the remaining mines (won) or reveal them (lost), so only opened cells are
    checked. ``hidden`` cells (covered by a message over the board) are not checked.
    """
    if previous.cells.shape != current.cells.shape:
        return [(row, col) for row in range(current.height) for col in range(current.width)]
    before, after = previous.cells, current.cells
    changed = before != after
    faulty = changed & (before >= 0)
    if not ended:
        flag_moved = changed & ((before == FLAG) | (after == FLAG)) & (after != MINE)
        faulty |= flag_moved & ~cells_mask(changed.shape, flag_toggled)
    rows, cols = np.nonzero(faulty & ~cells_mask(changed.shape, hidden))
    return [(int(r), int(c)) for r, c in zip(rows, cols, strict=True)]


def cells_mask(shape: tuple[int, ...], cells: Collection[Cell]) -> npt.NDArray[np.bool_]:
    """A boolean grid of ``shape``, true at ``cells``."""
    mask = np.zeros(shape, dtype=bool)
    for row, col in cells:
        mask[row, col] = True
    return mask


def newly_opened(previous: Board, current: Board) -> int:
    """How many cells were unopened in ``previous`` and are opened in ``current``."""
    return int(np.count_nonzero((previous.cells == UNOPENED) & (current.cells >= 0)))


def too_few_closed(board: Board, fewest_mines: int | None) -> str | None:
    """Why ``board`` cannot be a game of at least ``fewest_mines`` mines, or None.

    Every mine stays closed, flagged or shown as a mine, so a board with fewer such cells
    than its mines is no board of the game: a window blank where the tiles are still to
    be drawn reads as opened 0s.
    """
    if fewest_mines is None:
        return None
    closed = board.unrevealed
    if closed >= fewest_mines:
        return None
    return (f"the board shows {closed} closed cells and mines, fewer than the "
            f"{fewest_mines} mines the game holds at least (tiles not drawn yet, or not "
            "the board)")
