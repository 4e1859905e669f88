"""A game over with a message drawn over part of the board: taken as won only when the
covered cells were open before and the closed cells left are the mines."""

from __future__ import annotations

import numpy as np

from analyzer import EXPERT, UNOPENED, Board
from coordinator.watch import won_under_cover
from recognizer import recognize
from tests.recognizer.recognizer_corpus import load_shot

EXPERT_MINES = EXPERT.mines


def test_a_win_under_a_congratulation_is_won_with_the_covered_cells_as_they_were() -> None:
    shot = load_shot("covered/pentiumluls-canvas-x1-won")
    recognition = recognize(shot.image)
    assert recognition.board is None and recognition.unreadable  # the message hides cells
    board = won_under_cover(recognition, shot.board, EXPERT_MINES)
    assert board == shot.board


def test_a_covered_cell_that_was_closed_leaves_the_game_undecided() -> None:
    shot = load_shot("covered/pentiumluls-canvas-x1-won")
    recognition = recognize(shot.image)
    cells = shot.board.cells.copy()
    cells[recognition.unreadable[0]] = UNOPENED  # it may have opened, or not
    assert won_under_cover(recognition, Board(cells), EXPERT_MINES) is None


def test_the_wrong_mine_count_leaves_the_game_undecided() -> None:
    shot = load_shot("covered/pentiumluls-canvas-x1-won")
    recognition = recognize(shot.image)
    assert won_under_cover(recognition, shot.board, EXPERT_MINES + 1) is None
    assert won_under_cover(recognition, shot.board, None) is None


def test_a_loss_under_a_game_over_is_never_taken_for_a_win() -> None:
    shot = load_shot("covered/pentiumluls-canvas-x1.5-lost")
    recognition = recognize(shot.image)
    assert recognition.codes is not None and recognition.unreadable
    before = np.where(shot.board.cells == -3, UNOPENED, shot.board.cells).astype(np.int8)
    assert won_under_cover(recognition, Board(before), EXPERT_MINES) is None
