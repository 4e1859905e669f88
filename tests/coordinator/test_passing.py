"""A board read but for the cells an animation passes over: taken with those cells as
they were, pressed only where read, and never a cover that holds still."""

from __future__ import annotations

import logging
from collections.abc import Sequence

import numpy as np
import pytest

from sweeper.coordinator import SimulatedScreen
from sweeper.coordinator.decide import Decision, LocalDecider
from sweeper.coordinator.passing import (
    Presses,
    not_believed,
    read_cells_only,
    unread_as_before,
)
from sweeper.coordinator.play import Player, PlayOptions
from sweeper.coordinator.watch import PASSING_OVER, Sight
from sweeper.core import INTERMEDIATE, UNOPENED, Board, Rect, parse_board
from sweeper.effector import Action, BatchResult, ClickAction
from sweeper.recognizer import BoardGeometry, Recognition, Status

GEOMETRY = BoardGeometry.regular(left=0, top=0, pitch_x=10, pitch_y=10, rows=2, cols=3)
BEFORE = parse_board("1..\n...")
LEAF_SHOTS = 6  # screenshots after a batch that show its opened cells under moving leaves


def _read(codes: str, unreadable: list[tuple[int, int]], status: Status = "unknown",
          learned: tuple[str, ...] = ()) -> Recognition:
    return Recognition(None, status, GEOMETRY, None, unreadable=unreadable,
                       codes=parse_board(codes).cells.copy(), learned=learned)


def test_unread_cells_are_taken_as_they_were_and_read_ones_as_read() -> None:
    board = unread_as_before(_read("12.\n0..", [(0, 1), (1, 0)]), BEFORE, [(0, 1), (1, 0)])
    assert board == parse_board("1..\n...")
    board = unread_as_before(_read("12.\n0..", [(0, 2)]), BEFORE, [(0, 2)])
    assert board == parse_board("12.\n0..")
    # a cell read now but not in the look before is taken as it was too
    board = unread_as_before(_read("12.\n0..", [(0, 2)]), BEFORE, [(0, 2), (1, 0)])
    assert board == parse_board("12.\n...")


def test_a_mine_shown_or_a_picture_learned_wants_the_whole_board() -> None:
    def before(read: Recognition) -> Board | None:
        return unread_as_before(read, BEFORE, read.unreadable)

    assert before(_read("1*.\n...", [(1, 1)])) is None
    assert before(_read("12.\n...", [(1, 1)], learned=("opened",))) is None
    assert before(_read("12.\n...", [(1, 1)], status="lost")) is None
    assert before(_read("12\n..", [(1, 1)])) is None  # another size


def test_something_moves_over_cells_only_where_every_one_of_them_changed() -> None:
    before = np.full((20, 30, 3), 100, np.uint8)
    now = before.copy()
    now[2:6, 12:16] = 200  # a leaf over cell (0, 1) ...
    assert not_believed(before, now, GEOMETRY, [(0, 1)], []) == ((0, 1),)
    assert not_believed(before, now, GEOMETRY, [(0, 1), (1, 2)], []) is None  # ... not (1, 2)
    assert not_believed(before, before, GEOMETRY, [(0, 1)], []) is None
    assert not_believed(before, now, GEOMETRY, [], []) is None


def test_a_cell_faded_or_unread_in_the_look_before_is_not_believed() -> None:
    before = np.full((20, 30, 3), 100, np.uint8)
    now = before.copy()
    now[2:6, 12:16] = 200  # a leaf over cell (0, 1) ...
    now[10:20, 20:30] = 95  # ... and cell (1, 2), read in both looks, shaded
    assert not_believed(before, now, GEOMETRY, [(0, 1)], []) == ((0, 1), (1, 2))
    assert not_believed(before, now, GEOMETRY, [(0, 1)], [(1, 0)]) == ((0, 1), (1, 0), (1, 2))


def test_edges_drawn_a_subpixel_off_are_no_fade() -> None:
    before = np.full((20, 30, 3), 100, np.uint8)
    now = before.copy()
    now[2:6, 12:16] = 200  # a leaf over cell (0, 1) ...
    now[10, 20:30] = now[10:20, 20] = 140  # ... and cell (1, 2)'s edges redrawn
    assert not_believed(before, now, GEOMETRY, [(0, 1)], []) == ((0, 1),)


def test_only_cells_read_are_pressed_and_a_guess_waits_for_the_whole_board() -> None:
    decision = Decision(safe=[(0, 1), (1, 2)], mines=[(1, 0), (0, 2)], probabilities=[],
                        move=None, elapsed_ms=0.0)
    cut = read_cells_only(decision, [(1, 2), (0, 2)])
    assert cut is not None and cut.safe == [(0, 1)] and cut.mines == [(1, 0)]
    assert read_cells_only(decision, [(0, 1), (1, 2)]) is None
    guess = Decision(safe=[], mines=[], probabilities=[], move=None, elapsed_ms=0.0)
    assert read_cells_only(guess, []) is None


class FallingLeafScreen(SimulatedScreen):
    """Draws the cells each batch opened, but those pressed, under leaves that move (new
    noise every screenshot) for the next :data:`LEAF_SHOTS` screenshots, as a page that
    throws each opened cell's cover off does."""

    leaves: list[tuple[int, int]]
    shots_left = 0
    rng = np.random.default_rng(5)

    def actions(self, actions: Sequence[Action], bounds: Rect | None = None) -> BatchResult:
        closed = self.game.board.cells == UNOPENED
        result = super().actions(actions, bounds)
        pressed = {self.cell_at(a.x, a.y) for a in actions if isinstance(a, ClickAction)}
        opened = closed & (self.game.board.cells != UNOPENED)
        self.leaves = [cell for cell in zip(*np.nonzero(opened), strict=True)
                       if cell not in pressed]
        self.shots_left = LEAF_SHOTS if self.leaves else 0
        return result

    def _picture(self, area: Rect) -> np.ndarray:
        picture = super()._picture(area)
        if self.shots_left <= 0:
            return picture
        self.shots_left -= 1
        for row, col in self.leaves:
            left = self.origin[0] + col * self.pitch - area.left
            top = self.origin[1] + row * self.pitch - area.top
            if left >= 0 and top >= 0:
                patch = picture[top:top + self.pitch, left:left + self.pitch]
                patch[:] = self.rng.integers(0, 256, patch.shape, np.uint8)
        return picture


def test_a_game_is_played_on_through_leaves_falling_over_what_it_opened(
        caplog: pytest.LogCaptureFixture) -> None:
    screen = FallingLeafScreen(*INTERMEDIATE, "safe", seeds=lambda: 11)
    screen.leaves = []
    wrong: list[str] = []
    partial = 0

    def check(sight: Sight) -> None:
        nonlocal partial
        partial += bool(sight.unread)
        truth, read = screen.game.board.cells, sight.board.cells
        unread = np.zeros(truth.shape, bool)
        for cell in sight.unread:
            unread[cell] = True
        # read cells are the game's; unread ones are at most as open as it (as they were)
        if np.any((read != truth) & ~unread) or np.any(
                unread & (read != truth) & (read != UNOPENED)):
            wrong.append(str(sight.board))

    player = Player(screen, LocalDecider(), PlayOptions(games=2, mines=INTERMEDIATE.mines),
                    on_sight=check)
    with caplog.at_level(logging.INFO, logger="sweeper.play"):
        summary = player.play()
    assert summary.errors == [] and len(summary.results) == 2
    assert wrong == []
    assert partial > 0, "no board was taken with cells under the leaves"
    turns = [r.getMessage() for r in caplog.records if r.getMessage().startswith("turn ")]
    assert any(PASSING_OVER in line for line in turns)
    assert summary.results[-1].result == screen.game.status



def test_a_press_read_not_shown_yet_is_the_page_still_at_work() -> None:
    presses = Presses([(0, 1), (1, 1)])
    assert presses.pending_in(_read("1..\n.2.", []))  # (0, 1) read closed
    assert not presses.pending_in(_read("1..\n.2.", [(0, 1)]))  # unread: not known
    assert not presses.pending_in(_read("13.\n.2.", []))
