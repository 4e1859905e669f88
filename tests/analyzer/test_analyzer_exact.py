"""The analyzer against the definitions: brute force over all placements, two Z3 checks per cell.

Boards come from the game engine (a first click, then a few safe opens and flags) and
from random partial reveals, some with wrong flags or made-up numbers so that
contradictory boards are exercised too.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from sweeper.analyzer.api import analyze
from sweeper.analyzer.deduce import certain_cells
from sweeper.analyzer.errors import UnsatisfiableError
from sweeper.analyzer.odds import board_odds
from sweeper.analyzer.plain_z3 import plain_certain_cells
from sweeper.coordinator import Game
from sweeper.core import EXPERT, FLAG, MINE, RULES, UNOPENED, Board, Cell

MAX_PLACEMENTS = 20_000


def brute_force(board: Board, total_mines: int) -> tuple[int, dict[Cell, Fraction]]:
    """Every placement of the remaining mines on the unopened cells that fits every number:
    how many there are and, per unopened cell, the share of them with a mine there."""
    cells = board.cells
    unknowns = board.cells_where(UNOPENED)
    bit = {cell: 1 << index for index, cell in enumerate(unknowns)}
    numbers = []
    for row, col in np.argwhere(cells >= 0).tolist():
        around = list(board.neighbours((row, col)))
        known = sum(board[cell] in (FLAG, MINE) for cell in around)
        mask = sum(bit[cell] for cell in around if cell in bit)
        numbers.append((mask, board[row, col] - known))
    mines_left = total_mines - int(np.count_nonzero((cells == FLAG) | (cells == MINE)))
    fits = 0
    mine_counts = dict.fromkeys(unknowns, 0)
    if 0 <= mines_left <= len(unknowns):
        for chosen in itertools.combinations(unknowns, mines_left):
            placed = sum(bit[cell] for cell in chosen)
            if all((placed & mask).bit_count() == need for mask, need in numbers):
                fits += 1
                for cell in chosen:
                    mine_counts[cell] += 1
    return fits, {cell: Fraction(count, fits or 1) for cell, count in mine_counts.items()}


@st.composite
def played_boards(draw: st.DrawFn) -> tuple[Board, int]:
    """A position of a real game: first click, then some safe opens and correct flags."""
    width, height = draw(st.integers(1, 6)), draw(st.integers(1, 5))
    mines = draw(st.integers(0, width * height - 1))
    rules = draw(st.sampled_from(RULES))
    game = Game(width, height, mines, rules=rules, seed=draw(st.integers(0, 2**32)))
    game.open(draw(st.integers(0, height - 1)), draw(st.integers(0, width - 1)))
    layout = game.mine_layout
    for _ in range(draw(st.integers(0, 3))):
        hidden = game.board.cells_where(UNOPENED)
        if game.status != "playing" or not hidden:
            break
        cell = draw(st.sampled_from(hidden))
        if layout[cell]:
            game.toggle_flag(*cell)
        else:
            game.open(*cell)
    return game.board, mines


@st.composite
def revealed_boards(draw: st.DrawFn) -> tuple[Board, int]:
    """Random cells of a random layout revealed without cascades; sometimes a wrong flag
    or a made-up number, so the board may fit no placement at all."""
    width, height = draw(st.integers(1, 5)), draw(st.integers(1, 4))
    layout = np.array(
        draw(st.lists(st.booleans(), min_size=width * height, max_size=width * height)),
        dtype=bool,
    ).reshape(height, width)
    padded = np.pad(layout.astype(int), 1)
    counts = np.zeros((height, width), dtype=int)
    for dr, dc in itertools.product((-1, 0, 1), repeat=2):
        if dr or dc:
            counts += padded[1 + dr : 1 + dr + height, 1 + dc : 1 + dc + width]
    cells = np.full((height, width), UNOPENED, dtype=np.int8)
    for row in range(height):
        for col in range(width):
            choice = draw(st.sampled_from(["hide", "hide", "show", "flag", "noise"]))
            if choice == "show" and not layout[row, col]:
                cells[row, col] = counts[row, col]
            elif choice == "flag" and (layout[row, col] or draw(st.integers(0, 9)) == 0):
                cells[row, col] = FLAG
            elif choice == "noise":
                cells[row, col] = draw(st.integers(0, 8))
    total = int(layout.sum()) + draw(st.sampled_from([0, 0, 0, -1, 1]))
    return Board(cells), max(total, 0)


def _small_enough(board: Board, total_mines: int) -> bool:
    hidden = len(board.cells_where(UNOPENED))
    known = int(np.count_nonzero((board.cells == FLAG) | (board.cells == MINE)))
    return 0 <= total_mines - known <= hidden and math.comb(hidden, total_mines - known) <= (
        MAX_PLACEMENTS
    )


def _check_against_definitions(board: Board, total_mines: int) -> None:
    assume(_small_enough(board, total_mines))
    fits, shares = brute_force(board, total_mines)
    if fits == 0:
        with pytest.raises(UnsatisfiableError):
            analyze(board, total_mines)
        return
    result = analyze(board, total_mines)
    for cell, share in shares.items():
        assert abs(result.probabilities[cell] - float(share)) <= 1e-9, (cell, str(board))
    plain_safe, plain_mines = plain_certain_cells(board, total_mines)
    assert set(result.safe) == plain_safe == {c for c, s in shares.items() if s == 0}
    assert set(result.mines) == plain_mines == {c for c, s in shares.items() if s == 1}
    opened = board.cells >= 0
    assert np.isnan(result.probabilities[opened]).all()
    assert (result.probabilities[(board.cells == FLAG) | (board.cells == MINE)] == 1.0).all()


FAST = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(played_boards())
def test_played_positions_match_brute_force_and_the_z3_definition(
    position: tuple[Board, int],
) -> None:
    _check_against_definitions(*position)


@FAST
@given(revealed_boards())
def test_random_reveals_match_brute_force_and_the_z3_definition(
    position: tuple[Board, int],
) -> None:
    _check_against_definitions(*position)


@settings(max_examples=60, deadline=None)
@given(revealed_boards())
def test_deductions_stay_exact_when_enumeration_gives_up(position: tuple[Board, int]) -> None:
    """With a state limit of 1 nearly every component goes to the Z3-only path."""
    board, total_mines = position
    assume(_small_enough(board, total_mines) and brute_force(board, total_mines)[0] > 0)
    odds = board_odds(board, total_mines, max_states=1)
    deduced = certain_cells(odds.frontier, odds.odds, odds.unenumerated)
    plain_safe, plain_mines = plain_certain_cells(board, total_mines)
    assert set(odds.trivial.safe | deduced.safe) == plain_safe
    assert set(odds.trivial.mines | deduced.mines) == plain_mines


def _expert_positions(games: int, every: int) -> list[Board]:
    """Positions from seeded expert games played by the analyzer itself."""
    positions = []
    for seed in range(games):
        game = Game(*EXPERT, seed=seed)
        step = 0
        while game.status == "playing":
            board = game.board
            result = analyze(board, EXPERT.mines)
            if step % every == 1:
                positions.append(board)
            step += 1
            assert result.move is not None
            for cell in result.safe or [(result.move.row, result.move.col)]:
                if game.status == "playing":
                    game.open(*cell)
    return positions


def test_expert_positions_match_the_z3_definition_and_expected_mine_count() -> None:
    for board in _expert_positions(games=2, every=9)[:2]:
        result = analyze(board, EXPERT.mines)
        plain_safe, plain_mines = plain_certain_cells(board, EXPERT.mines)
        assert (set(result.safe), set(result.mines)) == (plain_safe, plain_mines)
        hidden = board.cells == UNOPENED
        flags = int(np.count_nonzero(board.cells == FLAG))
        assert abs(result.probabilities[hidden].sum() - (EXPERT.mines - flags)) < 1e-6
