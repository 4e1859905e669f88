"""Hypothetical reveals are exact: each number's weight equals a brute-force layout count."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import numpy as np
import pytest

from sweeper.analyzer.constraints import read_problem
from sweeper.analyzer.endgame import independent_regions
from sweeper.analyzer.guess import GuessOptions, candidates, choose_guess, rate
from sweeper.analyzer.lookahead import evaluate, outcomes
from sweeper.analyzer.odds import board_odds
from sweeper.coordinator import Game
from sweeper.core import UNOPENED, Board, Cell, parse_board


def _layouts(board: Board, mines: int) -> list[frozenset[Cell]]:
    unknown = board.cells_where(UNOPENED)
    numbers = [cell for code in range(9) for cell in board.cells_where(code)]
    return [
        frozenset(chosen)
        for chosen in itertools.combinations(unknown, mines)
        if all(
            sum(n in chosen for n in board.neighbours(cell)) == board[cell] for cell in numbers
        )
    ]


def _position(seed: int) -> tuple[Board, int]:
    rng = random.Random(seed)
    while True:
        mines = rng.randint(3, 5)
        layout = np.zeros((5, 5), dtype=bool)
        cells = [(r, c) for r in range(5) for c in range(5)]
        for cell in rng.sample(cells, mines):
            layout[cell] = True
        game = Game.with_layout(layout)
        for cell in rng.sample([c for c in cells if not layout[c]], 4):
            if game.status == "playing":
                game.open(*cell)
        if game.status == "playing":
            return game.board, mines


@pytest.mark.parametrize("seed", range(25))
def test_reveal_weights_match_brute_force(seed: int) -> None:
    board, mines = _position(seed)
    evaluation = evaluate(read_problem(board, mines))
    assert evaluation is not None
    layouts = _layouts(board, mines)
    assert evaluation.weight == len(layouts)
    for cell in evaluation.problem.unknowns:
        shown = Counter(
            sum(n in layout for n in board.neighbours(cell))
            for layout in layouts
            if cell not in layout
        )
        still_unknown = set(evaluation.problem.unknowns)
        decided_mines_around = sum(
            n in evaluation.mines and n not in still_unknown for n in board.neighbours(cell)
        )
        weights = {
            outcome.value + decided_mines_around: outcome.weight
            for outcome in outcomes(evaluation, cell)
        }
        assert weights == dict(shown)


@pytest.mark.parametrize("seed", range(25))
def test_the_board_odds_keep_the_position_the_policy_would_count(seed: int) -> None:
    board, mines = _position(seed)
    kept = board_odds(board, mines).evaluation
    counted_again = evaluate(read_problem(board, mines))
    assert kept is not None and counted_again is not None
    assert kept.problem == counted_again.problem
    assert (kept.weight, kept.safe, kept.mines) == (
        counted_again.weight, counted_again.safe, counted_again.mines
    )
    assert kept.odds == counted_again.odds


def test_isolated_region_guess_comes_before_other_guesses() -> None:
    # Left: a 50/50 between (0,0) and (1,0) that no reveal can inform; right: a 50/50
    # between (0,3) and (1,3) that opening (0,4) or (1,4) could still settle.
    board = parse_board(".11..\n.11..\n")
    problem = read_problem(board, 3)
    regions = independent_regions(problem)
    assert [sorted(region.unknowns) for region in regions] == [[(0, 0), (1, 0)]]
    evaluation = evaluate(problem)
    assert evaluation is not None
    guess = choose_guess(evaluation)
    assert guess.cell in {(0, 0), (1, 0)}
    assert guess.p_mine == pytest.approx(0.5)
    assert "isolated region" in guess.reason


@pytest.mark.parametrize("seed", range(6))
def test_looking_deeper_never_promises_more_survival(seed: int) -> None:
    board, mines = _position(seed)
    evaluation = evaluate(read_problem(board, mines))
    assert evaluation is not None
    for cell in evaluation.problem.unknowns:
        if cell in evaluation.mines or cell in evaluation.safe:
            continue
        shallow, deep = rate(evaluation, cell, 1), rate(evaluation, cell, 2)
        assert deep.safety == shallow.safety
        assert deep.progress == pytest.approx(shallow.progress)
        assert deep.next_safety <= shallow.next_safety + 1e-12
        assert 0 <= deep.score <= shallow.score + 1e-12 <= 1 + 1e-12


def test_options_bound_the_candidates() -> None:
    one_each = GuessOptions(1.0, max_frontier_candidates=1, max_off_frontier_candidates=1)
    positions = 0
    for seed in range(25):
        board, mines = _position(seed)
        evaluation = evaluate(read_problem(board, mines))
        assert evaluation is not None
        decided = evaluation.safe | evaluation.mines
        undecided = [cell for cell in evaluation.problem.unknowns if cell not in decided]
        if not undecided:
            continue
        positions += 1
        lowest = min(evaluation.p_mine(cell) for cell in undecided)
        safest = candidates(evaluation, undecided, GuessOptions(candidate_margin=0.0))
        assert safest and all(evaluation.p_mine(cell) == lowest for cell in safest)
        chosen = candidates(evaluation, undecided, one_each)
        assert 1 <= len(chosen) <= 2
        assert sum(cell in evaluation.problem.frontier for cell in chosen) <= 1
    assert positions >= 5


@pytest.mark.parametrize(
    ("margin", "frontier", "off_frontier"), [(-0.1, 8, 3), (0.1, 0, 3), (0.1, 8, 0)]
)
def test_options_that_leave_no_candidate_are_refused(
    margin: float, frontier: int, off_frontier: int
) -> None:
    with pytest.raises(ValueError):
        GuessOptions(margin, frontier, off_frontier)


def test_without_lookahead_the_policy_opens_its_first_candidate() -> None:
    from sweeper.analyzer import analyze

    rows = ["1" + "." * 29] + ["." * 30] * 15  # expert, the corner opened on a 1
    board = parse_board("\n".join(rows))
    looked = analyze(board, 99, guess_options=GuessOptions())
    plain = analyze(board, 99, guess_options=GuessOptions(lookahead=False))
    assert looked.move is not None and plain.move is not None
    assert "look-ahead" in looked.move.reason
    assert "safest cell, likeliest 0" in plain.move.reason
    evaluation = board_odds(board, 99).evaluation
    assert evaluation is not None
    undecided = [cell for cell in evaluation.problem.unknowns if cell not in evaluation.mines]
    assert (plain.move.row, plain.move.col) == candidates(evaluation, undecided)[0]
    assert plain.move.p_mine == min(evaluation.p_mine(cell) for cell in undecided)
