"""The game's facts: its board size, mine count and first-click rules, in one value.

The player makes a :class:`GameFacts` when the board is found and replaces it when the
board is found again (a refit) or when the board turns out to fit another mine count;
everything else (the reader, the look until stable, the decider, the recording) is handed
the current value and never keeps a count of its own.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from sweeper.core import Rules, mine_count


@dataclass(frozen=True)
class GameFacts:
    """What the game is: ``rows`` x ``cols`` cells, its mines and its rules.

    ``stated_mines`` is the count given from outside (``--mines``) or the one the board
    was found to fit instead; None means the standard count of the board's size.
    """

    rows: int
    cols: int
    rules: Rules
    stated_mines: int | None = None

    @property
    def mines(self) -> int | None:
        """The game's mine count: the stated one, else the standard one of its size
        (None for a size that is not standard)."""
        return mine_count(self.rows, self.cols, self.stated_mines)

    def with_mines(self, mines: int | None) -> GameFacts:
        """These facts with ``mines`` stated instead."""
        return replace(self, stated_mines=mines)

    def describe(self) -> str:
        """``30x16, 99 mines, safe`` (columns by rows)."""
        mines = "unknown mines" if self.mines is None else f"{self.mines} mines"
        return f"{self.cols}x{self.rows}, {mines}, {self.rules}"
