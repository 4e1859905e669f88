"""Real X input (xdotool) on the virtual desktop reaches the game like a person's mouse."""

from __future__ import annotations

import pytest

from sweeper.core import EXPERT, FLAG, UNOPENED
from sweeper.practice.gamepage import GamePage

pytestmark = pytest.mark.e2e


def test_x_clicks_open_flag_and_chord(game: GamePage) -> None:
    game.load(width=9, height=9, mines=10, rules="opening", seed=12, cell=24)
    game.x_click(4, 4)
    board = game.board()
    assert board[(4, 4)] == 0
    mines = game.mine_cells()
    for number in sorted(board.cells_where(1) + board.cells_where(2) + board.cells_where(3)):
        around = list(board.neighbours(number))
        hidden_safe = [n for n in around if board[n] == UNOPENED and n not in mines]
        hidden_mines = [n for n in around if board[n] == UNOPENED and n in mines]
        if hidden_safe and len(hidden_mines) == board[number]:
            break
    else:
        pytest.fail(f"no number to chord on in\n{board}")
    for mine in hidden_mines:
        game.x_click(*mine, "right")
        assert game.board()[mine] == FLAG
    game.x_chord(*number)
    after = game.board()
    for cell in hidden_safe:
        assert after[cell] == game.truth()[cell]


def test_x_click_on_the_face_and_f2_start_new_games(game: GamePage) -> None:
    game.load(width=9, height=9, mines=10, seed=12, cell=16)
    game.x_click(0, 0)
    assert game.state()["mines"] is not None
    game.desktop.xinput.click(game.desktop.face_center())
    game.settle()
    assert game.state()["mines"] is None
    game.x_click(8, 8)
    assert game.state()["mines"] is not None
    game.desktop.xinput.key("F2")  # goes to the window under the pointer (no window manager)
    game.settle()
    assert game.state()["mines"] is None
    assert game.state()["board"] == ("." * 9 + "\n") * 9


def test_cell_centres_on_screen_hit_the_right_cells(game: GamePage) -> None:
    game.load(**EXPERT._asdict(), seed=3, cell=32)
    for cell in ((0, 0), (15, 29), (7, 13)):
        game.x_click(*cell, "right")
    board = game.board()
    assert set(board.cells_where(FLAG)) == {(0, 0), (15, 29), (7, 13)}
