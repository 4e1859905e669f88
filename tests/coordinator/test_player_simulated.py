"""The player and its look on a simulated screen: the loop that plays live, with the
engine's games drawn where a display would be."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from sweeper.coordinator import SimulatedScreen
from sweeper.coordinator.decide import Decision, LocalDecider
from sweeper.coordinator.play import Player, PlayOptions
from sweeper.coordinator.progress import REST_MS
from sweeper.coordinator.recording import RunRecorder, load_steps
from sweeper.coordinator.replay import replay_differences
from sweeper.coordinator.watch import Sight
from sweeper.core import INTERMEDIATE, UNOPENED, Board, BoardSize, Cell, Rect, Rules
from sweeper.effector import (
    Action,
    BatchResult,
    ClickAction,
    EffectorError,
    KeyAction,
    MoveAction,
    PauseAction,
)


def _screen(seed: int = 0, size: BoardSize = INTERMEDIATE) -> SimulatedScreen:
    seeds = itertools.count(seed)
    width, height, mines = size
    return SimulatedScreen(width, height, mines, "safe", seeds=lambda: next(seeds))


def _player(screen: SimulatedScreen, games: int = 1, flags: bool = False) -> Player:
    options = PlayOptions(games=games, mines=screen.mines, flags=flags)
    return Player(screen, LocalDecider(), options)


class Batches:
    """Counts the batches a screen runs and does something before the ``at``-th."""

    def __init__(self, at: int, then: object) -> None:
        self.at, self.then, self.count = at, then, 0

    def __call__(self, actions: Sequence[Action]) -> None:
        self.count += 1
        if self.count == self.at:
            assert callable(self.then)
            self.then()


def test_every_board_acted_on_is_the_games_and_restarts_deal_new_games() -> None:
    screen = _screen(seed=7)
    seen: list[tuple[int | None, bool]] = []

    def check(sight: Sight) -> None:
        seen.append((screen.game.seed, sight.board == screen.game.board))

    player = Player(screen, LocalDecider(), PlayOptions(games=3, mines=40), on_sight=check)
    summary = player.play()
    assert summary.errors == []
    assert len(summary.results) == 3
    assert all(same for _, same in seen)
    assert {seed for seed, _ in seen} == {7, 8, 9}  # F2 dealt each next game
    assert [game.result for game in summary.results] == [
        "won" if game_won else "lost" for game_won in _outcomes(7, 3)]


def _outcomes(first_seed: int, games: int) -> list[bool]:
    from sweeper.coordinator.simulate import Config, play_game

    return [play_game(Config(INTERMEDIATE, "safe"), seed).won
            for seed in range(first_seed, first_seed + games)]


def test_clicks_land_on_cells_and_flags_only_on_mines() -> None:
    screen = _screen(seed=3)
    summary = _player(screen, games=1, flags=True).play()
    assert summary.errors == []
    board = screen.board_rect
    assert screen.clicks and all(board.contains_point(x, y) for x, y, _ in screen.clicks)
    flagged = [screen.cell_at(x, y) for x, y, button in screen.clicks if button == "right"]
    assert flagged
    assert all(cell is not None and screen.game.mine_layout[cell] for cell in flagged)


def test_a_board_that_moves_stops_the_run_without_a_click_elsewhere() -> None:
    screen = _screen(seed=11)
    batch_starts: list[int] = []  # clicks made before each batch

    def move() -> None:
        screen.origin = (screen.origin[0] + 37, screen.origin[1] + 23)

    moving = Batches(3, move)

    def watch(actions: Sequence[Action]) -> None:
        batch_starts.append(len(screen.clicks))
        moving(actions)

    screen.on_actions = watch
    summary = _player(screen).play()
    assert len(summary.errors) == 1 and "Traceback" not in summary.errors[0]
    assert len(batch_starts) >= 3  # it moved while the game went on
    later = screen.clicks[batch_starts[3]:] if len(batch_starts) > 3 else []
    assert later == []  # after the batch under way, not one click more


class Tampered(SimulatedScreen):
    """Shows an open number closed again once ``lie`` is set: a board that cannot follow."""

    lie = False

    def shown_board(self) -> Board:
        board = self.game.board
        if not self.lie:
            return board
        cells = board.cells.copy()
        cells[self._shut(board)] = UNOPENED  # an open number drawn as a closed cell
        return Board(cells)

    @staticmethod
    def _shut(board: Board) -> tuple[int, int]:
        """An open number with no open 0 around it (closing it leaves every 0 possible)."""
        for row, col in np.argwhere(board.cells > 0):
            cell = (int(row), int(col))
            if all(board[n] != 0 for n in board.neighbours(cell)):
                return cell
        raise AssertionError("no number to shut")


def test_a_board_that_contradicts_the_last_one_is_refused() -> None:
    seeds = itertools.count(5)
    screen = Tampered(*INTERMEDIATE, "safe", seeds=lambda: next(seeds))

    def lie() -> None:
        screen.lie = True

    screen.on_actions = Batches(3, lie)
    summary = _player(screen).play()
    assert len(summary.errors) == 1
    assert "contradicts the previous one" in summary.errors[0]
    assert summary.results == []


class Blanked(SimulatedScreen):
    """Shows every cell as an opened 0 once ``blank`` is set: a window whose tiles are not
    drawn (yet)."""

    blank = False

    def shown_board(self) -> Board:
        board = self.game.board
        return Board(np.zeros_like(board.cells)) if self.blank else board


def test_a_board_of_fewer_closed_cells_than_mines_is_never_acted_on() -> None:
    screen = Blanked(*INTERMEDIATE, "safe", seeds=itertools.count(1).__next__)

    def blank() -> None:
        screen.blank = True

    screen.on_actions = Batches(1, blank)  # the first press shows a blank board
    summary = _player(screen).play()
    assert len(summary.errors) == 1
    assert "fewer than the 38 mines the game holds at least" in summary.errors[0]  # 40, give
    # or take the 2 a game may lay amiss
    assert len(screen.clicks) == 1  # the first press, and nothing on the blank board


def test_ctrl_c_ends_the_run_with_a_message() -> None:
    screen = _screen()

    def interrupt() -> None:
        raise KeyboardInterrupt

    screen.on_actions = Batches(2, interrupt)
    summary = _player(screen, games=3).play()
    assert summary.errors == ["interrupted (Ctrl-C) during a game"]


class GoingAway(SimulatedScreen):
    """A screen whose effector stops answering after ``shots`` screenshots."""

    shots = 6

    def screenshot(self, region: Rect | None = None, image_format: str = "raw") -> np.ndarray:
        self.shots -= 1
        if self.shots < 0:
            raise EffectorError("cannot reach the effector at http://127.0.0.1:8765: gone")
        return super().screenshot(region, image_format)


def test_an_effector_that_goes_away_ends_the_run_with_its_message() -> None:
    screen = GoingAway(*INTERMEDIATE, "safe", seeds=lambda: 1)
    summary = _player(screen, games=2).play()
    assert len(summary.errors) == 1
    assert summary.errors[0].startswith("cannot reach the effector")


class NothingToOpenOnce:
    """The analyzer, except that once it knows mines it says nothing is left to open."""

    def __init__(self) -> None:
        self.analyzer = LocalDecider()
        self.flagged: list[Cell] = []

    def decide(self, board: Board, total_mines: int, rules: Rules) -> Decision:
        decision = self.analyzer.decide(board, total_mines, rules)
        if self.flagged or not decision.mines:
            return decision
        self.flagged = list(decision.mines)
        return replace(decision, safe=[], move=None)


def test_with_nothing_left_to_open_every_known_mine_is_flagged() -> None:
    screen = _screen(seed=2)
    decider = NothingToOpenOnce()
    summary = Player(screen, decider, PlayOptions(games=1, mines=40)).play()
    assert summary.errors == [] and decider.flagged
    right = [screen.cell_at(x, y) for x, y, button in screen.clicks if button == "right"]
    assert set(right) == set(decider.flagged)  # flags without --flags: the ending
    assert len(right) == len(decider.flagged)
    assert all(screen.game.mine_layout[cell] for cell in decider.flagged)


class RestingPointer(SimulatedScreen):
    """Takes a click only where the pointer has rested (moved there, then a pause), or
    the last click of a batch, as some games that track the pointer between frames do."""

    def actions(self, actions: Sequence[Action], bounds: Rect | None = None) -> BatchResult:
        kept: list[Action] = []
        rested_at: tuple[int, int] | None = None
        for index, action in enumerate(actions):
            if isinstance(action, PauseAction) and action.ms >= 50 and kept:
                previous = kept[-1]
                if isinstance(previous, MoveAction):
                    rested_at = (previous.x, previous.y)
            last = index == len(actions) - 1
            if (isinstance(action, ClickAction) and not last
                    and rested_at != (action.x, action.y)):
                continue  # pressed on arrival: the game never sees it
            kept.append(action)
        result = super().actions(kept, bounds)
        return BatchResult(executed=len(actions), elapsed_ms=result.elapsed_ms)


def test_a_game_that_swallows_presses_on_arrival_gets_a_resting_pointer() -> None:
    screen = RestingPointer(16, 16, 40, "safe", seeds=lambda: 4)
    player = _player(screen)
    summary = player.play()
    assert summary.errors == []
    assert player.progress.rest_ms == REST_MS
    game = summary.results[0]
    assert game.result in ("won", "lost") and game.steps < 60


def test_a_batch_outside_the_board_is_refused_by_the_screen() -> None:
    screen = _screen()
    with pytest.raises(EffectorError, match="422"):
        screen.actions([ClickAction(x=1, y=1)], bounds=screen.board_rect)
    assert screen.clicks == []


def test_a_game_holding_a_mine_fewer_than_its_count_is_played_to_its_end() -> None:
    width, height, mines = INTERMEDIATE
    seeds = itertools.count(3)
    screen = SimulatedScreen(width, height, mines - 1, "safe", seeds=lambda: next(seeds))
    player = Player(screen, LocalDecider(), PlayOptions(games=6, mines=mines))
    summary = player.play()
    assert summary.errors == []
    assert [game.result in ("won", "lost") for game in summary.results] == [True] * 6
    notes = [note for game in summary.results for note in game.notes]
    assert notes and all(f"played on with {mines - 1}" in note for note in notes)
    assert summary.wins >= 1


def test_a_recorded_game_replays_without_a_difference(tmp_path: Path) -> None:
    screen = _screen(seed=9)
    options = PlayOptions(games=1, mines=screen.mines)
    summary = Player(screen, LocalDecider(), options, RunRecorder(tmp_path)).play()
    assert summary.errors == [] and summary.results
    steps = load_steps(next(tmp_path.glob("game-*")))
    assert len(steps) == summary.results[0].steps + 1  # each turn, then the end screen
    assert steps[-1][0].status == summary.results[0].result
    first, screenshot = steps[0]
    assert first.total_mines == screen.mines and first.rules == "safe" and screenshot.is_file()
    assert list(replay_differences(tmp_path)) == []


class ShowingItsCount(SimulatedScreen):
    """A game of no standard size that writes "Mines: N" above its board."""

    def screenshot(self, region: Rect | None = None, image_format: str = "raw") -> np.ndarray:
        from PIL import Image as PillowImage
        from PIL import ImageDraw, ImageFont

        area = region or self.screen_rect
        picture = PillowImage.fromarray(super().screenshot(region, image_format)[..., ::-1])
        font = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 16)
        at = (self.origin[0] + 2 * self.pitch - area.left, self.origin[1] - 40 - area.top)
        ImageDraw.Draw(picture).text(at, f"Mines: {self.mines}", fill=(0, 0, 0), font=font)
        return np.ascontiguousarray(np.asarray(picture)[..., ::-1])


def test_a_board_of_no_standard_size_is_played_with_the_count_it_shows() -> None:
    seeds = itertools.count(5)
    screen = ShowingItsCount(12, 10, 21, "safe", seeds=lambda: next(seeds))
    summary = Player(screen, LocalDecider(), PlayOptions(games=1)).play()
    assert summary.errors == []
    assert [(game.mines, game.mines_from) for game in summary.results] == [(21, "screen")]
    given = ShowingItsCount(12, 10, 21, "safe", seeds=lambda: next(seeds))
    stated = Player(given, LocalDecider(), PlayOptions(games=1, mines=21)).play()
    assert [(game.mines, game.mines_from) for game in stated.results] == [(21, "stated")]


def test_a_board_of_no_standard_size_showing_no_count_asks_for_it() -> None:
    seeds = itertools.count(5)
    screen = SimulatedScreen(12, 10, 21, "safe", seeds=lambda: next(seeds))
    summary = Player(screen, LocalDecider(), PlayOptions(games=1)).play()
    assert len(summary.errors) == 1 and "--mines" in summary.errors[0]


@pytest.mark.parametrize(("mines", "seed"), [(8, 3), (12, 0)])
def test_a_standard_size_laying_another_count_it_does_not_show_is_won_as_the_game_says(
        mines: int, seed: int) -> None:
    # beginner's size, no count shown: 10 is only assumed. With 8 the board first has 10
    # closed cells and the game goes on (no win shown); with 12 no board ever has 10
    seeds = itertools.count(seed)
    screen = SimulatedScreen(9, 9, mines, "safe", seeds=lambda: next(seeds))
    summary = Player(screen, LocalDecider(), PlayOptions(games=1)).play()
    assert summary.errors == []
    assert [game.result for game in summary.results] == [screen.game.status] == ["won"]
    assert summary.results[0].mines_from == "standard"


class LevelMenu(SimulatedScreen):
    """Deals the next game only when its level menu is opened and then its level picked
    (two points off the board, pressed in turn); keys do nothing."""

    MENU, LEVEL = (10, 10), (10, 30)
    _menu_open = False

    def _run(self, action: Action) -> None:
        if isinstance(action, ClickAction) and (action.x, action.y) == self.LEVEL:
            if self._menu_open:
                self.deal()
            self._menu_open = False
        elif isinstance(action, ClickAction) and (action.x, action.y) == self.MENU:
            self._menu_open = not self._menu_open
        elif not isinstance(action, KeyAction):
            super()._run(action)


def test_given_controls_pressed_in_turn_start_each_new_game() -> None:
    seeds = itertools.count(1)
    screen = LevelMenu(9, 9, 10, "safe", seeds=lambda: next(seeds))
    options = PlayOptions(games=3, mines=10, new_game_at=(LevelMenu.MENU, LevelMenu.LEVEL))
    summary = Player(screen, LocalDecider(), options).play()
    assert summary.errors == []
    assert len(summary.results) == 3 and screen.game.seed == 3
