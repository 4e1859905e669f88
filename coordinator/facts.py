"""The game's facts: its board size, mine count and first-click rules, in one value.

The player makes a :class:`GameFacts` when the board is found (with the mine count the
game shows, if it shows one) and again for each game; the game being
played replaces it when its board turns out to fit another mine count, and hands it back
with its end. Everything else (the reader, the look until stable, the decider, the
recording) is handed the current value and never keeps a count of its own.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from sweeper.core import Rules, mine_count

MINE_COUNT_SLACK = 2  # how far from the count it states or shows a game may lay its mines
ASSUMED_COUNT_SLACK = 24  # how far a game of a standard size that shows no count may lay
# its mines from the standard count (a density of 0.21 on 480 cells gives 101 +- 9)


@dataclass(frozen=True)
class GameFacts:
    """What the game is: ``rows`` x ``cols`` cells, its mines and its rules.

    ``stated_mines`` is the count given from outside (``--mines``) or the one the board
    was found to fit instead; None means ``shown_mines``, the count the game shows on the
    screen, or where it shows none the standard count of the board's size (only assumed:
    a game may lay its mines by a density).
    """

    rows: int
    cols: int
    rules: Rules
    stated_mines: int | None = None
    shown_mines: int | None = None

    @property
    def mines(self) -> int | None:
        """The game's mine count: the stated one, else the one the game shows, else the
        standard one of its size (None if none of them is known)."""
        if self.stated_mines is None and self.shown_mines is not None:
            return self.shown_mines
        return mine_count(self.rows, self.cols, self.stated_mines)

    @property
    def count_slack(self) -> int:
        """How far the game's mines may lie from :attr:`mines`: a few for a count stated or
        shown (a game that lays a mine amiss), many for one assumed (a game that lays its
        mines by a density)."""
        return ASSUMED_COUNT_SLACK if self.mines_from == "standard" else MINE_COUNT_SLACK

    @property
    def fewest_mines(self) -> int | None:
        """The fewest mines the game may hold (None if its count is unknown)."""
        return None if self.mines is None else max(0, self.mines - self.count_slack)

    @property
    def known_mines(self) -> int | None:
        """The mine count where the game states or shows it; None where it is only
        assumed (the standard count of a size whose game shows none) or unknown: a win
        told by the count alone needs a count known."""
        return None if self.mines_from == "standard" else self.mines

    @property
    def mines_from(self) -> str:
        """Where the mine count comes from: ``stated`` (``--mines``, or the count the board
        was found to fit), ``screen`` (the game shows it), ``standard`` (of the board's
        size, assumed) or ``unknown``."""
        if self.stated_mines is not None:
            return "stated"
        if self.shown_mines is not None:
            return "screen"
        return "unknown" if mine_count(self.rows, self.cols) is None else "standard"

    def with_mines(self, mines: int | None) -> GameFacts:
        """These facts with ``mines`` stated instead."""
        return replace(self, stated_mines=mines)

    def describe(self) -> str:
        """``30x16, 99 mines, safe`` (columns by rows)."""
        mines = "unknown mines" if self.mines is None else f"{self.mines} mines"
        return f"{self.cols}x{self.rows}, {mines}, {self.rules}"
