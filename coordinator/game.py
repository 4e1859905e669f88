"""One game, turn by turn, from its first board to its end.

Each turn is one straight line (:meth:`GamePlay.play`): decide on the board seen (the
analyzer, on the game's facts), act (:class:`~coordinator.act.Hands`), record, then look
until stable (:class:`~coordinator.watch.BoardWatch`, which answers what covers the board
and takes a game's end under a cover) and judge the end. The game owns its facts while
it is played: a board found to fit another mine count replaces them, and the game hands
them back with its end.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from sweeper.coordinator.act import Batch, Hands
from sweeper.coordinator.count_slack import decide_with_count_slack
from sweeper.coordinator.covers import POINTER_HIDES
from sweeper.coordinator.decide import AnalyzerRejectedError, Decider, Decision
from sweeper.coordinator.ending import (
    ended_undrawn,
    loss_at_presses,
    won_by_assumed_count,
)
from sweeper.coordinator.facts import GameFacts
from sweeper.coordinator.look import Looker, SkinMark
from sweeper.coordinator.outcome import GameResult, PlayError
from sweeper.coordinator.passing import read_cells_only
from sweeper.coordinator.play_log import log
from sweeper.coordinator.progress import IgnoredClicksError, Progress
from sweeper.coordinator.recording import GameRecorder
from sweeper.coordinator.turn_log import end_line, moves_summary, turn_line
from sweeper.coordinator.turn_record import seen_record, step_record
from sweeper.coordinator.watch import BoardWatch, Sight
from sweeper.core import UNOPENED, Board
from sweeper.recognizer import Recognition

PASSING_COVER_S = 3.0  # how long an animation over a won board is waited out (leaves thrown
# by the last opening take about a second)
PASSING_COVER_POLL_S = 0.3  # between looks at it: a cover the same twice holds still
LOSS_PATIENCE_S = 10.0  # how long a loss shown away from every cell pressed is looked at
# again before it is taken: an ended game's mines popping one by one may draw over the
# next game for seconds (teumal-google's flowers)
LOSS_POLL_S = 0.1  # between two of those looks


@dataclass(frozen=True)
class GameParts:
    """What every game of a run is played with; ``on_sight`` sees every board acted on
    (or ended on)."""

    looker: Looker
    watch: BoardWatch
    decider: Decider
    hands: Hands
    on_sight: Callable[[Sight], None]


@dataclass(frozen=True)
class GameEnd:
    """How a game ended: its result, the look it ended on, its facts at the end, and how
    many pictures the reader knew before its final turn (what that turn showed is
    forgotten before the next game)."""

    result: GameResult
    sight: Sight
    facts: GameFacts
    mark: SkinMark | None


class GamePlay:
    """Plays one game on ``facts``, counting on ``progress`` whether the clicks take,
    and recording every turn to ``recording`` if given."""

    def __init__(self, parts: GameParts, facts: GameFacts, progress: Progress,
                 recording: GameRecorder | None = None) -> None:
        self.parts = parts
        self.facts = facts
        self.progress = progress
        self.recording = recording
        self.result = GameResult("playing", 0.0, 0, 0, 0, mines=facts.mines,
                                 mines_from=facts.mines_from)
        self._mark: SkinMark | None = None  # the reader before the latest turn
        self._first_click_at: float | None = None
        self._deaf = False  # the game ended taking no more clicks (and drawing no end)

    def play(self, sight: Sight) -> GameEnd:
        """Play from ``sight`` (the board found, or the new game) until the game is won
        or lost."""
        self.parts.on_sight(sight)
        waited_ms: float | None = None
        last: tuple[Sight, Batch] | None = None  # the last turn's board and act
        while sight.status == "playing":  # judge the end (under a cover: during the look)
            batch = self._turn(sight, waited_ms)  # decide, act, record
            if batch is None:  # nothing to press among the cells read: the whole board
                assert last is not None, "a game's first board is read whole"
                sight, waited_ms = self._look(*last, whole=True)
                continue
            last = sight, batch
            sight, waited_ms = self._look(sight, batch)  # screenshot, look until stable
        return self._end(sight, waited_ms)

    def _turn(self, sight: Sight, waited_ms: float | None) -> Batch | None:
        """Decide on ``sight``'s board, act on it and record the turn; None, with
        nothing done, on a board with cells unread whose decision presses none of the
        cells read (:mod:`coordinator.passing`)."""
        decide_started = time.perf_counter()
        decision = self._decide(sight.board)
        if sight.unread:
            read_only = read_cells_only(decision, sight.unread)
            if read_only is None:
                log.info("nothing proven safe among the cells read (%d unread under an "
                         "animation): the whole board is waited for", len(sight.unread))
                return None
            decision = read_only
        self._mark = self.parts.looker.skin_mark()  # the last one taken marks the final turn
        batch = self.parts.hands.act(sight, decision, self.parts.looker.placed, decide_started,
                                     self.progress.rest_ms)
        self._count(batch)
        if self.recording is not None:
            geometry = self.parts.looker.placed.geometry
            self.recording.add(step_record(self.result.steps, sight, batch, geometry,
                                           self.facts), sight.image)
        log.info("%s", turn_line(self.result.steps, sight, waited_ms, moves_summary(
            batch.targets, batch.flags, bool(decision.safe)), batch.timings))
        return batch

    def _decide(self, board: Board) -> Decision:
        """The analyzer's decision on ``board`` with the game's facts; a game found to
        hold a mine more or fewer than its count is played on with the count its board
        fits: the facts are replaced (and a note says so)."""
        facts = self.facts
        try:
            decision, fitted = decide_with_count_slack(self.parts.decider, board, facts)
        except AnalyzerRejectedError as error:
            raise PlayError(f"the analyzer rejected the board as read: {error}") from error
        if fitted != facts:
            self.facts = fitted
            self.result.notes.append(
                f"no mine placement fits the count of {facts.mines} mines, one of "
                f"{fitted.mines} does: played on with {fitted.mines}")
            log.info("%s", self.result.notes[-1])
        return decision

    def _count(self, batch: Batch) -> None:
        """Add the turn's clicks, guess and time to the result."""
        result = self.result
        self._first_click_at = self._first_click_at or batch.clicked_at
        result.steps += 1
        result.clicks += len(batch.targets) + len(batch.flags)
        result.guesses += not batch.decision.safe
        result.loop_ms.append(batch.timings["screenshot_to_clicks"])

    def _look(self, previous: Sight, batch: Batch, *, whole: bool = False
              ) -> tuple[Sight, float]:
        """The board after ``batch``, looked at until stable (``whole``: every cell
        read), and how long after the clicks its screenshot was taken (ms); a game that
        ignores the clicks is given up."""
        sight = self._settle(previous, batch, whole=whole)
        if sight.status == "lost" and not _at_presses(sight, batch):
            sight = self._loss_looked_at_again(previous, batch, sight, whole=whole)
        if won_by_assumed_count(sight.status, sight.recognition, sight.board, self.facts) and (
                not self._every_closed_cell_a_mine(sight.board)):
            sight = self.parts.watch.for_a_sign_of_the_win(self.facts, sight)
        try:
            self.progress.check(previous, sight, batch.targets)
        except IgnoredClicksError as error:
            sight = self._undrawn_end(sight, batch, error)
        self.parts.on_sight(sight)
        return sight, (sight.captured_at - batch.clicked_at) * 1000

    def _undrawn_end(self, sight: Sight, batch: Batch, ignored: IgnoredClicksError) -> Sight:
        """``sight``, unchanged by ``batch`` pressed round after round, as the end of a
        game that takes no more clicks and draws no end
        (:func:`~coordinator.ending.ended_undrawn`); the error stands if the rules
        explain no end."""
        ended = ended_undrawn(sight.board, batch.targets, batch.decision.safe,
                              self.facts.known_mines)
        if ended is None:
            raise ignored
        board, status = ended
        pressed = ", ".join(f"({r}, {c})" for r, c in batch.targets)
        why = ("the last safe cells" if status == "won" else "a guess")
        log.info("%s: the game takes no more clicks and drew no end; %s pressed (%s) "
                 "never opened: taken as %s", ignored, why, pressed, status)
        self._deaf = True
        self.progress.idle_was_the_end()
        return replace(sight, board=board, status=status,
                       waits=(*sight.waits, "no end drawn: the game took no more clicks"))

    def _settle(self, previous: Sight, batch: Batch, *, whole: bool,
                again: bool = True) -> Sight:
        """The board after ``batch``, looked at until stable (:meth:`BoardWatch.settle`);
        with ``again``, a batch of which nothing shows for long is pressed again."""
        return self.parts.watch.settle(
            self.facts, previous.board, batch.targets, batch.flags,
            proven_safe=batch.decision.safe, whole=whole, decided_on=previous.image,
            press_again=(lambda: self._press_again(batch)) if again else None)

    def _loss_looked_at_again(self, previous: Sight, batch: Batch, lost: Sight, *,
                              whole: bool) -> Sight:
        """The board after ``batch`` where ``lost`` shows its mines only away from every
        cell pressed (:func:`~coordinator.ending.loss_at_presses`): looked at again until
        it shows something else or a loss at a press, for :data:`LOSS_PATIENCE_S` at
        most; past that the loss is taken."""
        log.info("a loss shown away from every cell pressed: looked at again")
        deadline = time.monotonic() + LOSS_PATIENCE_S
        sight = lost
        while time.monotonic() < deadline:
            time.sleep(LOSS_POLL_S)
            sight = self._settle(previous, batch, whole=whole, again=False)  # never on a loss
            if sight.status != "lost" or _at_presses(sight, batch):
                return sight
        log.info("the loss away from every cell pressed stayed %.0f s: taken", LOSS_PATIENCE_S)
        return sight

    def _press_again(self, batch: Batch) -> None:
        """Press ``batch``'s opening clicks again (the page drew none of them)."""
        log.info("none of the %d cells opened shows: pressed again", len(batch.targets))
        self.parts.hands.press(self.parts.looker.placed, batch.targets, [],
                               self.progress.rest_ms)

    def _every_closed_cell_a_mine(self, board: Board) -> bool:
        """Whether every unopened cell of ``board`` is a mine at every count that fits (a
        win whatever the count)."""
        closed = set(board.cells_where(UNOPENED))
        return closed <= set(self._decide(board).mines)

    def _end(self, end: Sight, waited_ms: float | None) -> GameEnd:
        """The game's end: said, the closed cells flagged where a win needs it, and
        recorded."""
        log.info("%s", end_line(end, waited_ms, self.facts))
        self._flag_the_rest(end)
        result = self.result
        result.result = end.status
        result.seconds = end.captured_at - (self._first_click_at or end.captured_at)
        if self.recording is not None:
            geometry = self.parts.looker.placed.geometry
            self.recording.add(seen_record(result.steps + 1, end, geometry, self.facts),
                               end.image)
            self.recording.finish(result.summary())
        if end.status not in ("won", "lost"):
            raise PlayError(f"the game's status could not be read ({end.status})")
        return GameEnd(result, end, self.facts, self._mark)

    def _flag_the_rest(self, end: Sight) -> None:
        """Flag the closed cells of a game won by its count, where nothing covers the
        board: some games are won only once every mine carries a flag, and show nothing
        before (their face, if any, stays as it was). The flags go in one batch; the win
        stands either way (every safe cell is open). What moves over the board (an
        animation of the last opening) is waited out, and a cell it then shows open gets
        no flag; a few cells hidden by what the pointer draws get none (one may be the
        safe cell just pressed)."""
        recognition = end.recognition
        hidden = set(recognition.unreadable)
        redrawn = recognition.board is not None and recognition.board != end.board
        if end.status != "won" or redrawn or self._deaf:
            return  # a board redrawn for the win, or one that takes no more clicks
        if len(hidden) > POINTER_HIDES:
            uncovered = self._uncovered(recognition)
            if uncovered is None:
                return  # a dialog over the board: a press there could hit its buttons
            recognition, hidden = uncovered, set(uncovered.unreadable)
        shown = recognition.codes
        closed = [cell for cell in end.board.cells_where(UNOPENED)
                  if cell not in hidden and (shown is None or shown[cell] < 0)]
        if not closed:
            return
        log.info("won by the count: flagging the %d closed cells left", len(closed))
        self.parts.hands.press(self.parts.looker.placed, [], closed, self.progress.rest_ms)

    def _uncovered(self, covered: Recognition) -> Recognition | None:
        """A reading of the board once what moves over it has passed (no more than
        :data:`POINTER_HIDES` cells hidden); None if the cover holds still (a dialog) or
        stays past :data:`PASSING_COVER_S`."""
        deadline = time.monotonic() + PASSING_COVER_S
        while time.monotonic() < deadline:
            time.sleep(PASSING_COVER_POLL_S)
            now = self.parts.looker.shoot(self.facts.mines).recognition
            if len(now.unreadable) <= POINTER_HIDES:
                return now
            if set(now.unreadable) == set(covered.unreadable):
                return None
            covered = now
        return None


def _at_presses(sight: Sight, batch: Batch) -> bool:
    """Whether the loss ``sight`` shows can have come from ``batch``'s presses."""
    return loss_at_presses(sight.board, sight.recognition.unreadable, batch.targets)
