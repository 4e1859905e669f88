"""Judging a game's end when something covers part of the board.

A game's end is usually read off the board and its face. A message, confetti or a
"game over" drawn over the board leaves some cells unreadable; the end is then judged
from what can be read and the board before: lost when a mine shows, won when the covered
cells were open (or just pressed, proven safe) and the closed ones left are the mines.
A game that draws nothing at its end and takes no more clicks is judged from the presses
it no longer opens (:func:`ended_undrawn`).
"""

from __future__ import annotations

from collections.abc import Collection

import numpy as np

from sweeper.coordinator.consistency import cells_mask, impossible_changes
from sweeper.coordinator.facts import GameFacts
from sweeper.core import MINE, UNOPENED, Board, Cell, GameStatus
from sweeper.recognizer import Recognition


def ended_under_cover(recognition: Recognition, previous: Board | None,
                      total_mines: int | None, pressed_safe: Collection[Cell] = (),
                      ) -> tuple[Board, GameStatus] | None:
    """The board and status of a game that ended under a cover (lost first: a mine that
    went off ends the game whatever else shows), or None if ``recognition`` shows none."""
    lost = lost_under_cover(recognition, previous, pressed_safe)
    if lost is not None:
        return lost, "lost"
    won = (won_under_cover(recognition, previous, total_mines, pressed_safe)
           if previous is not None else None)
    return None if won is None else (won, "won")


def won_under_cover(recognition: Recognition, previous: Board,
                    total_mines: int | None, pressed_safe: Collection[Cell] = ()) -> Board | None:
    """The board of a won game some cells of which are covered (a message or confetti
    drawn over it), or None if it is not one: each covered cell was open on ``previous``
    (an open cell never closes) or was just pressed, proven safe (``pressed_safe``: it is
    open now, or about to be), the cells open on ``previous`` read the same, and the
    closed cells but those pressed number the game's mines. A pressed cell stays unopened
    on the board returned: what it shows was not seen.

    Mines may show only after proven-safe presses (none went off: the game shows its
    mines on its win), and then a covered cell closed before counts as closed (a mine, if
    the game is won); otherwise such a cell leaves the game undecided (a dialog over the
    board is answered, and the cells read, first)."""
    if (total_mines is None or recognition.codes is None
            or not recognition.unreadable or recognition.codes.shape != previous.cells.shape):
        return None
    codes = recognition.codes.copy()
    pressed = set(pressed_safe)
    shows_mines = bool(np.any((codes == MINE) & ~cells_mask(codes.shape, recognition.unreadable)))
    if shows_mines and not pressed:
        return None
    hidden_safe = 0
    for cell in recognition.unreadable:
        if previous[cell] < 0 and cell not in pressed and not shows_mines:
            return None
        codes[cell] = previous[cell] if previous[cell] >= 0 else UNOPENED
        hidden_safe += cell in pressed
    closed = int(np.count_nonzero(codes < 0)) - hidden_safe
    if closed != total_mines:
        return None
    board = Board(codes)
    return None if impossible_changes(previous, board, ended=True) else board


def won_by_assumed_count(status: GameStatus, recognition: Recognition, board: Board,
                         facts: GameFacts) -> bool:
    """Whether ``board`` reads won by nothing but the count of its closed cells, as many
    as the mines the game is only assumed to hold (the standard count of a size whose
    game shows none), some of them still unopened."""
    return (status == "won" and facts.known_mines is None
            and not recognition.unreadable and recognition.board == board
            and board.count(UNOPENED) > 0 and board.unrevealed == facts.mines)


def won_by_last_presses(previous: Board, pressed_safe: Collection[Cell],
                        total_mines: int | None) -> Board | None:
    """``previous`` as the board of a won game, when the cells just pressed, proven safe,
    were the last safe ones: the closed cells of ``previous`` but those pressed number
    the game's mines. A game may redraw its board on a win (clear it and open it again to
    score it) so that what shows contradicts the board before; the win is certain all
    the same. The pressed cells stay unopened on the board returned: what they show was
    not seen."""
    pressed = set(_still_closed(previous, pressed_safe))
    if total_mines is None or not pressed:
        return None
    closed = previous.unrevealed - len(pressed)
    return previous if closed == total_mines else None


def ended_undrawn(previous: Board, pressed: Collection[Cell], proven_safe: Collection[Cell],
                  total_mines: int | None) -> tuple[Board, GameStatus] | None:
    """The end of a game that took no more clicks and drew no end, from what its last
    presses (``pressed`` on ``previous``, pressed again round after round, nothing
    drawn) can have done; or None if nothing the rules allow explains the silence.

    A game that took the clicks before (a cell of ``previous`` is open) and now opens no
    closed cell pressed has ended: a safe cell opens while a game is in play. Presses
    proven safe (``proven_safe``: the decision's safe cells, all of which they open, the
    rest by the cascade) cannot have gone off: if those were the last safe ones
    (:func:`won_by_last_presses`) the game is won, else nothing explains it (a page that
    ignores clicks). A guess pressed (no cell proven safe), never opened, went off: the
    game is lost. The board is ``previous``: what the end would show was never drawn (a
    page whose end handler fails before it draws)."""
    closed = _still_closed(previous, pressed)
    if not closed or previous.is_fresh:
        return None
    if proven_safe:
        won = won_by_last_presses(previous, {*closed, *proven_safe}, total_mines)
        return None if won is None else (won, "won")
    return previous, "lost"


def ended_by_a_new_game(previous: Board, board: Board, pressed: Collection[Cell],
                        proven_safe: Collection[Cell], total_mines: int | None
                        ) -> tuple[Board, GameStatus] | None:
    """The end of a game whose board, after ``pressed`` on ``previous``, shows a new
    game (every cell of ``board`` closed, none flagged, where ``previous`` had cells
    open): the page began one, by itself or at a dialog's button pressed to answer its
    end, before the end was read. What the last presses can have done tells the end as
    for a game that drew none (:func:`ended_undrawn`), but a guess only where it cannot
    have been the last safe cell (more closed cells than mines would be left); None
    where they tell none."""
    if not board.is_fresh:
        return None
    guessed = _still_closed(previous, pressed) if not proven_safe else []
    if guessed and (total_mines is None
                    or previous.unrevealed - len(guessed) <= total_mines):
        return None
    return ended_undrawn(previous, pressed, proven_safe, total_mines)


def _still_closed(board: Board, pressed: Collection[Cell]) -> list[Cell]:
    """The cells of ``pressed`` that ``board`` shows closed."""
    return [cell for cell in pressed if board[cell] < 0]


def lost_under_cover(recognition: Recognition, previous: Board | None,
                     pressed_safe: Collection[Cell] = ()) -> Board | None:
    """The board of a lost game some cells of which are covered (a "game over" drawn over
    it), its covered cells taken as they were on ``previous`` where open (an open cell
    never closes), else for unopened ones; or None if it is not one: no mine shows, the
    last presses were all proven safe (``pressed_safe``: no mine went off; some games
    show their mines on a win), or the readable cells contradict ``previous`` (a cell
    open before that reads otherwise now, such as a mine read where a dialog's corner
    covers an opened cell)."""
    if recognition.status != "lost" or recognition.codes is None or pressed_safe:
        return None
    board = _as_read(recognition, previous)
    if previous is not None and impossible_changes(
            previous, board, ended=True, hidden=recognition.unreadable):
        return None
    return board


def loss_at_presses(board: Board, hidden: Collection[Cell],
                    pressed: Collection[Cell]) -> bool:
    """Whether a loss ``board`` shows can have come from the cells just ``pressed``: a
    mine shows at or next to one of them (a press lands at most a cell off), or one of
    them is ``hidden`` (under a "game over", where the mine that went off may be), or no
    mine shows at all (a loss told by a face or a message alone). Mines shown only away
    from every press are not this game's loss: what an ended game draws on (its mines
    popping one by one) may run into the next one."""
    mines = board.cells_where(MINE)
    if not mines or any(cell in pressed for cell in hidden):
        return True
    near = {cell for press in pressed for cell in (press, *board.neighbours(press))}
    return any(mine in near for mine in mines)


def mine_at_a_press(board: Board, pressed: Collection[Cell]) -> bool:
    """Whether a cell just ``pressed`` shows a mine on ``board``: no won game shows one
    there (every cell pressed is open), so a board that reads won, every safe cell open
    and the mines shown, is a loss that opened the whole board."""
    return any(board[cell] == MINE for cell in pressed)


def ended_by_message(recognition: Recognition, told: GameStatus | None,
                     previous: Board | None,
                     pressed_safe: Collection[Cell] = ()) -> tuple[Board, GameStatus] | None:
    """The board and status of a game whose end a message over the board tells
    (``told``: "Game over", "You win"), its covered cells taken as they were on
    ``previous`` where open (an open cell never closes), else for unopened ones; or None
    if no message told one, or a loss after presses all proven safe. An end told over
    cells that read amiss (a translucent box dims them: a mine read on a win, or a board
    that contradicts ``previous``) is taken with ``previous`` as its board.

    A dialog may cover every cell and hold the page's last frame, the board before the
    press that ended the game; once answered, that frame may show a while longer. The
    ended board keeps the cells open on it, so that frame is never taken for a new game.
    """
    if told not in ("lost", "won") or recognition.codes is None:
        return None
    board = _as_read(recognition, previous)
    if told == "lost" and pressed_safe:
        return None
    amiss = (told == "won" and bool(board.cells_where(MINE))) or (
        previous is not None and bool(impossible_changes(
            previous, board, ended=True, hidden=recognition.unreadable)))
    if not amiss:
        return board, told
    return None if previous is None else (previous, told)


def _as_read(recognition: Recognition, previous: Board | None = None) -> Board:
    """The board as read, its unreadable cells taken for unopened ones, or as they were
    on ``previous`` where open there."""
    assert recognition.codes is not None
    codes = recognition.codes.copy()
    for cell in recognition.unreadable:
        codes[cell] = previous[cell] if previous is not None and previous[cell] >= 0 \
            else UNOPENED
    return Board(codes)
