"""The played policy (``analyze``'s move) never opens a proven mine; its safe batch is exact.

Positions come from real games played by the policy on small boards (hypothesis draws
the board, density, rules and seed); every decision is checked against the literal
Z3 definition of a certain cell (``analyzer.plain_z3``).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sweeper.analyzer.api import analyze
from sweeper.analyzer.plain_z3 import plain_certain_cells
from sweeper.coordinator import Config, play_game
from sweeper.core import RULES, Board, BoardSize, Cell, Rules


class CheckedTurn:
    """The policy's turn, with every decision held against Z3's certain cells."""

    def __init__(self) -> None:
        self.guesses_checked = 0

    def __call__(
        self, board: Board, total_mines: int, rules: Rules
    ) -> tuple[list[Cell], Cell | None]:
        analysis = analyze(board, total_mines, rules)
        assert analysis.move is not None
        move = (analysis.move.row, analysis.move.col)
        if not any(board[cell] >= 0 for cell in _all_cells(board)):
            return analysis.safe, move  # the first click: nothing to prove yet
        proved_safe, proved_mines = plain_certain_cells(board, total_mines)
        assert set(analysis.safe) == proved_safe
        assert set(analysis.mines) == proved_mines
        assert move not in proved_mines
        if not analysis.safe:
            self.guesses_checked += 1
            assert 0 < analysis.move.p_mine < 1
            assert analysis.move.p_mine == pytest.approx(analysis.probabilities[move])
        return analysis.safe, move


def _all_cells(board: Board) -> list[Cell]:
    return [(r, c) for r in range(board.height) for c in range(board.width)]


@settings(max_examples=60, deadline=None)
@given(
    width=st.integers(4, 8),
    height=st.integers(4, 7),
    density=st.floats(0.12, 0.3),
    rules=st.sampled_from(RULES),
    seed=st.integers(0, 10**6),
)
def test_policy_never_opens_a_proven_mine(
    width: int, height: int, density: float, rules: Rules, seed: int
) -> None:
    mines = max(1, min(int(width * height * density), width * height - 9))
    turn = CheckedTurn()
    result = play_game(Config(BoardSize(width, height, mines), rules), seed, turn)
    assert result.turns >= 1


def test_guesses_are_checked_on_many_positions() -> None:
    turn = CheckedTurn()
    for seed in range(12):
        play_game(Config(BoardSize(8, 8, 14), "safe"), seed, turn)
    assert turn.guesses_checked >= 10
