"""The move policy: first click, every proven-safe cell, otherwise the best guess.

``decide`` is what the analyzer's move selection and the simulator play; the simulator
opens all of ``safe`` in one batch (as the coordinator does) and ``move`` otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analyzer.board import MINE, Board, Cell
from analyzer.constraints import read_problem
from analyzer.errors import AnalysisError, UnsatisfiableError
from analyzer.first_click import first_click
from analyzer.guess import choose_guess
from analyzer.lookahead import Evaluation, evaluate
from analyzer.rules import Rules


@dataclass(frozen=True)
class Decision:
    """Every certainly-safe / certainly-mine unknown cell, and the one cell to open next."""

    safe: list[Cell]
    mines: list[Cell]
    move: Cell | None
    p_mine: float
    reason: str


def decide(board: Board, total_mines: int, rules: Rules) -> Decision:
    """The next move on ``board``; raise :class:`AnalysisError` for an impossible board."""
    if np.any(board.cells == MINE):
        raise AnalysisError("the board shows a revealed mine: the game is already lost")
    if not np.any(board.cells >= 0):
        cell = first_click(board.height, board.width, rules)
        return Decision([], [], cell, 0.0, f"first click ({rules} rules)")
    evaluation = evaluate(read_problem(board, total_mines))
    if evaluation is None:
        raise UnsatisfiableError("no mine placement fits the board")
    return decide_from(evaluation)


def decide_from(evaluation: Evaluation) -> Decision:
    """The move for an already evaluated position."""
    safe = sorted(evaluation.safe)
    mines = sorted(evaluation.mines)
    if safe:
        return Decision(safe, mines, safe[0], 0.0, "proved safe")
    if not evaluation.problem.unknowns:
        return Decision([], mines, None, 0.0, "nothing left to open")
    guess = choose_guess(evaluation)
    return Decision([], mines, guess.cell, guess.p_mine, guess.reason)
