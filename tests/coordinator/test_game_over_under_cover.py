"""A game over with a message drawn over part of the board: taken as won only when the
covered cells were open before (or closed, on a win that shows its mines after proven-safe
presses) and the closed cells left are the mines; as lost only when the mines shown were
closed before and the last presses were not all proven safe."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from sweeper.coordinator.ending import (
    ended_by_message,
    loss_at_presses,
    lost_under_cover,
    mine_at_a_press,
    won_under_cover,
)
from sweeper.core import EXPERT, MINE, UNOPENED, Board, Cell, parse_board
from sweeper.recognizer import Recognition, Status, recognize
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


def test_a_covered_cell_just_pressed_as_proven_safe_does_not_hide_the_win() -> None:
    shot = load_shot("covered/pentiumluls-canvas-x1-won")
    recognition = recognize(shot.image)
    pressed = recognition.unreadable[0]
    cells = shot.board.cells.copy()
    cells[pressed] = UNOPENED  # the last safe cell, pressed, then covered by the message
    board = won_under_cover(recognition, Board(cells), EXPERT_MINES, pressed_safe=[pressed])
    assert board is not None
    assert board[pressed] == UNOPENED  # what it shows was not seen: it is not made up
    others = [cell for cell in recognition.unreadable if cell != pressed]
    assert all(board[cell] == shot.board[cell] for cell in others)


def test_a_pressed_cell_is_no_win_while_another_safe_cell_is_closed() -> None:
    shot = load_shot("covered/pentiumluls-canvas-x1-won")
    recognition = recognize(shot.image)
    pressed = recognition.unreadable[0]
    cells = shot.board.cells.copy()
    cells[pressed] = UNOPENED
    readable_open = [cell for cell in zip(*np.nonzero(cells >= 0), strict=True)
                     if cell not in recognition.unreadable]
    still_closed = tuple(int(v) for v in readable_open[0])
    cells[still_closed] = UNOPENED
    assert recognition.codes is not None
    codes = recognition.codes.copy()
    codes[still_closed] = UNOPENED  # the screen shows it closed too
    reading = replace(recognition, codes=codes)
    assert won_under_cover(reading, Board(cells), EXPERT_MINES, pressed_safe=[pressed]) is None


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



def _covered(board: str, status: Status, covered: list[Cell]) -> Recognition:
    """A reading of ``board`` with the ``covered`` cells unreadable."""
    return Recognition(None, status, None, "test", unreadable=covered,
                       codes=parse_board(board).cells)


COVER = [(0, 0), (0, 1), (1, 0), (1, 1)]  # a dialog's place over the top-left cells
PLAYED = parse_board("11..\n1F2.\n122.\n")


def test_a_mine_read_on_a_cell_that_was_open_is_no_loss() -> None:
    # the dialog's corner over the opened (2, 2), read as a mine: the game was won
    misread = _covered("..FF\n..2F\n12*F\n", "lost", COVER)
    assert lost_under_cover(misread, PLAYED) is None
    assert lost_under_cover(misread, None) is not None  # nothing to check it against


def test_a_loss_under_cover_shows_its_mines_where_cells_were_closed() -> None:
    # the cells under the dialog that were open stay open (an open cell never closes);
    # the flag under it is not seen, so it is taken as closed
    lost = _covered("..**\n..2.\n122*\n", "lost", COVER)
    assert lost_under_cover(lost, PLAYED) == parse_board("11**\n1.2.\n122*\n")
    assert lost_under_cover(replace(lost, status="won"), PLAYED) is None


def test_a_win_under_cover_agrees_with_the_cells_open_before() -> None:
    cover = [(0, 0), (0, 1), (1, 0)]  # cells that were open
    won = _covered("..FF\n.F2F\n122F\n", "won", cover)
    assert won_under_cover(won, PLAYED, 5) == parse_board("11FF\n1F2F\n122F\n")
    # an opened cell that reads otherwise now: a misread, not a win
    misread = _covered("..FF\n.F3F\n122F\n", "won", cover)
    assert won_under_cover(misread, PLAYED, 5) is None


# a game that shows its mines on a win, confetti over a few cells, open and closed
BEFORE_WIN = parse_board("1..1\n1221\n0000\n00..\n")  # the last safe cells (3, 2), (3, 3)
CONFETTI = [(0, 0), (0, 1), (2, 3)]
WON_WITH_MINES = "1**1\n1221\n0000\n0000\n"


def test_a_win_showing_its_mines_under_confetti_after_safe_presses_is_won() -> None:
    shown = _covered(WON_WITH_MINES, "lost", CONFETTI)  # mines show: the reading says lost
    won = won_under_cover(shown, BEFORE_WIN, 2, pressed_safe=[(3, 2), (3, 3)])
    assert won == parse_board("1.*1\n1221\n0000\n0000\n")  # the covered mine stays closed
    assert lost_under_cover(shown, BEFORE_WIN, pressed_safe=[(3, 2), (3, 3)]) is None


def test_mines_shown_after_a_guess_are_never_taken_for_a_win() -> None:
    shown = _covered(WON_WITH_MINES, "lost", CONFETTI)
    assert won_under_cover(shown, BEFORE_WIN, 2) is None  # the guess may have gone off
    assert lost_under_cover(shown, BEFORE_WIN) is not None


def test_an_end_told_over_cells_that_read_amiss_is_taken_with_the_board_before() -> None:
    # a translucent "Winner!" box dims the cells under it, which may then read wrong: the
    # message decides the end, and the board is the one read before it; a loss after
    # presses all proven safe is not believed
    shot = load_shot("covered/pentiumluls-canvas-x1-won")
    recognition = recognize(shot.image)
    assert recognition.codes is not None
    readable = next(cell for cell in zip(*np.nonzero(recognition.codes > 0), strict=True)
                    if cell not in recognition.unreadable)
    cells = shot.board.cells.copy()
    cells[readable] = 8 if cells[readable] != 8 else 7  # read otherwise now
    before = Board(cells)
    assert ended_by_message(recognition, "won", before) == (before, "won")
    assert ended_by_message(recognition, "lost", before) == (before, "lost")
    assert ended_by_message(recognition, "lost", before, pressed_safe=[readable]) is None
    assert ended_by_message(recognition, "won", shot.board) is not None


def test_an_end_told_over_every_cell_keeps_the_cells_open_before() -> None:
    # an alert dims the whole page, and its frame is the board before the guess that
    # went off; answered, that frame may show a while longer: it is the ended game's
    # board, never a new game's
    before = parse_board("1...\n....\n")
    every_cell = [(row, col) for row in range(2) for col in range(4)]
    dimmed = _covered("....\n....\n", "unknown", every_cell)
    assert ended_by_message(dimmed, "lost", before) == (before, "lost")
    assert ended_by_message(dimmed, "lost", None) == (parse_board("....\n....\n"), "lost")


def test_a_loss_needs_a_mine_at_or_next_to_a_cell_pressed() -> None:
    # darksweeper's "Game Over": the mine that went off, at (10, 8), under the box's
    # edge; the box's big letters read as mines where they cover closed cells
    shot = load_shot("covered/darksweeper-x1-lost")
    recognition = recognize(shot.image)
    board = lost_under_cover(recognition, None)
    assert board is not None and board.cells_where(MINE)
    hidden = recognition.unreadable
    assert loss_at_presses(board, hidden, [(10, 8)])  # hidden under the box
    assert loss_at_presses(board, hidden, [(5, 9), (0, 0)])  # a press under the box
    mine = board.cells_where(MINE)[0]
    assert loss_at_presses(board, hidden, [(mine[0] + 1, mine[1] + 1)])  # next to one
    # mines shown only away from every press: an ended game drawing over a new one
    assert not loss_at_presses(board, hidden, [(0, 29)])
    assert not loss_at_presses(board, hidden, [])


def test_a_loss_that_shows_no_mine_is_not_held_to_the_presses() -> None:
    # told by a face or a message alone: nothing shown to check it against
    assert loss_at_presses(PLAYED, [], [(0, 3)])


def test_a_mine_at_a_cell_pressed_is_never_a_win():
    # muan-emoji's loss opens the whole board: every safe cell open and every mine
    # shown reads as a win that shows its mines, but for the cell pressed
    shot = load_shot("looks/muan-emoji-x1-lost")
    board = recognize(shot.image).board
    assert board is not None and board == shot.board
    mine = board.cells_where(MINE)[0]
    safe = board.cells_where(1)[0]
    assert mine_at_a_press(board, [safe, mine])
    assert not mine_at_a_press(board, [safe])
    assert not mine_at_a_press(board, [])
