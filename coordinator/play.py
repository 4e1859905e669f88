"""The play loop: screenshot -> recognize -> analyze -> click, game after game.

The :class:`Player` runs the games: it finds the board, makes the game's facts
(:mod:`coordinator.facts`) and hands them to each game, which is played turn by turn
(:mod:`coordinator.game`: decide, act with :mod:`coordinator.act`, look until stable with
:mod:`coordinator.watch`, judge the end), and starts the next game
(:mod:`coordinator.restart`). Clicks go only to cell centres inside the recognised
board, and to the game's new-game control.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from sweeper.coordinator.act import Hands
from sweeper.coordinator.covers import CoverAnswerer
from sweeper.coordinator.decide import Decider
from sweeper.coordinator.facts import GameFacts
from sweeper.coordinator.game import GameParts, GamePlay
from sweeper.coordinator.look import LOCATE_TIMEOUT_S, Looker, SkinMark, WatchError
from sweeper.coordinator.outcome import GameResult, PlayError, RunSummary
from sweeper.coordinator.play_log import log
from sweeper.coordinator.progress import Progress
from sweeper.coordinator.recording import GameRecorder, RunRecorder
from sweeper.coordinator.restart import NEW_GAME_ATTEMPTS, Restarter
from sweeper.coordinator.screen import Screen
from sweeper.coordinator.turn_log import wait_summary
from sweeper.coordinator.watch import BoardWatch, Sight, is_new_game
from sweeper.core import FLAG, Board, Rect, Rules, SweeperError

LOOK_TIMEOUT_S = 5.0  # how long the located board may stay unreadable when looked at again


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
    # the new-game controls, pressed in turn, for games without a face: a button, or a
    # level menu and then its level
    new_game_at: tuple[tuple[int, int], ...] = ()
    between_games_s: float = 0.0  # pause before each new game (games seeded by the clock)


class Player:
    """Plays the game on a screen (the effector's, or a simulated one) with a decider.

    It owns the game's facts (:class:`~coordinator.facts.GameFacts`) between games: made
    when the board is found, made again for each game, which hands back the ones it
    ended on (another mine count, if its board fitted one).
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
        self.options = options
        self.recorder = recorder
        self.looker = Looker(screen, options.skins, options.area)
        covers = CoverAnswerer(screen)
        self.watch = BoardWatch(self.looker, covers)
        self.restarter = Restarter(screen, self.looker, self.watch, covers,
                                   new_game_at=options.new_game_at, hold_ms=options.hold_ms)
        hands = Hands(screen, covers, options.flags, options.hold_ms)
        self.parts = GameParts(self.looker, self.watch, decider, hands, on_sight)
        self.progress = Progress()  # its pointer rest holds for the whole run
        self.facts: GameFacts | None = None  # made when the board is found
        self._shown_mines: int | None = None  # the count the game showed when found
        self._end_mark: SkinMark | None = None  # the reader before the last game's final turn

    def play(self, on_game_end: Callable[[GameResult], None] = lambda _: None) -> RunSummary:
        """Play ``options.games`` games; stop early with the error in the summary."""
        summary = RunSummary()
        try:
            sight = self.locate()
            for number in range(self.options.games):
                if number > 0 or sight.status != "playing":
                    time.sleep(self.options.between_games_s)
                    sight = self.new_game(sight)
                recording = self.recorder.new_game() if self.recorder else None
                result, sight = self.play_game(sight, recording)
                summary.results.append(result)
                on_game_end(result)
        except SweeperError as error:
            summary.errors.append(str(error))
        except KeyboardInterrupt:
            summary.errors.append("interrupted (Ctrl-C) during a game")
        return summary

    def locate(self, timeout_s: float = LOCATE_TIMEOUT_S) -> Sight:
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
        if self.options.mines is None:
            self._shown_mines = self._read_shown_mines(sight.board)
            self.facts = replace(self.facts, shown_mines=self._shown_mines)
        faceless = self.looker.face_point(sight.image) is None  # read while the face smiles
        log.info("board found at %s: %s; %s", placement.board_rect.describe(),
                 self.facts.describe(), wait_summary(sight, None))
        if faceless and (self.options.games > 1 or sight.status != "playing"):
            self.restarter.find_control()  # only where a new game will be wanted
        # the first board acted on is seen after the reading round it, with what the
        # look that found it waited for
        fresh = self.look()
        return replace(fresh, looks=sight.looks + fresh.looks, waits=sight.waits + fresh.waits)

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

    def look(self, timeout_s: float = LOOK_TIMEOUT_S) -> Sight:
        """The located board, looked at until it reads."""
        return self.watch.until_readable(self._facts, time.monotonic() + timeout_s)

    @property
    def _facts(self) -> GameFacts:
        if self.facts is None:
            raise WatchError("the board has not been located yet")
        return self.facts

    def new_game(self, ended: Sight) -> Sight:
        """Start the next game (:class:`~coordinator.restart.Restarter`); if no press
        showed one, the board is found again in case it moved or changed size."""
        sight = self.restarter.new_game(ended, self._facts)
        if sight is not None:
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
            "give the game's new-game button with --new-game-at X,Y (again for each "
            "control pressed after it, such as a level in a menu)")

    def play_game(self, sight: Sight,
                  recording: GameRecorder | None = None) -> tuple[GameResult, Sight]:
        """Play from ``sight`` (the board found, or the new game) until the game is won
        or lost (:class:`~coordinator.game.GamePlay`), recording it to ``recording``."""
        self.looker.forget_opened_since(self._end_mark)
        self._end_mark = None
        self.facts = self._game_facts(sight.board)
        self.progress.new_game()
        end = GamePlay(self.parts, self.facts, self.progress, recording).play(sight)
        self.facts, self._end_mark = end.facts, end.mark
        return end.result, end.sight

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
