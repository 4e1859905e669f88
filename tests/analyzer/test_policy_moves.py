"""The policy never opens a proven mine, and its safe batch is exactly the proven-safe cells.

Positions come from real games played by the policy on small boards (hypothesis draws
the board, density, rules and seed); every decision is checked against the literal
Z3 definition of a certain cell (``analyzer.plain_z3``).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from analyzer.board import Board, Cell
from analyzer.plain_z3 import plain_certain_cells
from analyzer.policy import decide
from analyzer.rules import Rules
from coordinator.simulate import Config, play_game


class CheckedTurn:
    """The policy's turn, with every decision held against Z3's certain cells."""

    def __init__(self) -> None:
        self.guesses_checked = 0

    def __call__(
        self, board: Board, total_mines: int, rules: Rules
    ) -> tuple[list[Cell], Cell | None]:
        decision = decide(board, total_mines, rules)
        if not any(board[cell] >= 0 for cell in _all_cells(board)):
            return decision.safe, decision.move  # the first click: nothing to prove yet
        proved_safe, proved_mines = plain_certain_cells(board, total_mines)
        assert set(decision.safe) == proved_safe
        assert set(decision.mines) == proved_mines
        assert decision.move is not None
        assert decision.move not in proved_mines
        if not decision.safe:
            self.guesses_checked += 1
            assert 0 < decision.p_mine < 1
        return decision.safe, decision.move


def _all_cells(board: Board) -> list[Cell]:
    return [(r, c) for r in range(board.height) for c in range(board.width)]


@settings(max_examples=60, deadline=None)
@given(
    width=st.integers(4, 8),
    height=st.integers(4, 7),
    density=st.floats(0.12, 0.3),
    rules=st.sampled_from(["safe", "opening"]),
    seed=st.integers(0, 10**6),
)
def test_policy_never_opens_a_proven_mine(
    width: int, height: int, density: float, rules: Rules, seed: int
) -> None:
    mines = max(1, min(int(width * height * density), width * height - 9))
    turn = CheckedTurn()
    result = play_game(Config(width, height, mines, rules), seed, turn)
    assert result.turns >= 1


def test_guesses_are_checked_on_many_positions() -> None:
    turn = CheckedTurn()
    for seed in range(12):
        play_game(Config(8, 8, 14, "safe"), seed, turn)
    assert turn.guesses_checked >= 10
