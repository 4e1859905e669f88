"""Choosing a guess when no cell is certainly safe."""

from __future__ import annotations

from dataclasses import dataclass

from analyzer.board import Cell
from analyzer.lookahead import Evaluation


@dataclass(frozen=True)
class Guess:
    """The cell to open, its exact mine probability and why it was chosen."""

    cell: Cell
    p_mine: float
    reason: str


def choose_guess(evaluation: Evaluation) -> Guess:
    """The undecided cell with the lowest exact mine probability (row-major on ties)."""
    cells = [cell for cell in evaluation.problem.unknowns if cell not in evaluation.mines]
    best = min(cells, key=lambda cell: (evaluation.p_mine(cell), cell))
    return Guess(best, evaluation.p_mine(best), "lowest mine probability")
