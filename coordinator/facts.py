"""The game's facts: its board size, mine count and first-click rules, in one value.

The player makes a :class:`GameFacts` when the board is found (with the mine count the
game shows, for a board of no standard size) and again for each game; the game being
played replaces it when its board turns out to fit another mine count, and hands it back
with its end. Everything else (the reader, the look until stable, the decider, the
recording) is handed the current value and never keeps a count of its own.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from sweeper.core import Rules, mine_count


@dataclass(frozen=True)
class GameFacts:
    """What the game is: ``rows`` x ``cols`` cells, its mines and its rules.

    ``stated_mines`` is the count given from outside (``--mines``) or the one the board
    was found to fit instead; None means the standard count of the board's size, or for
    a size that is not standard ``shown_mines``, the count the game shows on the screen.
    """

    rows: int
    cols: int
    rules: Rules
    stated_mines: int | None = None
    shown_mines: int | None = None

    @property
    def mines(self) -> int | None:
        """The game's mine count: the stated one, else the standard one of its size, else
        the one the game shows (None if none of them is known)."""
        count = mine_count(self.rows, self.cols, self.stated_mines)
        return self.shown_mines if count is None else count

    @property
    def mines_from(self) -> str:
        """Where the mine count comes from: ``stated`` (``--mines``, or the count the board
        was found to fit), ``standard`` (of the board's size), ``screen`` (the game shows
        it) or ``unknown``."""
        if self.stated_mines is not None:
            return "stated"
        if mine_count(self.rows, self.cols) is not None:
            return "standard"
        return "unknown" if self.shown_mines is None else "screen"

    def with_mines(self, mines: int | None) -> GameFacts:
        """These facts with ``mines`` stated instead."""
        return replace(self, stated_mines=mines)

    def describe(self) -> str:
        """``30x16, 99 mines, safe`` (columns by rows)."""
        mines = "unknown mines" if self.mines is None else f"{self.mines} mines"
        return f"{self.cols}x{self.rows}, {mines}, {self.rules}"
