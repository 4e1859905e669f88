"""The analyzer's in-process API: certain cells, exact probabilities and the next move.

>>> from sweeper.core import parse_board
>>> result = analyze(parse_board("01.\\n02.\\n01.\\n"), total_mines=2)
>>> result.safe, result.mines
([(1, 2)], [(0, 2), (2, 2)])

The steps, one module each: :mod:`~analyzer.constraints` (board to constraints),
:mod:`~analyzer.trivial` (trivial rules), :mod:`~analyzer.frontier` (boxes and
components), :mod:`~analyzer.enumeration` (exact counts per component),
:mod:`~analyzer.probability` (combining them with the total count),
:mod:`~analyzer.deduce` (certain cells, confirmed by Z3) and :mod:`~analyzer.move`.
:func:`analyzer.odds.board_odds` gives the probabilities alone, with the component
tables, for callers that weigh moves themselves.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from math import isnan
from typing import Any

from sweeper.analyzer.deduce import certain_cells
from sweeper.analyzer.errors import AnalysisError
from sweeper.analyzer.guess import DEFAULT_GUESS_OPTIONS, GuessOptions
from sweeper.analyzer.limits import too_many_cells
from sweeper.analyzer.move import Move, choose_move
from sweeper.analyzer.odds import FloatGrid, board_odds
from sweeper.analyzer.policy import policy_move
from sweeper.core import Board, Cell, Rules, check_rules


@dataclass(frozen=True)
class Analysis:
    """The analyzer's answer for one board (``to_json`` gives the ``POST /analyze`` body).

    ``safe``: every unopened cell that is certainly not a mine; ``mines``: every
    unopened, unflagged cell that is certainly a mine (both row-major);
    ``probabilities``: per cell, NaN when opened, 1.0 for flags and revealed mines;
    ``exact``: False only when a component was too entangled to count exactly (its
    probabilities are then estimates; ``safe`` and ``mines`` are exact regardless).
    """

    width: int
    height: int
    safe: list[Cell]
    mines: list[Cell]
    probabilities: FloatGrid
    move: Move | None
    elapsed_ms: float
    exact: bool
    z3_checks: int

    def to_json(self) -> dict[str, Any]:
        """The ``POST /analyze`` response body."""
        return {
            "width": self.width,
            "height": self.height,
            "safe": [list(cell) for cell in self.safe],
            "mines": [list(cell) for cell in self.mines],
            "probabilities": _json_grid(self.probabilities),
            "move": None if self.move is None else self.move.to_json(),
            "elapsed_ms": round(self.elapsed_ms, 3),
        }


def _json_grid(probabilities: FloatGrid) -> list[list[float | None]]:
    """The grid as rows of Python floats, None where it is NaN."""
    rows: list[list[float]] = probabilities.tolist()
    return [[None if isnan(value) else value for value in row] for row in rows]


def analyze(
    board: Board,
    total_mines: int,
    rules: Rules | str = "safe",
    time_limit_s: float | None = None,
    guess_options: GuessOptions = DEFAULT_GUESS_OPTIONS,
) -> Analysis:
    """Analyze ``board`` holding ``total_mines`` mines in all (flags included).

    Raise :class:`~analyzer.errors.AnalysisError` (its subclass ``UnsatisfiableError``
    naming the cells at fault) for input no mine placement fits or a board over
    :data:`~analyzer.limits.MAX_CELLS` cells, and
    :class:`~analyzer.errors.AnalysisTimeoutError` past ``time_limit_s`` seconds.
    ``guess_options`` tune the guessing policy (:class:`~analyzer.guess.GuessOptions`).
    """
    started = time.perf_counter()
    refusal = too_many_cells(board.width, board.height)
    if refusal is not None:
        raise AnalysisError(refusal)
    checked_rules = check_rules(rules)
    deadline = None if time_limit_s is None else started + time_limit_s
    odds = board_odds(board, total_mines, deadline)
    deduced = certain_cells(odds.frontier, odds.odds, odds.unenumerated, deadline)
    safe = sorted(odds.trivial.safe | deduced.safe)
    mines = sorted(odds.trivial.mines | deduced.mines)
    probabilities = odds.probabilities.copy()
    for cell in safe:
        probabilities[cell] = 0.0
    for cell in mines:
        probabilities[cell] = 1.0
    move = choose_move(board, checked_rules, probabilities, safe, set(mines))
    if move is not None and not safe and odds.evaluation is not None:
        move = policy_move(board, odds.evaluation, move, deadline, guess_options)
    if move is not None and not odds.exact:
        move = Move(move.row, move.col, move.p_mine, move.reason + " (estimated probabilities)")
    return Analysis(
        width=board.width,
        height=board.height,
        safe=safe,
        mines=mines,
        probabilities=probabilities,
        move=move,
        elapsed_ms=(time.perf_counter() - started) * 1000,
        exact=odds.exact,
        z3_checks=deduced.z3_checks,
    )
