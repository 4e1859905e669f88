"""Looking until the board is stable: the only boards the player acts on.

:class:`BoardWatch` takes shots of the board (:class:`~coordinator.look.Looker`) until one
can be believed. It never hands out a board it is unsure of: unreadable cells, a board
that contradicts the previous one, or one that is not yet what the clicks made make it
look again, answering what covers the board (:class:`~coordinator.cover_wait.CoverWait`)
and taking a game's end under a cover (:mod:`coordinator.ending`); past a deadline it
stops with a :class:`~coordinator.look.WatchError` that says what it saw. Each
:class:`Sight` says what was waited for on the way.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from sweeper.coordinator.consistency import impossible_changes, too_few_closed
from sweeper.coordinator.cover_wait import CoverWait
from sweeper.coordinator.covers import POINTER_HIDES, CoverAnswerer
from sweeper.coordinator.ending import (
    ended_by_a_new_game,
    ended_under_cover,
    mine_at_a_press,
    won_by_assumed_count,
    won_by_last_presses,
)
from sweeper.coordinator.facts import GameFacts
from sweeper.coordinator.look import Looker, Shot, WatchError
from sweeper.coordinator.passing import Presses, not_believed, unread_as_before
from sweeper.coordinator.play_log import log
from sweeper.coordinator.stillness import Stillness
from sweeper.coordinator.told import ToldEnds
from sweeper.coordinator.unshown import Pace, Unshown
from sweeper.core import Board, Cell, GameStatus
from sweeper.recognizer import Recognition, Status

POLL_S = 0.005  # pause between two looks while waiting for the screen to settle
REDRAW_PATIENCE_S = 8.0  # more time for a board redrawn after proven-safe clicks (a win)
LATE_LESSONS = 5  # looks past the deadline that taught the skin a picture, read again each,
# at most: a page that draws a new picture on every look (a glow pulsing under the
# pointer) would teach one forever, and the run would hang without a word
SETTLE_TIMEOUT_S = 3.0  # how long clicks may take to show: a busy page redraws within it;
# past it a board where they never showed is taken (the player then counts an idle turn)
WIN_SIGN_S = 1.5  # how long a win told by an assumed count alone is looked at for a sign
# of it (a message, a cover) before the game is taken as still in play
WIN_SIGN_POLL_S = 0.1  # between two of those looks
NEW_GAME_TIMEOUT_S = 5.0  # how long a restarted game may take to show a new board
NEW_GAME_POLL_S = 0.02  # pause between two looks for the new game (one frame at 50 Hz)
WATCH_LIMIT_S = 120.0  # no watch looks longer, whatever it sees: the longest patience given
# (a moving cover's 30 s after the clicks' 3 s and a redraw's 8 s) with room for looks of
# seconds each on a loaded machine; past it a page that never holds still (an end read
# two ways in turn) stops the run rather than hold it for ever
CELLS_NAMED = 10  # contradicting cells an error names (enough to find them on a screenshot)
COVER_AFTER_LAST_PRESS = "a cover over the board after the last safe cell"  # what a win
# taken so waited for: its board is the one before the presses, whose cells were not seen
PASSING_OVER = "cells an animation passes over, taken as they were"  # what a board read
# but for them waited for (:mod:`coordinator.passing`)
CLICKS_NOT_SHOWN = "clicks not shown yet"  # what a look taken before the page drew the
# batch waited for
PRESSED_AGAIN = "clicks pressed again: the page drew none of them"  # a batch ignored
MESSAGE_OVER = "a message over the board"  # what an end told by one waited for ...
SAME_MESSAGE = "the same message over the board"  # ... and its second reading, whose
# picture had been read already (:mod:`coordinator.told`)
NEW_GAME_OVER_THE_END = "a new game begun over the last one's end"  # what a board fresh
# again after the presses waited for: its end told by those presses


@dataclass(frozen=True)
class Sight:
    """One confident reading of the board; ``captured_at`` is when its screenshot was
    requested (``time.monotonic()``); ``looks`` how many shots it took and ``waits`` why
    the ones before it were not believed (and what was done about it). ``unread`` are
    cells an animation passed over, taken as they were on the board before
    (:mod:`coordinator.passing`): nothing is pressed there."""

    board: Board
    status: GameStatus
    recognition: Recognition
    image: npt.NDArray[np.uint8]
    captured_at: float
    looks: int = 1
    waits: tuple[str, ...] = ()
    unread: tuple[Cell, ...] = ()


class BoardWatch:
    """Looks at the located board until what it shows can be believed."""

    def __init__(self, looker: Looker, covers: CoverAnswerer) -> None:
        self.looker = looker
        self.covers = covers
        self.told = ToldEnds()  # the last message read over the board, and its end
        self.pace = Pace()  # how long the page takes to draw a batch

    def until_readable(self, facts: GameFacts, deadline: float, previous: Board | None = None,
                       pressed_safe: Collection[Cell] = (), pointer: Cell | None = None,
                       *, pressed: Presses | None = None, clicked: Collection[Cell] = (),
                       unshown: Unshown | None = None) -> Sight:
        """Read until every cell and the status are confident, or raise past ``deadline``.

        A reading that taught the skin a new picture is read again before it is believed,
        even past ``deadline``.
        Cells that stay unreadable get the covers answered, in turn. A game over is taken
        with a few cells covered (:func:`~coordinator.ending.ended_under_cover`; the
        ``previous`` board and the cells just pressed, proven safe, ``pressed_safe``,
        tell a won one). ``pointer`` is the cell the last press left the pointer on.
        With the ``pressed`` cells, a board on which they show where they were read,
        with the cells an animation passes over taken as they were on ``previous``, is
        taken before those can be read (:mod:`coordinator.passing`). A board read whole
        with a mine at a cell just ``clicked`` open is lost, whatever its status read
        (:func:`~coordinator.ending.mine_at_a_press`). Until ``deadline``,
        a screenshot that shows nothing of the ``unshown`` batch yet is not read, and a
        batch the page plainly ignored is pressed again (:mod:`coordinator.unshown`).
        """
        started = time.monotonic()
        clicks_due = deadline  # the clicks' own time: a cover's patience moves ``deadline``
        looks = late_lessons = 0
        cover = CoverWait(self.covers, self.told)
        waits: list[str] = []
        stillness = Stillness(self.looker.placed.geometry)
        before: Shot | None = None  # the look before this one
        while True:
            _within_the_limit(started, waits)
            snapped = self.looker.snap()
            looks += 1
            if unshown is not None and time.monotonic() < deadline and self._undrawn(
                    unshown, snapped[0], waits):
                time.sleep(POLL_S)
                continue
            shot = self.looker.shoot(facts.mines, snapped)
            recognition = shot.recognition
            if pressed is not None and pressed.pending_in(recognition) and (
                    time.monotonic() < clicks_due):
                # the page still at work on the presses (a busy page redraws its whole
                # board for each): no cover yet, until the clicks' time is up (not the
                # cover's: a press seen in turn pending and covered renewed it forever)
                cover.restart()
            elif recognition.unreadable:  # time to answer a dialog or two
                deadline = cover.saw(deadline)
            implausible = None if recognition.board is None else too_few_closed(
                recognition.board, facts.fewest_mines)
            status = _status_at_presses(recognition, clicked)
            if recognition.board is not None and status != "unknown" and (
                    not recognition.learned and implausible is None):
                return _sight(shot, recognition.board, status, looks, waits)
            ended = ended_under_cover(recognition, previous, facts.known_mines, pressed_safe)
            if ended is not None:
                # a mine went off, or a message is drawn over an open part of the board
                # after the last safe cell: nothing on it will be clicked again
                return _sight(shot, *ended, looks, waits)
            won = self._won_under_a_new_cover(recognition, previous, facts, pressed_safe,
                                              pointer)
            if won is not None:
                return _sight(shot, won, "won", looks, [*waits, COVER_AFTER_LAST_PRESS])
            told = self.told.again(recognition, shot.image, self.looker.placed.geometry,
                                   previous, pressed_safe)
            if told is not None:  # the picture a message was read on: its end, at once
                return _sight(shot, *told, looks, [*waits, SAME_MESSAGE])
            passing = None if pressed is None else self._passing(shot, before, previous)
            if passing is not None and pressed is not None and pressed.seen(
                    *passing).taken and too_few_closed(passing[0], facts.fewest_mines) is None:
                return replace(_sight(shot, passing[0], "playing", looks,
                                      [*waits, PASSING_OVER]), unread=passing[1])
            before = shot
            still = stillness.look(shot.image, recognition)
            late = time.monotonic() >= deadline
            late_lessons += late and bool(recognition.learned)
            if late and (not recognition.learned or late_lessons > LATE_LESSONS) and (
                    not recognition.unreadable or cover.waited_out(still)):
                # a look that taught the skin a picture is read again however late it
                # came (on a loaded machine one look can outlast the deadline), up to
                # LATE_LESSONS times: a skin full of pictures makes room for new ones
                problem = (implausible or recognition.message
                           or "the game's status (face) could not be read")
                log.info("gave up after %d looks in %.0f ms, waited for: %s", looks,
                         1000 * (time.monotonic() - started), reasons_summary(waits))
                raise WatchError(f"the board stayed unreadable: {problem}")
            waits.append("too few closed cells" if implausible else _why_unbelieved(recognition))
            told = cover.answer(shot, still, self.looker.placed, waits, previous=previous,
                                pressed_safe=pressed_safe, pointer=pointer)
            if told is not None:
                return _sight(shot, *told, looks, [*waits, MESSAGE_OVER])
            time.sleep(POLL_S)

    def _undrawn(self, unshown: Unshown, image: npt.NDArray[np.uint8],
                 waits: list[str]) -> bool:
        """Whether ``image`` shows nothing of the ``unshown`` batch (then not read);
        one the page plainly ignored is pressed again (said in ``waits``)."""
        if not unshown.undrawn(image, self.looker.placed.geometry, self.pace):
            return False
        waits.append(CLICKS_NOT_SHOWN)  # the same to the pixel where pressed
        if unshown.again_if_ignored(self.pace):
            waits.append(PRESSED_AGAIN)
        return True

    def _passing(self, shot: Shot, before: Shot | None, previous: Board | None
                 ) -> tuple[Board, tuple[Cell, ...]] | None:
        """The board of ``shot`` with the cells not believed in it (not read in it or
        in the look ``before``, or faded since) taken as they were on ``previous``, and
        those cells, if something moves over every cell unreadable in it (an animation
        passing: :mod:`coordinator.passing`); else None."""
        recognition = shot.recognition
        if previous is None or before is None or not recognition.unreadable:
            return None
        unread = not_believed(before.image, shot.image, self.looker.placed.geometry,
                              recognition.unreadable, before.recognition.unreadable)
        board = None if unread is None else unread_as_before(recognition, previous, unread)
        return None if board is None or unread is None else (board, unread)

    def _won_under_a_new_cover(self, recognition: Recognition, previous: Board | None,
                               facts: GameFacts, pressed_safe: Collection[Cell],
                               pointer: Cell | None) -> Board | None:
        """``previous`` as the board of a won game when the cells just pressed, proven
        safe, were the last safe ones (:func:`~coordinator.ending.won_by_last_presses`)
        and a cover now hides more cells than the pointer's highlight or tooltip may, not
        round the pointer and over cells that were open: the game's answer to the win.
        A game may put up its win dialog before it draws the last cell open (a prompt for
        the winner's name blocks its page), so the pressed cells need not show; waiting
        for them would mean answering its dialogs first."""
        if previous is None or len(recognition.unreadable) <= POINTER_HIDES or not any(
                previous[cell] >= 0 for cell in recognition.unreadable):
            return None  # nothing, or only closed cells being drawn anew (the flags or
            # mines a game shows on a win, each unread until it holds still)
        won = won_by_last_presses(previous, pressed_safe, facts.known_mines)
        if won is None or self.covers.drawn_at_pointer(self.looker.placed, pointer,
                                                       recognition.unreadable):
            return None
        return won

    def settle(
        self,
        facts: GameFacts,
        previous: Board,
        clicked: Collection[Cell],
        flag_toggled: Collection[Cell] = (),
        timeout_s: float = SETTLE_TIMEOUT_S,
        *,
        proven_safe: Collection[Cell] = (),
        whole: bool = False,
        decided_on: npt.NDArray[np.uint8] | None = None,
        press_again: Callable[[], None] | None = None,
    ) -> Sight:
        """The board after clicks, checked to be able to follow ``previous``.

        ``proven_safe``, the decision's safe cells, says the clicked cells were proven
        safe (none for a guess): one of them under a message drawn over a won game does
        not hide its end.
        Unless ``whole`` is asked for, a board whose presses show may be taken with the
        cells an animation passes over unread (:mod:`coordinator.passing`); a look in
        which every pressed cell is the same to the pixel as in ``decided_on`` (the look
        the clicks were decided on) is not read, the page having drawn none of them, and
        a batch of which nothing shows for long is pressed again with ``press_again``
        (:mod:`coordinator.unshown`).

        A game in play is taken as soon as every click shows (clicked cells open, flags
        placed): it is then a state the game really reached. A finished game must read
        the same twice; past ``timeout_s`` so must a board on which the clicks never
        showed (the caller sees that nothing changed). After a guess, or where the mine
        count is only assumed, a board that keeps contradicting ``previous`` is read for
        a message over it ("Game over"): the end it tells is taken, with ``previous`` as
        the board (its cells were not read). A board read fresh twice, a new game begun
        over the end (a dialog's "Play again" pressed to answer it), ends the game as the
        presses tell (:func:`~coordinator.ending.ended_by_a_new_game`).
        """
        started = time.monotonic()
        deadline = started + timeout_s
        last: Sight | None = None
        last_faulty: Sight | None = None  # the last look, if it contradicted ``previous``
        looks, waits = 0, list[str]()
        redraw_awaited = False
        pressed = [*clicked, *flag_toggled]  # in the order pressed
        presses = None if whole else Presses(clicked, flag_toggled)
        unshown = None if presses is None or decided_on is None else Unshown(
            presses, decided_on, time.monotonic(), press_again)
        while True:
            sight = self.until_readable(
                facts, deadline, previous, clicked if proven_safe else (),
                pressed[-1] if pressed else None, pressed=presses, clicked=clicked,
                unshown=unshown)
            looks, waits = looks + sight.looks, waits + list(sight.waits)
            faulty = impossible_changes(
                previous, sight.board, flag_toggled, ended=sight.status != "playing",
                hidden=sight.recognition.unreadable,
            )
            won = (won_by_last_presses(previous, clicked, facts.known_mines)
                   if faulty and proven_safe else None)
            if won is not None:
                return replace(sight, board=won, status="won", looks=looks,
                               waits=(*waits, "the board redrawn after the last safe cell"))
            read_twice = last_faulty is not None and last_faulty.board == sight.board
            restarted = ended_by_a_new_game(
                previous, sight.board, clicked, proven_safe,
                facts.known_mines) if faulty and read_twice else None
            if restarted is not None:
                return replace(sight, board=restarted[0], status=restarted[1], looks=looks,
                               waits=(*waits, NEW_GAME_OVER_THE_END))
            if faulty and proven_safe and not redraw_awaited:
                # a game may clear its board on a win and open it again to score it
                deadline, redraw_awaited = deadline + REDRAW_PATIENCE_S, True
            # a new game's board, first seen past the deadline (a dialog's button
            # pressed while the cover was waited on), is looked at once more
            if faulty and time.monotonic() >= deadline and (
                    read_twice or not sight.board.is_fresh):
                told = (None if proven_safe and facts.known_mines is not None
                        else self.told.over_board(sight.image,
                                                  self.looker.placed.geometry))
                if told is not None:  # an end box over a shaded board, after a guess or
                    # where no count tells a win
                    return replace(sight, board=previous, status=told, looks=looks,
                                   waits=(*waits, "a message over a board redrawn"))
                log.info("gave up after %d looks, waited for: %s", looks,
                         reasons_summary(waits))
                raise WatchError(
                    "the board contradicts the previous one at "
                    + ", ".join(f"({r}, {c})" for r, c in faulty[:CELLS_NAMED])
                    + "; refusing to act on it"
                )
            if not faulty and _settled(sight, last, clicked, flag_toggled, deadline):
                return replace(sight, looks=looks, waits=tuple(waits))
            waits.append("the board contradicts the previous one" if faulty
                         else CLICKS_NOT_SHOWN if sight.status == "playing"
                         else "the game's end, to be read twice")
            last, last_faulty = (None, sight) if faulty else (sight, None)
            _within_the_limit(started, waits)
            time.sleep(POLL_S)

    def for_a_sign_of_the_win(self, facts: GameFacts, sight: Sight) -> Sight:
        """``sight``, a win told by nothing but an assumed count (see
        :func:`~coordinator.ending.won_by_assumed_count`), looked at for
        :data:`WIN_SIGN_S` more: what then shows over it (a message, a cover) is read for
        the end as ever; a board that shows nothing more, or once read again
        nothing but the assumed count, is still in play, the game holding fewer mines
        than assumed."""
        deadline = time.monotonic() + WIN_SIGN_S
        while time.monotonic() < deadline:
            time.sleep(WIN_SIGN_POLL_S)
            recognition = self.looker.shoot(facts.mines).recognition
            if recognition.unreadable or recognition.board != sight.board:
                seen = self.until_readable(facts, time.monotonic() + SETTLE_TIMEOUT_S,
                                           sight.board)
                if not won_by_assumed_count(seen.status, seen.recognition, seen.board, facts):
                    return seen
                sight = seen  # the assumed count alone again (a cell drawn anew a
                # moment, a flag): no sign
        log.info("every cell open but the %s assumed mines, and the game shows no end: "
                 "it holds fewer; played on", facts.mines)
        return replace(sight, status="playing",
                       waits=(*sight.waits, "a win by the assumed count, not shown"))

    def new_game(self, facts: GameFacts, ended: Board,
                 timeout_s: float = NEW_GAME_TIMEOUT_S) -> Sight:
        """After a restart: the first stable board of a game in play that differs from
        the ended one (some clones open a few cells by themselves at the start)."""
        deadline = time.monotonic() + timeout_s
        while True:
            sight = self.until_readable(facts, deadline)
            if is_new_game(sight, ended):
                return sight
            if time.monotonic() >= deadline:
                raise WatchError(f"no new game appeared within {timeout_s:.0f} s")
            time.sleep(NEW_GAME_POLL_S)


def is_new_game(sight: Sight, ended: Board) -> bool:
    """Whether ``sight`` shows a game in play other than the ``ended`` one (or a fresh
    board, which a new game of a clone that repeats its mines may show). A board that
    keeps every cell open on the ended one as it was is that game drawn on, not a new
    one: a win taken under a dialog has the board before the last press for its board,
    and once the dialog is answered the page draws that press."""
    if sight.status != "playing":
        return False
    return sight.board.is_fresh or (sight.board != ended and not _continues(sight.board, ended))


def _continues(board: Board, ended: Board) -> bool:
    """Whether ``board`` shows every cell open on ``ended`` as it was there (only more
    cells open: a game only ever opens cells, a new one closes them again)."""
    opened = ended.cells >= 0
    return board.cells.shape == ended.cells.shape and bool(opened.any()) and bool(
        np.array_equal(board.cells[opened], ended.cells[opened]))


def _status_at_presses(recognition: Recognition, clicked: Collection[Cell]) -> Status:
    """The status ``recognition`` read, or lost where its board shows a mine at a cell
    just ``clicked``: a loss that opens every cell reads as a win showing its mines, or,
    its face unknown, as neither."""
    board = recognition.board
    if board is None or recognition.status == "lost" or not mine_at_a_press(board, clicked):
        return recognition.status
    log.info("a mine at a cell just pressed, the status read %s: lost", recognition.status)
    return "lost"


def _sight(shot: Shot, board: Board, status: GameStatus, looks: int,
           waits: list[str]) -> Sight:
    return Sight(board, status, shot.recognition, shot.image, shot.requested_at,
                 looks=looks, waits=tuple(waits))


def reasons_summary(waits: Sequence[str]) -> str:
    """``clicks not shown yet x2, unreadable cells``: each reason once, with its count."""
    return ", ".join(reason if times == 1 else f"{reason} x{times}"
                     for reason, times in Counter(waits).items())


def _why_unbelieved(recognition: Recognition) -> str:
    """Why a shot was not believed, in a few words."""
    if recognition.unreadable:
        return "unreadable cells"
    if recognition.learned:
        return "new tile pictures, to be read again"
    return "the game's status (face) could not be read"


def _within_the_limit(started: float, waits: Sequence[str]) -> None:
    """Raise if a watch ``started`` then has looked for longer than :data:`WATCH_LIMIT_S`."""
    if time.monotonic() - started > WATCH_LIMIT_S:
        raise WatchError(f"the board did not hold still in {WATCH_LIMIT_S:.0f} s; waited "
                         f"for: {reasons_summary(waits)}")


def _settled(
    sight: Sight,
    last: Sight | None,
    clicked: Collection[Cell],
    flagged: Collection[Cell],
    deadline: float,
) -> bool:
    """Whether ``sight`` (consistent and readable) is the board to act on next."""
    if sight.status == "playing" and clicks_took_effect(sight, clicked, flagged):
        return True
    repeated = last is not None and sight.board == last.board and sight.status == last.status
    return repeated and (sight.status != "playing" or time.monotonic() >= deadline)


def clicks_took_effect(sight: Sight, clicked: Collection[Cell],
                       flagged: Collection[Cell] = ()) -> bool:
    """Whether every clicked cell is no longer unopened and every flagged one shows its
    flag (but those left unread under an animation), or the game is over."""
    if sight.status != "playing":
        return True
    return not Presses(clicked, flagged).seen(sight.board, sight.unread).pending
