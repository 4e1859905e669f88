"""While the page has not drawn a batch, the looks at it are not read, though its clock
ticks above the board: only the look that shows the presses is, and the board taken is
the one the presses made. A batch the page ignored is pressed again at the page's pace."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from sweeper.coordinator import SimulatedScreen
from sweeper.coordinator.covers import CoverAnswerer
from sweeper.coordinator.facts import GameFacts
from sweeper.coordinator.look import Looker
from sweeper.coordinator.unshown import (
    PACE_TURNS,
    REPRESS_MIN_S,
    REPRESS_PACE,
    UNKNOWN_PACE_S,
    Pace,
)
from sweeper.coordinator.watch import CLICKS_NOT_SHOWN, PRESSED_AGAIN, BoardWatch
from sweeper.core import BEGINNER, UNOPENED, Board, Cell, Rect
from sweeper.effector import Action, BatchResult, ClickAction

LAG = 4  # screenshots after a batch that still show the board before it


class LaggingScreen(SimulatedScreen):
    """Shows the board as it was before each batch for its next :data:`LAG` screenshots,
    and a clock above the board that changes with every screenshot."""

    def __init__(self) -> None:
        super().__init__(*BEGINNER, "safe", seeds=lambda: 1)
        self.lagging = 0
        self.ticks = 0
        self.before: Board | None = None

    def actions(self, actions: Sequence[Action], bounds: Rect | None = None) -> BatchResult:
        self.before, self.lagging = self.game.board, LAG
        return super().actions(actions, bounds)

    def shown_board(self) -> Board:
        if self.lagging and self.before is not None:
            return self.before
        return self.game.board

    def screenshot(self, region: Rect | None = None,
                   image_format: str = "raw") -> npt.NDArray[np.uint8]:
        picture = super().screenshot(region, image_format).copy()
        self.lagging = max(0, self.lagging - 1)
        self.ticks += 1
        if region is not None and region.top < self.origin[1] - 4:
            left = self.origin[0] - region.left
            picture[0:3, left:left + 6] = (self.ticks * 37) % 256  # the clock
        return picture


def _reads(looker: Looker) -> list[int]:
    """A count of the reader's reads, kept as it reads."""
    reader = looker.reader
    assert reader is not None
    count = [0]
    read = reader.read

    def counted(*args: Any, **kwargs: Any) -> Any:
        count[0] += 1
        return read(*args, **kwargs)

    reader.read = counted  # type: ignore[method-assign]
    return count


def _watching(screen: SimulatedScreen) -> tuple[Looker, Rect, GameFacts, BoardWatch]:
    """The watch on ``screen``'s beginner board: its looker, board and facts."""
    looker = Looker(screen)
    placement = looker.locate(BEGINNER.mines)
    facts = GameFacts(placement.geometry.rows, placement.geometry.cols, "safe",
                      shown_mines=BEGINNER.mines)
    return looker, placement.board_rect, facts, BoardWatch(looker, CoverAnswerer(screen))


def _settle(decided: bool) -> tuple[int, int, Board, tuple[str, ...], Cell]:
    screen = LaggingScreen()
    looker, board_rect, facts, watch = _watching(screen)
    first = watch.until_readable(facts, 1e18)
    cell = (4, 4)
    screen.actions(_click(screen, cell), board_rect)
    reads = _reads(looker)
    sight = watch.settle(facts, first.board, [cell],
                         decided_on=first.image if decided else None)
    return reads[0], sight.looks, sight.board, sight.waits, cell


def _click(screen: SimulatedScreen, cell: Cell) -> list[Action]:
    left, top = screen.origin
    x, y = left + cell[1] * screen.pitch + screen.pitch // 2, top + cell[0] * screen.pitch + 4
    return [ClickAction(x=x, y=y)]


def test_looks_before_the_page_draws_the_presses_are_not_read() -> None:
    reads, looks, board, waits, cell = _settle(decided=True)
    assert board[cell] != UNOPENED  # the board taken shows the press
    assert looks == LAG + 1 and reads == 1
    assert waits.count(CLICKS_NOT_SHOWN) == LAG


def test_without_the_look_decided_on_every_look_is_read() -> None:
    reads, looks, board, _, cell = _settle(decided=False)
    assert board[cell] != UNOPENED
    assert looks == LAG + 1 and reads == looks


class IgnoringScreen(SimulatedScreen):
    """Takes no notice of its first batch (a page that misses a click); the rest it
    plays as the game would."""

    def __init__(self) -> None:
        super().__init__(*BEGINNER, "safe", seeds=lambda: 1)
        self.batches = 0

    def actions(self, actions: Sequence[Action], bounds: Rect | None = None) -> BatchResult:
        self.batches += 1
        if self.batches == 1:
            return BatchResult(executed=len(actions), elapsed_ms=0.0)
        return super().actions(actions, bounds)


def _ignored_once(press_again: bool) -> tuple[Board, tuple[str, ...], Cell, int]:
    screen = IgnoringScreen()
    _, board_rect, facts, watch = _watching(screen)
    watch.pace.drawn(0.01)  # the page drew the batches before at once
    first = watch.until_readable(facts, 1e18)
    cell = (4, 4)
    screen.actions(_click(screen, cell), board_rect)

    def again() -> None:
        screen.actions(_click(screen, cell), board_rect)

    sight = watch.settle(facts, first.board, [cell], decided_on=first.image,
                         press_again=again if press_again else None)
    return sight.board, sight.waits, cell, screen.batches


def test_a_batch_the_page_ignored_is_pressed_again_at_the_pages_pace() -> None:
    board, waits, cell, batches = _ignored_once(press_again=True)
    assert board[cell] != UNOPENED and batches == 2
    assert waits.count(PRESSED_AGAIN) == 1


def test_without_a_way_to_press_again_the_clicks_time_runs_out() -> None:
    board, waits, cell, batches = _ignored_once(press_again=False)
    assert board[cell] == UNOPENED and batches == 1  # taken unchanged: an idle turn
    assert PRESSED_AGAIN not in waits


def test_the_pace_follows_the_slowest_recent_draw() -> None:
    pace = Pace()
    assert pace.repress_after_s == UNKNOWN_PACE_S
    pace.drawn(0.01)
    assert pace.repress_after_s == REPRESS_MIN_S
    pace.drawn(0.3)
    assert pace.repress_after_s == REPRESS_PACE * 0.3
    for _ in range(PACE_TURNS):
        pace.drawn(0.02)
    assert pace.repress_after_s == REPRESS_MIN_S  # the slow one is forgotten
