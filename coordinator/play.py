"""The play loop: screenshot -> recognize -> analyze -> click, game after game.

A turn is one straight line (:meth:`Player.play_game`): a screenshot, looked at until
stable (:mod:`coordinator.watch`, which answers what covers the board with
:mod:`coordinator.covers` and takes a game's end under a cover from
:mod:`coordinator.ending`), the end judged, the analyzer's decision on the game's facts
(:mod:`coordinator.facts`), the act (every proven-safe cell in one batch, or the one best
guess: :mod:`coordinator.moves`), and the record. Clicks go only to cell centres inside
the recognised board, and to the face button to start a new game.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from sweeper.coordinator.covers import CoverAnswerer
from sweeper.coordinator.decide import (
    AnalyzerRejectedError,
    Decider,
    Decision,
    decide_with_count_slack,
)
from sweeper.coordinator.facts import GameFacts
from sweeper.coordinator.look import Looker, Placement, WatchError
from sweeper.coordinator.moves import cells_to_click, press_actions
from sweeper.coordinator.recording import GameRecorder, RunRecorder, StepRecord, rect_in_file
from sweeper.coordinator.screen import Screen
from sweeper.coordinator.turn_log import end_line, log, moves_summary, turn_line, wait_summary
from sweeper.coordinator.watch import BoardWatch, Sight, clicks_took_effect, is_new_game
from sweeper.core import FLAG, UNOPENED, Board, Cell, GameStatus, Rect, Rules, SweeperError
from sweeper.effector import ActionBatch, AllowedKey, ClickAction, KeyAction, validate_batch
from sweeper.recognizer import BoardGeometry, BoardReader

MAX_IDLE_TURNS = 3  # turns in a row whose clicks changed nothing before giving up
NEW_GAME_ATTEMPTS = 3  # presses of the new-game control (with Enter between) before giving up
# keys pressed in turn where a game shows no new-game control: F2 (desktop games' new
# game), then F5 (a web page without a control starts a new game when reloaded)
NEW_GAME_KEYS: tuple[AllowedKey, ...] = ("f2", "f5")
NEW_GAME_WAIT_S = 2.0  # how long a pressed new-game control may take to show a new game
RELOAD_WAIT_S = 10.0  # ... and a page reloaded by F5 (a busy machine, an intro animation)
REST_MS = 60  # pointer rest before each press, for games that ignore a press on arrival ...
REST_AFTER_MISSES = 2  # ... once this many turns in a row left a clicked cell unopened


class PlayError(SweeperError, RuntimeError):
    """Playing cannot go on safely; the message says why."""


@dataclass
class PlayOptions:
    """How to play: games, flags, the first-click rules and the mine count."""

    games: int = 1
    flags: bool = False
    rules: Rules = "safe"
    mines: int | None = None
    hold_ms: int = 0
    skins: list[str] | None = None  # tile sets to look for (default: every shipped one)
    area: Rect | None = None  # where on the screen to look for the board (default: all of it)
    new_game_at: tuple[int, int] | None = None  # the new-game button, for games without a face
    between_games_s: float = 0.0  # pause before each new game (games seeded by the clock)


@dataclass
class GameResult:
    """How one game went: ``seconds`` from the first click to the screenshot showing the
    end, ``loop_ms`` per turn from requesting the screenshot to the clicks being sent."""

    result: GameStatus  # won | lost (playing until it ends)
    seconds: float
    clicks: int
    steps: int
    guesses: int
    loop_ms: list[float] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what the game did out of the ordinary
    mines: int | None = None  # the game's mine count ...
    mines_from: str = "unknown"  # ... and where it came from (GameFacts.mines_from)

    def summary(self) -> dict[str, object]:
        """The game's summary as recorded in ``game.json``."""
        summary: dict[str, object] = {
            "result": self.result,
            "seconds": round(self.seconds, 3),
            "clicks": self.clicks,
            "steps": self.steps,
            "guesses": self.guesses,
            "mines": self.mines,
            "mines_from": self.mines_from,
        }
        if self.notes:
            summary["notes"] = self.notes
        return summary


@dataclass(frozen=True)
class Batch:
    """One turn's act: the decision, the cells clicked, when, and how long it took."""

    decision: Decision
    targets: list[Cell]
    flags: list[Cell]
    clicked_at: float
    timings: dict[str, float]


@dataclass
class RunSummary:
    """Statistics of a run of games (the ``--json`` summary)."""

    results: list[GameResult] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    @property
    def wins(self) -> int:
        return sum(1 for game in self.results if game.result == "won")

    def to_json(self) -> dict[str, object]:
        from sweeper.coordinator.stats import median_or_none

        won_seconds = [game.seconds for game in self.results if game.result == "won"]
        median_won = median_or_none(won_seconds)
        return {
            "games": len(self.results),
            "wins": self.wins,
            "losses": len(self.results) - self.wins,
            "median_won_s": None if median_won is None else round(median_won, 3),
            "clicks": sum(game.clicks for game in self.results),
            "errors": len(self.errors),
        }


class Player:
    """Plays the game on a screen (the effector's, or a simulated one) with a decider.

    It alone owns the game's facts (:class:`~coordinator.facts.GameFacts`): made when the
    board is found, replaced when it is found again or fits another mine count, and
    handed to the look and the decider.
    """

    def __init__(
        self,
        screen: Screen,
        decider: Decider,
        options: PlayOptions,
        recorder: RunRecorder | None = None,
        on_sight: Callable[[Sight], None] = lambda _: None,
    ) -> None:
        """``on_sight`` sees every board the player is about to act on (or ends a game on)."""
        self.screen = screen
        self.decider = decider
        self.options = options
        self.recorder = recorder
        self.on_sight = on_sight
        self.looker = Looker(screen, options.skins, options.area)
        self.covers = CoverAnswerer(screen)
        self.watch = BoardWatch(self.looker, self.covers)
        self.facts: GameFacts | None = None  # made when the board is found
        self._shown_mines: int | None = None  # the count the game showed when found
        self._result = GameResult("playing", 0.0, 0, 0, 0)  # the current game's, so far
        # the reader and how many pictures it knew before the last game's final turn
        self._end_mark: tuple[BoardReader, int] | None = None
        self._rest_ms = 0  # how long the pointer rests on a cell before pressing
        self._idle = self._missed = 0  # turns in a row that changed nothing / missed a cell

    def play(self, on_game_end: Callable[[GameResult], None] = lambda _: None) -> RunSummary:
        """Play ``options.games`` games; stop early with the error in the summary."""
        summary = RunSummary()
        try:
            sight = self.locate()
            for number in range(self.options.games):
                if number > 0 or sight.status != "playing":
                    time.sleep(self.options.between_games_s)
                    sight = self.new_game(sight)
                result, sight = self.play_game(sight)
                summary.results.append(result)
                on_game_end(result)
        except SweeperError as error:
            summary.errors.append(str(error))
        except KeyboardInterrupt:
            summary.errors.append("interrupted (Ctrl-C) during a game")
        return summary

    def locate(self, timeout_s: float = 5.0) -> Sight:
        """Find the board, make the game's facts from it, and look until it reads."""
        deadline = time.monotonic() + timeout_s
        placement = self.looker.locate(self.options.mines, timeout_s)
        geometry = placement.geometry
        self.facts = GameFacts(geometry.rows, geometry.cols, self.options.rules,
                               self.options.mines)
        # a few cells covered when the board was found: likeliest by something drawn at
        # the pointer, which then sits among them
        covered = self.looker.covered_when_found
        sight = self.watch.until_readable(self.facts, deadline,
                                          pointer=covered[0] if covered else None)
        if self.facts.mines is None:
            self._shown_mines = self._read_shown_mines(sight.board)
            self.facts = replace(self.facts, shown_mines=self._shown_mines)
        faceless = self.looker.face_point(sight.image) is None  # read while the face smiles
        log.info("board found at %s: %s; %s", placement.board_rect.describe(),
                 self.facts.describe(), wait_summary(sight, None))
        if faceless and (self.options.games > 1 or sight.status != "playing"):
            self._find_new_game_control()  # only where a new game will be wanted
        return sight

    def _find_new_game_control(self) -> None:
        """Where a game without a face has its own new-game control, by its label."""
        if self.options.new_game_at is not None:
            return
        control = self.looker.find_new_game_control()
        if control is None:
            log.info("new game: no face and no new-game control that reads; F2 will be "
                     "pressed (or give --new-game-at X,Y)")
        else:
            log.info("new game: the game's own control at %s", control.describe())

    def _read_shown_mines(self, board: Board) -> int | None:
        """The mine count the game shows, read while no flag is on the board (a "mines
        left" counter then shows the total); None if it shows none that reads."""
        if board.cells_where(FLAG):
            log.info("mine count: not read from the screen, the board already has flags")
            return None
        count = self.looker.shown_mine_count()
        if count is None:
            log.info("mine count: none shown on the screen that reads for sure")
        else:
            log.info("mine count: %d, read from the screen", count)
        return count

    def look(self, timeout_s: float = 5.0) -> Sight:
        """The located board, looked at until it reads."""
        return self.watch.until_readable(self._facts, time.monotonic() + timeout_s)

    @property
    def _facts(self) -> GameFacts:
        if self.facts is None:
            raise WatchError("the board has not been located yet")
        return self.facts

    def new_game(self, ended: Sight) -> Sight:
        """Start the next game as a person would: the given new-game button, the face,
        the game's own labelled control, or F2 and then F5 without any. A game that does
        not restart may be held by a dialog (a best time, "you won"): it is answered with
        Enter, as a person would, and the button pressed again."""
        started = time.monotonic()
        attempts = NEW_GAME_ATTEMPTS + len(NEW_GAME_KEYS)
        for attempt in range(1, attempts + 1):
            key = NEW_GAME_KEYS[(attempt - 1) % len(NEW_GAME_KEYS)]
            # a control that started nothing (a yellow clock taken for a face) gives way
            # to the keys
            pressed = self._press_new_game(ended, key, control=attempt <= NEW_GAME_ATTEMPTS)
            wait_s = RELOAD_WAIT_S if pressed == "f5" else NEW_GAME_WAIT_S
            try:
                sight = self.watch.new_game(self._facts, ended.board, timeout_s=wait_s)
            except WatchError as error:
                log.info("new game: press %d showed none (%s); answering any dialog with "
                         "Enter", attempt, error)
                last = self.looker.last
                self.covers.answer_dialog(None if last is None else last.recognition,
                                          self.looker.placement)
                continue
            log.info("new game: %s", wait_summary(sight, (sight.captured_at - started) * 1000))
            return sight
        problem = "the board still shows the game that ended"
        try:
            sight = self.locate()
            if is_new_game(sight, ended.board):
                return sight
        except WatchError as error:
            problem = str(error)
        raise PlayError(
            f"no new game started after pressing the new-game control {NEW_GAME_ATTEMPTS} "
            f"times, then F2 and F5, and answering any dialog with Enter ({problem}); "
            "give the game's new-game button with --new-game-at X,Y")

    def _press_new_game(self, ended: Sight, key: AllowedKey,
                        control: bool = True) -> AllowedKey | None:
        """Click the given new-game button, else the face, else the game's own
        new-game control; press ``key`` without any of them, or when not to use a
        ``control`` (and say so)."""
        if self.options.new_game_at is not None and control:
            x, y = self.options.new_game_at
            rect = Rect(left=x, top=y, width=1, height=1)
        else:
            face = self.looker.new_game_point(ended.image) if control else None
            if face is None:
                log.info("new game: no control to click; pressing %s", key.upper())
                self.screen.actions([KeyAction(key=key)])
                return key
            rect, (x, y) = face
        self.screen.actions([ClickAction(x=x, y=y, hold_ms=self.options.hold_ms)], bounds=rect)
        return None

    def play_game(self, sight: Sight) -> tuple[GameResult, Sight]:
        """Play from ``sight`` until the game is won or lost.

        Each turn is one straight line: screenshot -> look until stable (answering what
        covers the board) -> judge the end -> decide -> act -> record. The first turn's
        look is ``sight``, the board found or the new game.
        """
        game = self.recorder.new_game() if self.recorder else None
        self._forget_last_end()
        self.facts = self._game_facts(sight.board)
        result = self._result = GameResult("playing", 0.0, 0, 0, 0, mines=self.facts.mines,
                                           mines_from=self.facts.mines_from)
        self._idle = self._missed = 0
        first_click_at: float | None = None
        batch: Batch | None = None  # the last turn's act
        while True:
            previous = sight
            waited_ms = None
            if batch is not None:  # screenshot, look until stable, answering covers
                sight = self.watch.settle(self.facts, previous.board, batch.targets,
                                          batch.flags, proven_safe=bool(batch.decision.safe))
                waited_ms = (sight.captured_at - batch.clicked_at) * 1000
            self.on_sight(sight)
            if batch is not None:
                self._check_progress(previous, sight, batch)
            if sight.status != "playing":  # judge the end (under a cover: during the look)
                log.info("%s", end_line(sight, waited_ms, self.facts))
                self._flag_the_rest(sight)
                break
            self._end_mark = self._skin_mark()  # the last one taken marks the final turn
            decide_started = time.perf_counter()
            decision = self._decide(sight.board)  # decide
            batch = self._act(sight, decision, decide_started)  # act
            first_click_at = first_click_at or batch.clicked_at
            result.steps += 1
            result.clicks += len(batch.targets) + len(batch.flags)
            result.guesses += not decision.safe
            result.loop_ms.append(batch.timings["screenshot_to_clicks"])
            if game is not None:  # record
                game.add(step_record(result.steps, sight, batch, self.looker.placed.geometry,
                                     self._facts), sight.image)
            log.info("%s", turn_line(result.steps, sight, waited_ms, moves_summary(
                batch.targets, batch.flags, bool(decision.safe)), batch.timings))
        result.result = sight.status
        result.seconds = sight.captured_at - (first_click_at or sight.captured_at)
        if game is not None:
            self._record_end(game, result.steps + 1, sight)
            game.finish(result.summary())
        if sight.status not in ("won", "lost"):
            raise PlayError(f"the game's status could not be read ({sight.status})")
        return result, sight

    def _game_facts(self, board: Board) -> GameFacts:
        """This game's facts: the board's size with the given mine count, or the one the
        game showed when found (a count the last game was found to fit is not carried
        over); a board of no standard size that shows no count needs ``--mines``."""
        facts = GameFacts(board.height, board.width, self.options.rules, self.options.mines,
                          self._shown_mines)
        if facts.mines is None:
            raise PlayError(
                f"a {board.width}x{board.height} board is not a standard size and shows "
                "no mine count that could be read: give its mine count with --mines"
            )
        return facts

    def _check_progress(self, previous: Sight, after: Sight, batch: Batch) -> None:
        """Give up on a game that ignores the clicks; rest on each cell before pressing
        it once clicks keep being missed."""
        idle = self._idle + 1 if (after.board == previous.board
                                  and after.status == "playing") else 0
        self._idle = idle
        self._missed = 0 if clicks_took_effect(after, batch.targets) else self._missed + 1
        if self._missed >= REST_AFTER_MISSES and not self._rest_ms:
            # some games take a click only on the cell the pointer already rests on,
            # as a person's hand always does: from now on, rest before each press (one
            # swallowed click is a game's own quirk, a first click on a mine, say)
            self._rest_ms = REST_MS
            log.info("clicks were missed %d turns in a row: resting %d ms on each cell "
                     "before pressing it", self._missed, REST_MS)
        if idle >= MAX_IDLE_TURNS:
            raise PlayError(f"the game did not respond to {idle} rounds of clicks")

    def _skin_mark(self) -> tuple[BoardReader, int] | None:
        """The looker's reader and how many pictures it knows now."""
        reader = self.looker.reader
        return None if reader is None else (reader, len(reader.skin.templates))

    def _forget_last_end(self) -> None:
        """Forget the opened-cell pictures the reader learned from the last game's final
        turn on (its end screen, a dialog over it, the restart)."""
        if self._end_mark is not None and self._end_mark[0] is self.looker.reader:
            self._end_mark[0].forget_opened_since(self._end_mark[1])
        self._end_mark = None

    def _decide(self, board: Board) -> Decision:
        """The analyzer's decision on ``board`` with the game's facts; a game found to
        hold a mine more or fewer than its count is played on with the count its board
        fits: the facts are replaced (and a note says so)."""
        facts = self._facts
        try:
            decision, fitted = decide_with_count_slack(self.decider, board, facts)
        except AnalyzerRejectedError as error:
            raise PlayError(f"the analyzer rejected the board as read: {error}") from error
        if fitted != facts:
            self.facts = fitted
            self._result.notes.append(
                f"no mine placement fits the count of {facts.mines} mines, one of "
                f"{fitted.mines} does: played on with {fitted.mines}")
            log.info("%s", self._result.notes[-1])
        return decision

    def _act(self, sight: Sight, decision: Decision, decide_started: float) -> Batch:
        """Click the decision's cells on ``sight``'s board, then rest the pointer off the
        board if an overlay at the pointer made that needed; time it."""
        cells = cells_to_click(sight.board, decision, self.options.flags)
        if cells is None:
            raise PlayError("the analyzer found no move on a board still in play")
        targets, flags = cells
        analyzed = time.perf_counter()
        self._click(self.looker.placed, targets, flags)
        clicked_at = time.monotonic()
        timings = {
            "analyze": (analyzed - decide_started) * 1000,
            "screenshot_to_clicks": (clicked_at - sight.captured_at) * 1000,
        }
        return Batch(decision, targets, flags, clicked_at, timings)

    def _click(self, placement: Placement, targets: list[Cell], flags: list[Cell]) -> None:
        """One batch: open the targets, flag the mines, all inside the board; then, once an
        overlay at the pointer made a rest point needed, the move there, in the same batch
        (the page hides the overlay in the frame that shows the clicks)."""
        log.debug("clicks: open %s, flag %s", targets, flags)
        actions = press_actions(placement.geometry, targets, flags, rest_ms=self._rest_ms,
                                hold_ms=self.options.hold_ms)
        rest = self.covers.rest_move(placement)
        if rest is None:
            self.screen.actions(actions, bounds=placement.board_rect)
            return
        # the batch's bounds widen to the game's window for the rest move alone
        validate_batch(ActionBatch(actions=actions, bounds=placement.board_rect),
                       screen=placement.region)
        log.debug("pointer rests at (%d, %d), off the board", rest.x, rest.y)
        self.screen.actions([*actions, rest], bounds=placement.region)

    def _flag_the_rest(self, end: Sight) -> None:
        """Flag the closed cells of a game won by its count alone, where nothing covers
        the board and no face tells the end: some games are won only once every mine
        carries a flag, and show nothing before. The flags go in one batch; the win
        stands either way (every safe cell is open)."""
        if end.status != "won" or end.recognition.board != end.board:
            return  # something over the board, or a board redrawn for the win
        closed = end.board.cells_where(UNOPENED)
        if not closed or self.looker.face_point(end.image) is not None:
            return
        log.info("won by the count: flagging the %d closed cells left", len(closed))
        self._click(self.looker.placed, [], closed)

    def _record_end(self, game: GameRecorder, index: int, end: Sight) -> None:
        """Record the screen the game ended on: the mine that went off, or the win."""
        geometry = self.looker.placed.geometry
        facts = self._facts
        assert facts.mines is not None, "a game is played with its mine count known"
        game.add(StepRecord(index=index, board=str(end.board), status=end.status,
                            board_rect=rect_in_file(geometry.rect), rows=geometry.rows,
                            cols=geometry.cols, total_mines=facts.mines, rules=facts.rules),
                 end.image)


def step_record(index: int, seen: Sight, batch: Batch, geometry: BoardGeometry,
                facts: GameFacts) -> StepRecord:
    """The recording of turn ``index``: the board ``seen``, the decision on it and the
    clicks of ``batch``, with the game's facts."""
    assert facts.mines is not None, "a game is played with its mine count known"
    move = batch.decision.move
    return StepRecord(
        index=index,
        board=str(seen.board),
        status=seen.status,
        board_rect=rect_in_file(geometry.rect),
        rows=geometry.rows,
        cols=geometry.cols,
        total_mines=facts.mines,
        rules=facts.rules,
        safe=batch.decision.safe,
        mines=batch.decision.mines,
        probabilities=batch.decision.probabilities,
        move=None
        if move is None
        else {
            "row": move.row,
            "col": move.col,
            "p_mine": move.p_mine,
            "reason": move.reason,
        },
        clicks=[{"cell": list(cell), "button": "left"} for cell in batch.targets]
        + [{"cell": list(cell), "button": "right"} for cell in batch.flags],
        timings_ms={name: round(value, 2) for name, value in batch.timings.items()},
    )
