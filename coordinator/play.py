"""The play loop: screenshot -> recognize -> analyze -> click, game after game.

Each turn opens every proven-safe cell in one batch (or the analyzer's one best guess
when nothing is certain), optionally flags proven mines, then looks again until the
board is stable. Clicks go only to cell centres inside the recognised board, and to
the face button to start a new game.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from sweeper.coordinator.cascade import cells_to_press
from sweeper.coordinator.decide import Decider, Decision
from sweeper.coordinator.recording import GameRecorder, RunRecorder, StepRecord, rect_in_file
from sweeper.coordinator.screen import Screen
from sweeper.coordinator.watch import (
    BoardWatcher,
    Sight,
    WatchError,
    clicks_took_effect,
    is_new_game,
)
from sweeper.core import FLAG, Board, Cell, GameStatus, Rect, Rules, SweeperError
from sweeper.effector import Action, Button, ClickAction, KeyAction, MoveAction, PauseAction
from sweeper.recognizer import BoardReader

MAX_IDLE_TURNS = 3  # turns in a row whose clicks changed nothing before giving up
NEW_GAME_ATTEMPTS = 3  # presses of the new-game control (with Enter between) before giving up
NEW_GAME_WAIT_S = 2.0  # how long a pressed new-game control may take to show a new game
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

    def summary(self) -> dict[str, object]:
        """The game's summary as recorded in ``game.json``."""
        summary: dict[str, object] = {
            "result": self.result,
            "seconds": round(self.seconds, 3),
            "clicks": self.clicks,
            "steps": self.steps,
            "guesses": self.guesses,
        }
        if self.notes:
            summary["notes"] = self.notes
        return summary


@dataclass(frozen=True)
class Turn:
    """One turn: the decision, the cells clicked, and the board that followed."""

    decision: Decision
    targets: list[Cell]
    flags: list[Cell]
    after: Sight
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
    """Plays the game on a screen (the effector's, or a simulated one) with a decider."""

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
        self.watcher = BoardWatcher(screen, options.skins, options.area, options.mines)
        self._result = GameResult("playing", 0.0, 0, 0, 0)  # the current game's, so far
        # the reader and how many pictures it knew before the last game's final turn
        self._end_mark: tuple[BoardReader, int] | None = None
        self._rest_ms = 0  # how long the pointer rests on a cell before pressing

    def play(self, on_game_end: Callable[[GameResult], None] = lambda _: None) -> RunSummary:
        """Play ``options.games`` games; stop early with the error in the summary."""
        summary = RunSummary()
        try:
            sight = self.watcher.locate()
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

    def new_game(self, ended: Sight) -> Sight:
        """Start the next game as a person would: the face button (or the given new-game
        button, or F2). A game that does not restart may be held by a dialog (a best
        time, "you won"): it is answered with Enter, as a person would, and the button
        pressed again."""
        for _ in range(NEW_GAME_ATTEMPTS):
            self._press_new_game(ended)
            try:
                return self.watcher.wait_for_new_game(ended.board, timeout_s=NEW_GAME_WAIT_S)
            except WatchError:
                self.watcher.answer_dialog(self.watcher.last_recognition)
        problem = "the board still shows the game that ended"
        try:
            sight = self.watcher.locate()
            if is_new_game(sight, ended.board):
                return sight
        except WatchError as error:
            problem = str(error)
        raise PlayError(
            f"no new game started after pressing the new-game control {NEW_GAME_ATTEMPTS} "
            f"times and answering any dialog with Enter ({problem}); give the game's "
            "new-game button with --new-game-at X,Y")

    def _press_new_game(self, ended: Sight) -> None:
        """Click the face (or the given new-game button), or press F2 without either."""
        if self.options.new_game_at is not None:
            x, y = self.options.new_game_at
            rect = Rect(left=x, top=y, width=1, height=1)
        else:
            face = self.watcher.face_point(ended.image)
            if face is None:
                self.screen.actions([KeyAction(key="f2")])
                return
            rect, (x, y) = face
        self.screen.actions([ClickAction(x=x, y=y, hold_ms=self.options.hold_ms)], bounds=rect)

    def play_game(self, sight: Sight) -> tuple[GameResult, Sight]:
        """Play from ``sight`` until the game is won or lost."""
        game = self.recorder.new_game() if self.recorder else None
        self._forget_last_end()
        self.watcher.recount(None)
        self._total_mines(sight.board)  # a board of no standard size needs --mines
        result = self._result = GameResult("playing", 0.0, 0, 0, 0)
        first_click_at: float | None = None
        idle = missed = 0  # turns in a row that changed nothing / left a clicked cell shut
        self.on_sight(sight)
        while sight.status == "playing":
            previous = sight
            self._end_mark = self._skin_mark()  # the last one taken marks the final turn
            turn = self._turn(previous)
            first_click_at = first_click_at or turn.clicked_at
            sight = turn.after
            self.on_sight(sight)
            result.steps += 1
            result.clicks += len(turn.targets) + len(turn.flags)
            result.guesses += not turn.decision.safe
            result.loop_ms.append(turn.timings["screenshot_to_clicks"])
            if game is not None:
                self._record(game, result.steps, previous, turn)
            idle = idle + 1 if sight.board == previous.board and sight.status == "playing" else 0
            missed = 0 if clicks_took_effect(sight, turn.targets) else missed + 1
            if missed >= REST_AFTER_MISSES and not self._rest_ms:
                # some games take a click only on the cell the pointer already rests on,
                # as a person's hand always does: from now on, rest before each press (one
                # swallowed click is a game's own quirk, a first click on a mine, say)
                self._rest_ms = REST_MS
            if idle >= MAX_IDLE_TURNS:
                raise PlayError(f"the game did not respond to {idle} rounds of clicks")
        result.result = sight.status
        result.seconds = sight.captured_at - (first_click_at or sight.captured_at)
        if game is not None:
            game.finish(result.summary())
        if sight.status not in ("won", "lost"):
            raise PlayError(f"the game's status could not be read ({sight.status})")
        return result, sight

    def _skin_mark(self) -> tuple[BoardReader, int] | None:
        """The watcher's reader and how many pictures it knows now."""
        reader = self.watcher.reader
        return None if reader is None else (reader, len(reader.skin.templates))

    def _forget_last_end(self) -> None:
        """Forget the opened-cell pictures the reader learned from the last game's final
        turn on (its end screen, a dialog over it, the restart)."""
        if self._end_mark is not None and self._end_mark[0] is self.watcher.reader:
            self._end_mark[0].forget_opened_since(self._end_mark[1])
        self._end_mark = None

    def _turn(self, sight: Sight) -> Turn:
        """Decide on ``sight``'s board, click, and look until the board settles."""
        decide_started = time.perf_counter()
        decision = self._decide(sight.board, self._total_mines(sight.board))
        targets, flags = self._targets(sight.board, decision)
        analyzed = time.perf_counter()
        self._click(targets, flags)
        clicked_at = time.monotonic()
        timings = {
            "analyze": (analyzed - decide_started) * 1000,
            "screenshot_to_clicks": (clicked_at - sight.captured_at) * 1000,
        }
        after = self.watcher.settle(sight.board, targets, flags,
                                    proven_safe=bool(decision.safe))
        return Turn(decision, targets, flags, after, clicked_at, timings)

    def _decide(self, board: Board, mines: int) -> Decision:
        """The analyzer's decision; a game found to hold a mine more or fewer than its
        count is played on with the count its board fits (and a note says so)."""
        from sweeper.coordinator.decide import AnalyzerRejectedError, decide_with_count_slack

        try:
            decision, fitted = decide_with_count_slack(self.decider, board, mines,
                                                       self.options.rules)
        except AnalyzerRejectedError as error:
            raise PlayError(f"the analyzer rejected the board as read: {error}") from error
        if fitted != mines:
            self.watcher.recount(fitted)
            self._result.notes.append(
                f"no mine placement fits the count of {mines} mines, one of {fitted} does: "
                f"played on with {fitted}")
        return decision

    def _targets(self, board: Board, decision: Decision) -> tuple[list[Cell], list[Cell]]:
        """Cells to open (all proven safe, but for those a 0's cascade opens; else the
        one best guess) and mines to flag.

        With nothing left to open on a game still in play, every remaining mine is
        flagged: some clones (xdemineur) are only won once all mines carry a flag.
        """
        new_mines = [cell for cell in decision.mines if board[cell] != FLAG]
        if decision.safe:
            targets = _reading_order(cells_to_press(board, decision.safe))
        elif decision.move is not None:
            targets = [decision.move.cell]
        elif new_mines:
            return [], new_mines
        else:
            raise PlayError("the analyzer found no move on a board still in play")
        return targets, new_mines if self.options.flags else []

    def _click(self, targets: list[Cell], flags: list[Cell]) -> None:
        """One batch: open the targets, flag the mines, all inside the board."""
        geometry = self.watcher.geometry
        assert geometry is not None
        presses: list[tuple[Cell, Button]] = [(cell, "left") for cell in targets]
        presses += [(cell, "right") for cell in flags]
        actions: list[Action] = []
        for (row, col), button in presses:
            x, y = geometry.centre(row, col)
            if self._rest_ms:
                actions += [MoveAction(x=x, y=y), PauseAction(ms=self._rest_ms)]
            actions.append(ClickAction(x=x, y=y, button=button, hold_ms=self.options.hold_ms))
        self.screen.actions(actions, bounds=self.watcher.board_rect)

    def _total_mines(self, board: Board) -> int:
        total = self.watcher.mine_total(board)
        if total is None:
            raise PlayError(
                f"a {board.width}x{board.height} board is not a standard size: "
                "give its mine count with --mines"
            )
        return total

    def _record(self, game: GameRecorder, index: int, seen: Sight, turn: Turn) -> None:
        geometry = self.watcher.geometry
        assert geometry is not None
        move = turn.decision.move
        step = StepRecord(
            index=index,
            board=str(seen.board),
            status=seen.status,
            board_rect=rect_in_file(geometry.rect),
            rows=geometry.rows,
            cols=geometry.cols,
            total_mines=self._total_mines(seen.board),
            rules=self.options.rules,
            safe=turn.decision.safe,
            mines=turn.decision.mines,
            probabilities=turn.decision.probabilities,
            move=None
            if move is None
            else {
                "row": move.row,
                "col": move.col,
                "p_mine": move.p_mine,
                "reason": move.reason,
            },
            clicks=[{"cell": list(cell), "button": "left"} for cell in turn.targets]
            + [{"cell": list(cell), "button": "right"} for cell in turn.flags],
            timings_ms={name: round(value, 2) for name, value in turn.timings.items()},
        )
        game.add(step, seen.image)


def _reading_order(cells: Iterable[Cell]) -> list[Cell]:
    """Cells row by row, alternating direction, to keep the mouse path short."""
    return sorted(cells, key=lambda cell: (cell[0], cell[1] if cell[0] % 2 == 0 else -cell[1]))
