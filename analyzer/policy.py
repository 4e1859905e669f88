"""The guessing policy behind the analyzer's ``move`` when no cell is certainly safe.

:func:`analyzer.api.analyze` finds the certain cells and the exact probabilities; when
none is safe it hands :func:`policy_move` the position :func:`analyzer.odds.board_odds`
has just counted (so the board is analysed once) and asks which cell to open. On an
untouched board the fallback already is the first click (:mod:`analyzer.first_click`).
Otherwise, in this order: a region no other reveal can inform (isolated 50/50s, played
out exactly), the exact endgame when few placements remain (:mod:`analyzer.endgame`),
and the one-step look-ahead over the safest cells (:mod:`analyzer.guess`). Everything it
uses is exact; if the position is too entangled to count exactly it keeps the analyzer's
own lowest-risk move.
"""

from __future__ import annotations

import numpy as np

from sweeper.analyzer.clock import past
from sweeper.analyzer.enumeration import ComponentTooComplexError
from sweeper.analyzer.guess import DEFAULT_GUESS_OPTIONS, GuessOptions, choose_guess
from sweeper.analyzer.lookahead import Evaluation
from sweeper.analyzer.move import Move
from sweeper.core import MINE, Board


def policy_move(
    board: Board,
    evaluation: Evaluation,
    fallback: Move,
    deadline: float | None = None,
    options: GuessOptions = DEFAULT_GUESS_OPTIONS,
) -> Move:
    """The cell to open on ``board`` where nothing is certainly safe (look-ahead by ``options``).

    ``evaluation`` is the board's exact position (:attr:`analyzer.odds.BoardOdds.evaluation`).
    ``fallback`` is the analyzer's lowest-risk move, kept when a look-ahead position is
    too complex to count exactly or ``deadline`` has passed before the policy could
    start; a deadline passing later cuts the search short (see
    :func:`analyzer.guess.choose_guess`).
    """
    if past(deadline) or evaluation.safe:
        return fallback
    if not np.any((board.cells >= 0) | (board.cells == MINE)):
        return fallback  # the first click (analyzer.first_click), chosen by choose_move
    try:
        guess = choose_guess(evaluation, deadline, options)
    except ComponentTooComplexError:
        return fallback
    return Move(guess.cell[0], guess.cell[1], guess.p_mine, guess.reason)
