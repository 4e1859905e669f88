"""Hand-made boards: errors naming the cells, trivial rules, Z3 verdicts, moves and limits."""

from __future__ import annotations

import json

import numpy as np
import pytest

from sweeper.analyzer.api import analyze
from sweeper.analyzer.constraints import read_problem
from sweeper.analyzer.errors import AnalysisError, AnalysisTimeoutError, UnsatisfiableError
from sweeper.analyzer.odds import board_odds
from sweeper.analyzer.trivial import apply_trivial_rules
from sweeper.coordinator import Game
from sweeper.core import UNOPENED, parse_board

# 2 mines at (0, 2) and (2, 2): (1, 2) is safe, but no single number says so.
BY_SUBSETS = "01.\n02.\n01.\n"
NEEDS_Z3 = "1.1\n...\n"


@pytest.mark.parametrize(
    ("text", "total", "message"),
    [
        ("3.\n..\n", 4, "total_mines 4 leaves 4 mines"),
        ("3.\n1.\n", 2, "the 3 at row 0, column 0 needs 3 more mines but has only 2 unopened"),
        ("..3\n.11\n", 2, "the 3 at row 0, column 2 needs 3 more mines but has only 1"),
        ("F1F\n...\n", 2, "the 1 at row 0, column 1 has 2 flagged or revealed mines"),
        ("*1F\n...\n", 2, "the 1 at row 0, column 1 has 2 flagged or revealed mines"),
        ("FF.\n...\n", 1, "the board shows 2 flags and revealed mines but total_mines is only 1"),
        ("2.\n.1\n", 2, "row 0, column 0 and the number at row 1, column 1 contradict"),
        (".1.\n.3.\n", 2, r"fits the numbers at \(row 0, column 1\); \(row 1, column 1\)"),
        (".3\n..\n", 0, r"the numbers force 3 mines \(at \(row 0, column 0\);"),
        ("1..\n...\n...\n", 8, "fits the total mine count: 8 mines are left"),
    ],
)
def test_impossible_boards_name_what_is_wrong(text: str, total: int, message: str) -> None:
    with pytest.raises(UnsatisfiableError, match=message):
        analyze(parse_board(text), total)


@pytest.mark.parametrize(
    ("total", "message"), [(-1, "0 or more"), (10, "more than the 9 cells")]
)
def test_impossible_mine_counts(total: int, message: str) -> None:
    with pytest.raises(AnalysisError, match=message):
        analyze(parse_board("...\n...\n...\n"), total)


def test_a_revealed_mine_counts_as_a_mine() -> None:
    result = analyze(parse_board("*1.\n11.\n...\n"), 1)
    assert set(result.safe) == {(0, 2), (1, 2), (2, 0), (2, 1), (2, 2)}
    assert result.probabilities[0, 0] == 1.0


def test_trivial_rules_reach_a_fixed_point() -> None:
    # The 0s clear (0, 1) to (0, 3); then the 1 at (1, 0) has one unknown left: a mine.
    problem = read_problem(parse_board("....\n1100\n"), 1)
    trivial = apply_trivial_rules(problem)
    assert trivial.mines == {(0, 0)}
    assert trivial.safe == {(0, 1), (0, 2), (0, 3)}
    assert trivial.remaining.constraints == ()
    assert trivial.remaining.mines_left == 0


def test_a_deduction_by_the_subset_rule_needs_no_z3() -> None:
    result = analyze(parse_board(BY_SUBSETS), 2)
    assert result.safe == [(1, 2)]
    assert result.mines == [(0, 2), (2, 2)]
    assert result.z3_checks == 0


def test_a_deduction_beyond_the_trivial_and_subset_rules_is_confirmed_by_z3() -> None:
    # one mine in all: the two 1s must share it, so their other cells are safe
    result = analyze(parse_board(NEEDS_Z3), 1)
    assert result.safe == [(1, 0), (1, 2)]
    assert result.mines == []
    assert result.z3_checks >= 1


def test_the_total_count_decides_off_frontier_cells() -> None:
    # The 1 holds the only mine, so every cell away from it is safe.
    result = analyze(parse_board("1..\n...\n...\n"), 1)
    assert {(2, 0), (2, 1), (2, 2), (0, 2), (1, 2)} <= set(result.safe)
    assert result.probabilities[0, 1] == pytest.approx(1 / 3)
    # With 6 mines the 5 off-frontier cells hold at least 5: they all are mines.
    crowded = analyze(parse_board("1..\n...\n...\n"), 6)
    assert {(2, 0), (2, 1), (2, 2), (0, 2), (1, 2)} <= set(crowded.mines)


def test_probabilities_weigh_the_off_frontier_cells() -> None:
    # The 1 holds exactly one mine among its 3 unknown neighbours; the 8 cells away from
    # it hold the other 2: 3 * C(8, 2) placements, the same number for every frontier cell.
    result = analyze(parse_board("1.....\n......\n"), 3)
    assert result.probabilities[0, 1] == pytest.approx(1 / 3, abs=1e-12)
    assert result.probabilities[0, 5] == pytest.approx(2 / 8, abs=1e-12)


@pytest.mark.parametrize(("rules", "cell"), [("safe", (0, 0)), ("opening", (2, 2))])
def test_first_click_follows_the_rules(rules: str, cell: tuple[int, int]) -> None:
    result = analyze(parse_board(".....\n" * 5), 5, rules)
    assert result.move is not None
    assert (result.move.row, result.move.col) == cell
    assert result.move.p_mine == 0.0
    assert rules in result.move.reason
    assert np.allclose(result.probabilities, 5 / 25)


@pytest.mark.parametrize(
    ("height", "width", "rules", "cell"),
    [(16, 30, "opening", (3, 3)), (16, 16, "opening", (2, 2)), (16, 30, "safe", (0, 0))],
)
def test_first_click_depends_on_the_board_size(
    height: int, width: int, rules: str, cell: tuple[int, int]
) -> None:
    result = analyze(parse_board(("." * width + "\n") * height), 40, rules)
    assert result.move is not None
    assert (result.move.row, result.move.col) == cell


def test_first_click_avoids_a_flag() -> None:
    result = analyze(parse_board("F..\n...\n"), 2, "safe")
    assert result.move is not None
    assert (result.move.row, result.move.col) != (0, 0)


def test_the_move_is_a_safe_cell_when_there_is_one() -> None:
    result = analyze(parse_board(BY_SUBSETS), 2)
    assert result.move is not None
    assert (result.move.row, result.move.col, result.move.p_mine) == (1, 2, 0.0)


def test_without_a_safe_cell_the_move_is_the_lowest_risk_guess() -> None:
    # The 1 at (0, 0) spreads one mine over 3 cells (1/3 each); 12 off-frontier cells
    # share the other mine (1/12 each), so an off-frontier cell with the fewest unopened
    # neighbours (a corner) is the move.
    result = analyze(parse_board("1...\n....\n....\n....\n"), 2)
    assert result.move is not None
    assert result.move.p_mine == pytest.approx(1 / 12)
    assert (result.move.row, result.move.col) in {(0, 3), (3, 0), (3, 3)}
    assert "lowest mine probability" in result.move.reason


def test_no_move_when_only_mines_are_left() -> None:
    result = analyze(parse_board("1.\n11\n"), 1)
    assert result.mines == [(0, 1)]
    assert result.move is None
    assert result.to_json()["move"] is None


def test_json_has_the_contract_shape() -> None:
    data = json.loads(json.dumps(analyze(parse_board(BY_SUBSETS), 2).to_json()))
    assert set(data) == {"width", "height", "safe", "mines", "probabilities", "move",
                         "elapsed_ms"}
    assert (data["width"], data["height"]) == (3, 3)
    assert data["safe"] == [[1, 2]]
    assert data["mines"] == [[0, 2], [2, 2]]
    assert data["probabilities"][0] == [None, None, 1.0]
    assert data["move"] == {"row": 1, "col": 2, "action": "open", "p_mine": 0.0,
                            "reason": "certainly safe"}
    assert data["elapsed_ms"] > 0


def test_unknown_rules_are_an_error() -> None:
    with pytest.raises(ValueError, match="unknown rules"):
        analyze(parse_board(BY_SUBSETS), 2, "lucky")


def test_a_time_limit_that_has_passed_stops_the_analysis() -> None:
    with pytest.raises(AnalysisTimeoutError):
        analyze(parse_board(BY_SUBSETS), 2, time_limit_s=0.0)


def test_estimated_probabilities_are_flagged_when_enumeration_gives_up() -> None:
    # Row 1 shows nine 1s: no trivial rule applies, the mines must be at columns 1, 4, 7.
    layout = np.zeros((3, 9), dtype=bool)
    layout[0, [1, 4, 7]] = True
    game = Game.with_layout(layout)
    game.open(2, 0)  # row 2 is all 0s: rows 1 and 2 open
    exact = board_odds(game.board, 3)
    estimated = board_odds(game.board, 3, max_states=1)
    assert exact.exact and not estimated.exact
    assert exact.evaluation is not None and estimated.evaluation is None
    hidden = game.board.cells == UNOPENED
    assert np.all((estimated.probabilities[hidden] >= 0) & (estimated.probabilities[hidden] <= 1))
    result = analyze(game.board, 3)
    assert result.exact
    assert result.mines == [(0, 1), (0, 4), (0, 7)]
