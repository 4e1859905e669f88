"""The guessing policy under a deadline: it answers in time with the best it has."""

from __future__ import annotations

import time

from sweeper.analyzer.constraints import read_problem
from sweeper.analyzer.guess import choose_guess
from sweeper.analyzer.lookahead import evaluate
from sweeper.analyzer.move import Move
from sweeper.analyzer.odds import board_odds
from sweeper.analyzer.policy import policy_move
from sweeper.core import parse_board

# The 1 in the corner holds one mine among 3 cells; 39 more are spread over the rest.
CORNER_ONE = "1" + "." * 15 + "\n" + ("." * 16 + "\n") * 15


def test_a_passed_deadline_keeps_the_fallback_move() -> None:
    board = parse_board(CORNER_ONE)
    evaluation = board_odds(board, 40).evaluation
    assert evaluation is not None
    fallback = Move(15, 15, 39 / 252, "lowest mine probability")
    assert policy_move(board, evaluation, fallback, deadline=time.perf_counter() - 1) is fallback
    assert policy_move(board, evaluation, fallback) is not fallback


def test_past_its_deadline_the_look_ahead_still_names_a_safest_cell() -> None:
    evaluation = evaluate(read_problem(parse_board(CORNER_ONE), 40))
    assert evaluation is not None
    hurried = choose_guess(evaluation, deadline=time.perf_counter() - 1)
    unhurried = choose_guess(evaluation)
    assert hurried.p_mine == unhurried.p_mine == min(
        evaluation.p_mine(cell) for cell in evaluation.problem.unknowns
    )
    assert "look-ahead" in hurried.reason
