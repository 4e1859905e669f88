"""Rules of the in-process game engine."""

from __future__ import annotations

from collections import deque

import numpy as np
import pytest

from sweeper.coordinator.simulation.engine import Game, GameError
from sweeper.core import BEGINNER, EXPERT, FLAG, MINE, UNOPENED, parse_board


def _block(game: Game, row: int, col: int) -> set[tuple[int, int]]:
    return {
        (r, c)
        for r in range(row - 1, row + 2)
        for c in range(col - 1, col + 2)
        if 0 <= r < game.height and 0 <= c < game.width
    }


def _expected_opening(layout: np.ndarray, start: tuple[int, int]) -> set[tuple[int, int]]:
    """Reference flood fill written independently of the engine (breadth first)."""
    height, width = layout.shape
    counts = {
        (r, c): sum(
            bool(layout[rr, cc])
            for rr in range(r - 1, r + 2)
            for cc in range(c - 1, c + 2)
            if 0 <= rr < height and 0 <= cc < width and (rr, cc) != (r, c)
        )
        for r in range(height)
        for c in range(width)
    }
    seen = {start}
    queue = deque([start])
    while queue:
        r, c = queue.popleft()
        if counts[(r, c)] != 0:
            continue
        for rr in range(r - 1, r + 2):
            for cc in range(c - 1, c + 2):
                if 0 <= rr < height and 0 <= cc < width and (rr, cc) not in seen:
                    seen.add((rr, cc))
                    queue.append((rr, cc))
    return seen


def test_same_seed_same_game_and_a_fixed_known_layout() -> None:
    first = Game(*BEGINNER, seed=42)
    second = Game(*BEGINNER, seed=42)
    first.open(4, 4)
    second.open(4, 4)
    assert np.array_equal(first.mine_layout, second.mine_layout)
    assert first.board == second.board
    # Pinned so that a change of algorithm or platform that changes games is noticed.
    mines = [tuple(int(v) for v in cell) for cell in np.argwhere(first.mine_layout)]
    assert mines == [
        (0, 3), (1, 2), (1, 4), (1, 5), (1, 8), (3, 1), (3, 4), (3, 8), (6, 1), (7, 7),
    ]


def test_different_seeds_give_different_games() -> None:
    layouts = set()
    for seed in range(20):
        game = Game(*EXPERT, seed=seed)
        game.open(0, 0)
        layouts.add(game.mine_layout.tobytes())
    assert len(layouts) == 20


@pytest.mark.parametrize("first", [(0, 0), (7, 15), (15, 29), (0, 17)])
def test_safe_rule_first_click_is_never_a_mine(first: tuple[int, int]) -> None:
    for seed in range(200):
        game = Game(*EXPERT, rules="safe", seed=seed)
        game.open(*first)
        assert game.status == "playing"
        assert not game.mine_layout[first]
        assert int(game.mine_layout.sum()) == EXPERT.mines


def test_safe_rule_allows_mines_next_to_the_first_click() -> None:
    touching = 0
    for seed in range(100):
        game = Game(9, 9, 30, rules="safe", seed=seed)
        game.open(4, 4)
        touching += game.board[4, 4] > 0
    assert touching > 50


@pytest.mark.parametrize("first", [(0, 0), (8, 15), (15, 29), (0, 12)])
def test_opening_rule_first_click_is_a_zero(first: tuple[int, int]) -> None:
    for seed in range(200):
        game = Game(*EXPERT, rules="opening", seed=seed)
        opened = game.open(*first)
        block = _block(game, *first)
        assert not any(game.mine_layout[cell] for cell in block)
        assert game.board[first] == 0
        assert block <= set(opened)
        assert int(game.mine_layout.sum()) == EXPERT.mines


def test_opening_rule_on_a_too_dense_board_keeps_as_much_free_as_possible() -> None:
    for seed in range(50):
        game = Game(4, 4, 12, rules="opening", seed=seed)
        game.open(1, 1)
        layout = game.mine_layout
        assert int(layout.sum()) == 12
        assert not layout[1, 1]
        outside = {(r, c) for r in range(4) for c in range(4)} - _block(game, 1, 1)
        assert all(layout[cell] for cell in outside)
        free_neighbours = sum(not layout[cell] for cell in _block(game, 1, 1)) - 1
        assert free_neighbours == 3


def test_the_densest_legal_board_keeps_the_first_click_free() -> None:
    game = Game(3, 3, 8, rules="opening", seed=1)
    game.open(0, 0)
    assert game.status == "won"
    assert int(game.mine_layout.sum()) == 8


def test_cascade_opens_exactly_the_flood_fill_region() -> None:
    for seed in range(30):
        game = Game(30, 16, 60, rules="opening", seed=seed)
        opened = game.open(5, 5)
        expected = _expected_opening(np.asarray(game.mine_layout), (5, 5))
        assert set(opened) == expected
        assert len(opened) == len(expected)
        board = game.board
        for r, c in expected:
            assert board[r, c] >= 0
        assert np.count_nonzero(board.cells >= 0) == len(expected)


def test_numbers_count_the_neighbouring_mines() -> None:
    layout = np.zeros((3, 4), dtype=bool)
    layout[0, 0] = layout[2, 3] = True
    game = Game.with_layout(layout)
    game.open(1, 1)
    game.open(1, 2)
    game.open(0, 3)
    assert game.board[1, 1] == 1
    assert game.board[1, 2] == 1
    assert game.board[0, 3] == 0


def test_flags_toggle_and_block_opening_and_cascade() -> None:
    layout = np.zeros((1, 10), dtype=bool)
    layout[0, 9] = True
    game = Game.with_layout(layout)
    game.toggle_flag(0, 2)
    assert game.board[0, 2] == FLAG
    assert game.open(0, 2) == []
    assert game.board[0, 2] == FLAG
    opened = game.open(0, 0)
    assert (0, 2) not in opened
    assert game.board[0, 2] == FLAG
    assert game.board[0, 3] == UNOPENED
    game.toggle_flag(0, 2)
    assert game.board[0, 2] == UNOPENED


def test_flag_on_an_opened_cell_does_nothing() -> None:
    layout = np.zeros((2, 2), dtype=bool)
    layout[1, 1] = True
    game = Game.with_layout(layout)
    game.open(0, 0)
    game.toggle_flag(0, 0)
    assert game.board[0, 0] == 1


def test_opening_a_mine_loses_and_shows_the_mines() -> None:
    layout = np.zeros((3, 3), dtype=bool)
    layout[0, 0] = layout[2, 2] = True
    game = Game.with_layout(layout)
    game.toggle_flag(2, 2)
    game.open(0, 0)
    assert game.status == "lost"
    assert game.board[0, 0] == MINE
    assert game.board[2, 2] == FLAG
    with pytest.raises(GameError, match="over"):
        game.open(1, 1)


def test_opening_every_safe_cell_wins_and_flags_the_mines() -> None:
    layout = np.zeros((2, 3), dtype=bool)
    layout[0, 2] = True
    game = Game.with_layout(layout)
    statuses = []
    for cell in [(1, 0), (0, 1), (1, 2)]:
        game.open(*cell)
        statuses.append(game.status)
    assert statuses == ["playing", "playing", "won"]
    assert str(game.board) == "01F\n011\n"


def test_chord_opens_the_unflagged_neighbours_when_the_flags_match() -> None:
    layout = np.zeros((3, 3), dtype=bool)
    layout[0, 0] = True
    game = Game.with_layout(layout)
    game.open(1, 1)
    assert game.chord(1, 1) == []  # no flag yet
    game.toggle_flag(0, 0)
    opened = game.chord(1, 1)
    assert set(opened) == {(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)}
    assert game.status == "won"


def test_chord_with_a_wrong_flag_loses() -> None:
    layout = np.zeros((3, 3), dtype=bool)
    layout[0, 0] = True
    game = Game.with_layout(layout)
    game.open(1, 1)
    game.toggle_flag(2, 2)
    game.chord(1, 1)
    assert game.status == "lost"
    assert game.board[0, 0] == MINE


def test_the_visible_board_is_a_board_in_the_shared_text_format() -> None:
    game = Game(*EXPERT, rules="opening", seed=7)
    game.open(8, 15)
    board = game.board
    assert (board.width, board.height) == EXPERT[:2]
    assert parse_board(str(board)) == board
    assert not board.cells.flags.writeable


def test_mine_layout_before_the_first_click_is_an_error() -> None:
    with pytest.raises(GameError, match="first open"):
        _ = Game(*BEGINNER, seed=1).mine_layout


@pytest.mark.parametrize(
    ("width", "height", "mines", "message"),
    [
        (0, 5, 1, "at least 1x1"),
        (3, 3, 9, "do not fit"),
        (3, 3, -1, "do not fit"),
        (100_000, 100_000, 1, r"10000000000 cells \(100000x100000\), over the limit of 10000"),
    ],
)
def test_impossible_set_ups_are_clear_errors(
    width: int, height: int, mines: int, message: str
) -> None:
    with pytest.raises(GameError, match=message):
        Game(width, height, mines)


def test_unknown_rules_are_an_error() -> None:
    with pytest.raises(ValueError, match="unknown rules"):
        Game(*BEGINNER, rules="lucky")  # type: ignore[arg-type]


def test_moves_off_the_board_name_the_cell() -> None:
    game = Game(*BEGINNER, seed=1)
    with pytest.raises(GameError, match=r"row 9, column 0"):
        game.open(9, 0)


def test_a_cell_shows_what_the_board_shows_after_every_move() -> None:
    game = Game(9, 9, 10, "safe", seed=3)
    moves = [(4, 4), (0, 0), (8, 8), (0, 8), (8, 0)]
    for row, col in moves:
        if game.status != "playing":
            break
        game.toggle_flag(row, col)
        game.toggle_flag(row, col)
        game.open(row, col)
        board = game.board
        assert all(game.shows(r, c) == board[r, c] for r in range(9) for c in range(9))
