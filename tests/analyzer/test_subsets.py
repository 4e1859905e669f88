"""The trivial and overlap rules settle only certain cells, and the ones they should."""

from __future__ import annotations

from hypothesis import assume, given, settings

from sweeper.analyzer.constraints import read_problem
from sweeper.analyzer.frontier import split_frontier
from sweeper.analyzer.subsets import settled_cells
from sweeper.core import Board, Cell, parse_board
from tests.analyzer.test_analyzer_exact import _small_enough, brute_force, revealed_boards


def _settled(board: Board, total_mines: int) -> dict[Cell, bool]:
    frontier = split_frontier(read_problem(board, total_mines))
    return {cell: mine for part in frontier.components
            for cell, mine in settled_cells(part).items()}


def test_a_one_inside_a_one_makes_the_rest_safe() -> None:
    # the 1 at (1, 0) sees (2, 0) and (2, 1); the 1 at (1, 1) sees those and (2, 2)
    board = parse_board("00.\n11.\n...\n")
    settled = _settled(board, total_mines=2)
    assert settled[(2, 2)] is False
    assert (2, 0) not in settled and (2, 1) not in settled


def test_a_one_inside_a_two_makes_the_rest_a_mine() -> None:
    board = parse_board("000\n121\n...\n")
    settled = _settled(board, total_mines=2)
    assert settled == {(2, 0): True, (2, 1): False, (2, 2): True}


def test_two_numbers_that_overlap_settle_what_neither_settles_alone() -> None:
    # the 2 needs two of three cells, the 1 allows one of the two they share: the 2's
    # own cell is a mine, and the shared pair holds the 1's mine, so its own cell is safe
    board = parse_board("2..\n..1\n")
    assert _settled(board, total_mines=2) == {(1, 0): True, (0, 2): False}


@settings(max_examples=300, deadline=None)
@given(revealed_boards())
def test_settled_cells_are_certain(position: tuple[Board, int]) -> None:
    board, total_mines = position
    assume(_small_enough(board, total_mines))
    fits, shares = brute_force(board, total_mines)
    assume(fits > 0)
    for cell, is_mine in _settled(board, total_mines).items():
        assert shares[cell] == (1 if is_mine else 0), (cell, str(board))
