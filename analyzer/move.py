"""Step 7: the one cell to open next.

- No cell opened yet: a first click that suits the rules and the board's size
  (:mod:`analyzer.first_click`).
- Otherwise a certainly safe cell if there is one (the first in row-major order).
- Otherwise the lowest-risk guess: the lowest mine probability; ties go to the cell with
  the fewest unopened neighbours (likelier to be a 0, corners first), then row-major.
- Nothing to open (no unopened cell, or only certain mines): no move.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from sweeper.analyzer.first_click import first_click, first_click_description
from sweeper.analyzer.odds import FloatGrid
from sweeper.core import MINE, UNOPENED, Board, Cell, Rules, cell_table, neighbour_sums

# Probabilities closer than this count as a tie (float noise of exact fractions).
TIE_TOLERANCE = 1e-12


@dataclass(frozen=True)
class Move:
    """Open ``(row, col)``; ``p_mine`` is its mine probability, ``reason`` says why."""

    row: int
    col: int
    p_mine: float
    reason: str
    action: str = "open"

    @property
    def cell(self) -> Cell:
        return (self.row, self.col)

    def to_json(self) -> dict[str, object]:
        return {
            "row": self.row, "col": self.col, "action": self.action,
            "p_mine": self.p_mine, "reason": self.reason,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Move:
        """The move from its ``to_json`` form (as the HTTP API sends it)."""
        return cls(int(data["row"]), int(data["col"]), float(data["p_mine"]),
                   str(data["reason"]), str(data.get("action", "open")))


def choose_move(
    board: Board,
    rules: Rules,
    probabilities: FloatGrid,
    safe: Collection[Cell],
    mines: Collection[Cell],
) -> Move | None:
    """The next cell to open (see the module), or None when there is nothing to open."""
    table = cell_table(board.height, board.width)
    unknown = [table[index] for index in np.flatnonzero(board.cells == UNOPENED).tolist()
               if table[index] not in mines]
    if not unknown:
        return None
    if not np.any((board.cells >= 0) | (board.cells == MINE)):
        return _first_click(board, rules)
    if safe:
        row, col = min(safe)
        return Move(row, col, 0.0, "certainly safe")
    grid: list[list[float]] = probabilities.tolist()  # read cell by cell: as Python floats
    lowest = min(grid[row][col] for row, col in unknown)
    tied = [(row, col) for row, col in unknown if grid[row][col] <= lowest + TIE_TOLERANCE]
    hidden = neighbour_sums(board.cells == UNOPENED) if len(tied) > 1 else None
    best = min(tied, key=lambda cell: (0 if hidden is None else int(hidden[cell]), cell))
    p_mine = float(probabilities[best])
    return Move(*best, p_mine, f"lowest mine probability ({p_mine:.4f}): no cell is certainly safe")


def _first_click(board: Board, rules: Rules) -> Move | None:
    cell = first_click(board, rules)
    if cell is None:
        return None
    where = first_click_description(board, rules)
    return Move(*cell, 0.0, f"first click under the '{rules}' rules ({where}): never a mine")
