"""The bundled game's rules, in real Chromium: first click, cascade, chord, flags, end."""

from __future__ import annotations

import pytest

from sweeper.core import FLAG, MINE, UNOPENED, Board, Cell
from sweeper.practice.gamepage import GamePage

pytestmark = pytest.mark.e2e


def flood_fill(truth: Board, start: Cell) -> set[Cell]:
    """The cells one click on ``start`` should open: zeros cascade to their neighbours."""
    opened: set[Cell] = set()
    stack = [start]
    while stack:
        cell = stack.pop()
        if cell in opened:
            continue
        opened.add(cell)
        if truth[cell] == 0:
            stack.extend(truth.neighbours(cell))
    return opened


def opened_cells(board: Board) -> set[Cell]:
    return {
        (r, c) for r in range(board.height) for c in range(board.width) if board[(r, c)] >= 0
    }


@pytest.mark.parametrize("first", [(0, 0), (2, 3), (4, 4)])
def test_safe_first_click_is_never_a_mine_even_when_it_is_the_only_safe_cell(
    game: GamePage, first: Cell
) -> None:
    game.load(width=5, height=5, mines=24, rules="safe", seed=11)
    assert game.state()["mines"] is None
    game.click(*first)
    state = game.state()
    assert first not in game.mine_cells()
    assert len(game.mine_cells()) == 24
    assert state["status"] == "won"


@pytest.mark.parametrize("first", [(0, 0), (0, 3), (3, 3), (5, 2)])
def test_opening_first_click_is_always_a_zero(game: GamePage, first: Cell) -> None:
    game.load(width=6, height=6, mines=27, rules="opening", seed=3)
    game.click(*first)
    truth = game.truth()
    assert truth[first] == 0
    assert not set(truth.neighbours(first)) & game.mine_cells()
    assert game.board()[first] == 0


def test_cascade_opens_exactly_the_connected_zeros_and_their_border(game: GamePage) -> None:
    game.load(width=16, height=16, mines=30, rules="opening", seed=2024)
    game.click(8, 8)
    board = game.board()
    truth = game.truth()
    assert opened_cells(board) == flood_fill(truth, (8, 8))
    assert len(opened_cells(board)) > 9
    for cell in opened_cells(board):
        assert board[cell] == truth[cell]


def test_flag_toggles_and_counts_and_blocks_opening(game: GamePage) -> None:
    game.load(width=9, height=9, mines=10, seed=7)
    game.click(0, 0, "right")
    assert game.board()[(0, 0)] == FLAG
    assert game.state()["mines"] is None  # flagging is not the first click
    game.click(0, 0)  # a left click on a flag does nothing
    assert game.board()[(0, 0)] == FLAG
    game.click(0, 0, "right")
    assert game.board()[(0, 0)] == UNOPENED
    game.click(4, 4)
    opened = next(iter(opened_cells(game.board())))
    game.click(*opened, "right")  # no flag on an opened cell
    assert game.board()[opened] >= 0


def find_number_with_hidden_mine(game: GamePage) -> Cell:
    """An opened number with at least one hidden neighbour that is not a mine."""
    board, truth, mines = game.board(), game.truth(), game.mine_cells()
    for cell in sorted(opened_cells(board)):
        around = list(board.neighbours(cell))
        hidden_safe = [n for n in around if board[n] == UNOPENED and n not in mines]
        if board[cell] > 0 and hidden_safe:
            return cell
    raise AssertionError(f"no number to chord on in\n{board}\nwith truth\n{truth}")


@pytest.mark.parametrize("style", ["left-click-on-number", "both-buttons", "middle-button"])
def test_chord_opens_the_other_neighbours_only_when_flags_are_complete(
    game: GamePage, style: str
) -> None:
    game.load(width=16, height=16, mines=40, rules="opening", seed=99)
    game.click(8, 8)
    number = find_number_with_hidden_mine(game)
    mines = game.mine_cells()
    around = list(game.board().neighbours(number))

    def chord() -> None:
        if style == "both-buttons":
            game.chord(*number)
        elif style == "middle-button":
            game.click(*number, "middle")
        else:
            game.click(*number)

    before = game.board()
    chord()  # flags not yet placed: nothing happens
    assert game.board() == before
    for neighbour in around:
        if neighbour in mines and game.board()[neighbour] == UNOPENED:
            game.click(*neighbour, "right")
    chord()
    after = game.board()
    assert game.state()["status"] in ("playing", "won")
    for neighbour in around:
        expected = FLAG if neighbour in mines else game.truth()[neighbour]
        assert after[neighbour] == expected, neighbour


def test_chord_with_a_wrong_flag_loses(game: GamePage) -> None:
    game.load(width=16, height=16, mines=40, rules="opening", seed=99)
    game.click(8, 8)
    board, mines = game.board(), game.mine_cells()
    for number in sorted(opened_cells(board)):
        hidden = [n for n in board.neighbours(number) if board[n] == UNOPENED]
        safe = [n for n in hidden if n not in mines]
        if 0 < board[number] <= len(safe) and len(safe) < len(hidden):
            break
    else:
        pytest.fail(f"no number to chord wrongly on in\n{board}")
    wrong = safe[: board[number]]
    for cell in wrong:
        game.click(*cell, "right")
    game.click(*number)
    assert game.state()["status"] == "lost"
    shown = game.board()
    assert all(shown[cell] == FLAG for cell in wrong)  # wrong flags stay F (drawn crossed out)
    assert set(shown.cells_where(MINE)) == mines


def test_opening_every_safe_cell_wins_and_flags_the_mines(game: GamePage) -> None:
    game.load(width=9, height=9, mines=10, seed=5)
    game.click(4, 4)
    for cell in sorted(game.safe_cells()):
        if game.board()[cell] == UNOPENED:
            game.click(*cell)
    state = game.state()
    assert state["status"] == "won"
    board = game.board()
    assert set(board.cells_where(FLAG)) == game.mine_cells()
    assert board.cells_where(UNOPENED) == []


def test_a_mine_loses_shows_all_mines_keeps_right_flags_and_ignores_input(game: GamePage) -> None:
    game.load(width=9, height=9, mines=10, seed=5)
    game.click(4, 4)
    mines = sorted(game.mine_cells())
    flagged, exploded = mines[0], mines[1]
    game.click(*flagged, "right")
    game.click(*exploded)
    state = game.state()
    assert state["status"] == "lost"
    board = game.board()
    assert board[flagged] == FLAG
    assert set(board.cells_where(MINE)) == set(mines) - {flagged}
    for cell in ((0, 0), (8, 8), mines[2]):
        game.click(*cell)
        game.click(*cell, "right")
    assert game.board() == board
    assert game.state()["status"] == "lost"


def test_input_after_a_win_is_ignored(game: GamePage) -> None:
    game.load(width=5, height=5, mines=24, seed=1)
    game.click(2, 2)
    won = game.board()
    assert game.state()["status"] == "won"
    game.click(0, 0)
    game.click(0, 1, "right")
    assert game.board() == won
