"""What counts as a new game after a restart: a board other than the ended one, or a
fresh one; never the ended game drawn on (the last press of a win taken under a dialog,
drawn once the dialog is answered)."""

from __future__ import annotations

import numpy as np

from sweeper.coordinator.watch import Sight, is_new_game
from sweeper.core import Board, GameStatus, parse_board
from sweeper.recognizer import Recognition

ENDED = parse_board("1.1.\n1221\n0000\n")  # won under a dialog: the board before its last press


def _sight(board: Board, status: GameStatus = "playing") -> Sight:
    recognition = Recognition(board, status, None, None)
    return Sight(board, status, recognition, np.zeros((4, 4, 3), np.uint8), 0.0)


def test_the_ended_game_drawn_on_is_no_new_game() -> None:
    last_press_drawn = parse_board("1.11\n1221\n0000\n")
    assert not is_new_game(_sight(last_press_drawn), ENDED)
    assert not is_new_game(_sight(ENDED), ENDED)


def test_a_fresh_board_or_one_that_closed_cells_is_a_new_game() -> None:
    assert is_new_game(_sight(parse_board("....\n....\n....\n")), ENDED)
    opened_by_itself = parse_board("....\n....\n..1.\n")  # a clone opening a cell at start
    assert is_new_game(_sight(opened_by_itself), ENDED)


def test_a_board_not_in_play_is_no_new_game() -> None:
    assert not is_new_game(_sight(parse_board("....\n....\n....\n"), "won"), ENDED)
