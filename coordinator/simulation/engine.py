"""An in-process Minesweeper game: the simulator's opponent and the analyzer's test bed.

Mines are placed on the first ``open`` so that it obeys the rules:

- ``safe``: the first opened cell is never a mine;
- ``opening``: the first opened cell and its up to eight neighbours are mine-free, so it
  shows a 0. When the board is too dense for that (more mines than cells outside that
  3x3 block), every cell outside the block gets a mine and the remaining mines go to
  randomly chosen neighbours; the first cell itself is always free.

Placement uses ``random.Random(seed)`` only, so a seed gives the same game on every
machine. Opening a 0 opens its neighbours in turn (iterative flood fill; flagged cells
are never opened by it). When the game is lost, every unflagged mine shows as ``*``;
when it is won, every mine shows as a flag, as desktop games do.
"""

from __future__ import annotations

import random

import numpy as np
import numpy.typing as npt

from sweeper.analyzer import too_many_cells
from sweeper.core import (
    FLAG,
    MINE,
    UNOPENED,
    Board,
    Cell,
    GameStatus,
    Rules,
    SweeperError,
    check_rules,
    flat_neighbour_table,
    neighbour_sums,
)


class GameError(SweeperError, ValueError):
    """An impossible game set-up or move; the message says what and where."""


def _neighbour_counts(layout: npt.NDArray[np.bool_]) -> list[int]:
    """Flat list: how many mines touch each cell."""
    return [int(n) for n in neighbour_sums(layout).ravel()]


class Game:
    """One game of Minesweeper on a ``height`` x ``width`` board with ``mines`` mines."""

    def __init__(
        self, width: int, height: int, mines: int, rules: Rules = "safe",
        seed: int | None = None,
    ) -> None:
        if width < 1 or height < 1:
            raise GameError(f"the board must be at least 1x1, not {width}x{height}")
        refusal = too_many_cells(width, height)
        if refusal is not None:
            raise GameError(refusal)
        if not 0 <= mines <= width * height - 1:
            raise GameError(
                f"{mines} mines do not fit a {width}x{height} board: "
                f"expected 0 to {width * height - 1} (the first cell opened is always free)"
            )
        self.width = width
        self.height = height
        self.mines = mines
        self.rules = check_rules(rules)
        self.seed = seed
        self.status: GameStatus = "playing"
        self._neighbours = flat_neighbour_table(height, width)
        self._visible = [UNOPENED] * (width * height)
        self._shown: Board | None = None  # ``board`` as last built, until a cell changes
        self._layout: npt.NDArray[np.bool_] | None = None
        self._counts: list[int] = []
        self._safe_left = width * height - mines

    @classmethod
    def with_layout(cls, layout: npt.ArrayLike) -> Game:
        """A game whose mines are already placed (``True`` = mine); the rules play no part."""
        mines = np.asarray(layout, dtype=bool)
        if mines.ndim != 2 or mines.size == 0:
            raise GameError("a mine layout must be a non-empty 2-D array")
        height, width = mines.shape
        game = cls(width, height, int(mines.sum()))
        game._place(mines)
        return game

    @property
    def board(self) -> Board:
        """What the player sees, as a :class:`Board` (immutable: built again only once a
        cell has changed, as every screenshot, click and check asks for it)."""
        if self._shown is None:
            cells = np.array(self._visible, dtype=np.int8).reshape(self.height, self.width)
            self._shown = Board(cells)
        return self._shown

    def shows(self, row: int, col: int) -> int:
        """What the player sees at one cell (the code :attr:`board` has there)."""
        return self._visible[self._index(row, col)]

    @property
    def mines_placed(self) -> bool:
        return self._layout is not None

    @property
    def mine_layout(self) -> npt.NDArray[np.bool_]:
        """The true mines (``True`` = mine), a read-only copy; placed on the first open."""
        if self._layout is None:
            raise GameError("no mines yet: they are placed on the first open")
        layout = self._layout.copy()
        layout.setflags(write=False)
        return layout

    def open(self, row: int, col: int) -> list[Cell]:
        """Open a cell (and, for a 0, its neighbours in turn); return the cells opened.

        Opening a flagged or an already opened cell does nothing.
        """
        index = self._index(row, col)
        self._check_playing()
        if self._visible[index] != UNOPENED:
            return []
        if self._layout is None:
            self._place(self._random_layout(index))
        assert self._layout is not None
        if self._layout.flat[index]:
            self._lose(index)
            return []
        return self._cells(self._flood(index))

    def toggle_flag(self, row: int, col: int) -> None:
        """Put a flag on an unopened cell or take it off; opened cells are left alone."""
        index = self._index(row, col)
        self._check_playing()
        if self._visible[index] == UNOPENED:
            self._visible[index] = FLAG
        elif self._visible[index] == FLAG:
            self._visible[index] = UNOPENED
        self._shown = None

    def chord(self, row: int, col: int) -> list[Cell]:
        """On an opened number with that many flags around it, open its other neighbours.

        Otherwise nothing happens. A wrong flag can make a chord open a mine and lose.
        """
        index = self._index(row, col)
        self._check_playing()
        number = self._visible[index]
        neighbours = self._neighbours[index]
        if number <= 0 or sum(self._visible[n] == FLAG for n in neighbours) != number:
            return []
        opened: list[Cell] = []
        for neighbour in neighbours:
            if self.status == "playing" and self._visible[neighbour] == UNOPENED:
                opened += self.open(*divmod(neighbour, self.width))
        return opened

    def _index(self, row: int, col: int) -> int:
        if not (0 <= row < self.height and 0 <= col < self.width):
            raise GameError(
                f"cell (row {row}, column {col}) is off the {self.width}x{self.height} board"
            )
        return row * self.width + col

    def _check_playing(self) -> None:
        if self.status != "playing":
            raise GameError(f"the game is over ({self.status})")

    def _random_layout(self, first: int) -> npt.NDArray[np.bool_]:
        """A seeded mine layout that keeps ``first`` (and, for ``opening``, its block) free."""
        rng = random.Random(self.seed)
        keep_free = {first}
        if self.rules == "opening":
            keep_free.update(self._neighbours[first])
        outside = [i for i in range(self.width * self.height) if i not in keep_free]
        if self.mines <= len(outside):
            chosen = rng.sample(outside, self.mines)
        else:
            near = sorted(keep_free - {first})
            chosen = outside + rng.sample(near, self.mines - len(outside))
        layout = np.zeros(self.width * self.height, dtype=bool)
        layout[chosen] = True
        return layout.reshape(self.height, self.width)

    def _place(self, layout: npt.NDArray[np.bool_]) -> None:
        self._layout = layout
        self._counts = _neighbour_counts(layout)

    def _flood(self, start: int) -> list[int]:
        """Open ``start`` and spread through zeros; return the flat indices opened."""
        visible, counts, neighbours = self._visible, self._counts, self._neighbours
        opened: list[int] = []
        stack = [start]
        while stack:
            index = stack.pop()
            if visible[index] != UNOPENED:
                continue
            visible[index] = counts[index]
            opened.append(index)
            if counts[index] == 0:
                stack.extend(n for n in neighbours[index] if visible[n] == UNOPENED)
        self._safe_left -= len(opened)
        self._shown = None
        if self._safe_left == 0:
            self._win()
        return opened

    def _lose(self, exploded: int) -> None:
        assert self._layout is not None
        self.status = "lost"
        self._shown = None
        for index in np.flatnonzero(self._layout):
            if self._visible[index] != FLAG:
                self._visible[index] = MINE
        self._visible[exploded] = MINE

    def _win(self) -> None:
        assert self._layout is not None
        self.status = "won"
        self._shown = None
        for index in np.flatnonzero(self._layout):
            self._visible[index] = FLAG

    def _cells(self, indices: list[int]) -> list[Cell]:
        return [divmod(index, self.width) for index in indices]
