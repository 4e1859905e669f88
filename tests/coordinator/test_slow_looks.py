"""Looks that come late, as on a loaded machine (a look took 2 s, once 12 s, while other
jobs ran): the watch neither gives up on a look that taught the skin a picture nor counts
the time one slow look took against the patience a covered board is given."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from dataclasses import replace

import cv2
import numpy as np
import numpy.typing as npt
import pytest

from sweeper.coordinator import SimulatedScreen, cover_wait
from sweeper.coordinator import watch as watch_module
from sweeper.coordinator.covers import CoverAnswerer
from sweeper.coordinator.facts import GameFacts
from sweeper.coordinator.look import Looker, Shot, WatchError
from sweeper.coordinator.passing import Presses
from sweeper.coordinator.watch import BoardWatch
from sweeper.core import BEGINNER, Board, GameStatus, Rect
from sweeper.effector import Action, BatchResult
from sweeper.recognizer import STEADY_SPAN_S, BoardReader

PATIENCE_S = 0.2  # the covered board's patience in the test ...
SLOW_LOOK_S = 0.5  # ... which one slow look outlasts


class SlowCoveredScreen(SimulatedScreen):
    """Its next screenshot, once ``slow`` is set, takes ``SLOW_LOOK_S`` and shows a box
    over part of the board; the ones after it show the board."""

    slow = False

    def screenshot(self, region: Rect | None = None,
                   image_format: str = "raw") -> npt.NDArray[np.uint8]:
        picture = super().screenshot(region, image_format)
        if not self.slow:
            return picture
        self.slow = False
        time.sleep(SLOW_LOOK_S)
        covered = picture.copy()
        height, width = covered.shape[:2]
        cv2.rectangle(covered, (width // 3, height // 2), (2 * width // 3, height - 20),
                      (200, 120, 40), -1)
        return covered


def _watch(screen: SimulatedScreen, looker_type: type[Looker] = Looker
           ) -> tuple[Looker, BoardWatch, GameFacts]:
    looker = looker_type(screen)
    placement = looker.locate()
    facts = GameFacts(placement.geometry.rows, placement.geometry.cols, "safe")
    return looker, BoardWatch(looker, CoverAnswerer(screen)), facts


def test_a_look_that_learned_a_picture_past_the_deadline_is_read_again() -> None:
    looker, watch, facts = _watch(SimulatedScreen(*BEGINNER, "safe", seeds=lambda: 1))
    looker.reader = BoardReader()  # a look never seen: learned from the screen
    first = looker.shoot(BEGINNER.mines)  # the cells seen once: too soon to learn
    assert first.recognition.learned == () and first.recognition.unreadable
    time.sleep(2 * STEADY_SPAN_S)
    sight = watch.until_readable(facts, deadline=time.monotonic() - 1.0)
    assert sight.looks == 2 and sight.status == "playing" and sight.board.is_fresh


def test_one_slow_look_at_a_cover_does_not_use_up_the_patience(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cover_wait, "COVERED_PATIENCE_S", PATIENCE_S)
    screen = SlowCoveredScreen(*BEGINNER, "safe", seeds=lambda: 1)
    _, watch, facts = _watch(screen)
    screen.slow = True
    sight = watch.until_readable(facts, deadline=time.monotonic())
    assert sight.looks >= 2 and sight.status == "playing"
    assert "unreadable cells" in sight.waits


class SlowlyUncoveredScreen(SimulatedScreen):
    """Its next ``covered`` screenshots each take ``SLOW_LOOK_S`` and show the same box
    over part of the board (a cover that holds still); the ones after show the board.
    Remembers every batch it runs."""

    covered = 0
    batches: list[list[Action]]

    def screenshot(self, region: Rect | None = None,
                   image_format: str = "raw") -> npt.NDArray[np.uint8]:
        picture = super().screenshot(region, image_format)
        if self.covered <= 0:
            return picture
        self.covered -= 1
        time.sleep(SLOW_LOOK_S)
        height, width = picture.shape[:2]
        cv2.rectangle(picture, (width // 3, height // 2), (2 * width // 3, height - 20),
                      (200, 120, 40), -1)
        return picture

    def actions(self, actions: Sequence[Action], bounds: Rect | None = None) -> BatchResult:
        self.batches.append(list(actions))
        return super().actions(actions, bounds)


def test_a_cover_seen_in_fewer_looks_than_a_remedy_wants_is_not_answered_however_slow() -> None:
    screen = SlowlyUncoveredScreen(*BEGINNER, "safe", seeds=lambda: 1)
    screen.batches = []
    _, watch, facts = _watch(screen)
    screen.covered = 2  # each look outlasts a remedy's wait
    assert SLOW_LOOK_S * screen.covered > cover_wait.REMEDY_AFTER_S
    sight = watch.until_readable(facts, deadline=time.monotonic() + 10.0)
    assert sight.status == "playing" and "unreadable cells" in sight.waits
    assert screen.batches == []  # no key pressed, no pointer moved


class SlowlyCoveredScreen(SimulatedScreen):
    """Every screenshot takes ``SLOW_LOOK_S`` / 5 and shows a box over part of the board;
    counts them."""

    shots = 0

    def screenshot(self, region: Rect | None = None,
                   image_format: str = "raw") -> npt.NDArray[np.uint8]:
        picture = super().screenshot(region, image_format)
        self.shots += 1
        time.sleep(SLOW_LOOK_S / 5)
        height, width = picture.shape[:2]
        cv2.rectangle(picture, (width // 3, height // 2), (2 * width // 3, height - 20),
                      (200, 120, 40), -1)
        return picture


def test_a_covered_board_is_given_up_only_after_enough_looks_however_slow(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cover_wait, "COVERED_PATIENCE_S", PATIENCE_S)
    screen = SimulatedScreen(*BEGINNER, "safe", seeds=lambda: 1)
    _, watch, facts = _watch(screen)
    covered = SlowlyCoveredScreen(*BEGINNER, "safe", seeds=lambda: 1)
    watch.looker.screen = watch.covers.screen = covered
    with pytest.raises(WatchError, match="unreadable"):
        watch.until_readable(facts, deadline=time.monotonic())
    assert SLOW_LOOK_S / 5 * cover_wait.COVERED_LOOKS > PATIENCE_S  # time alone: sooner
    assert covered.shots >= cover_wait.COVERED_LOOKS


class MovingCoverScreen(SimulatedScreen):
    """Every screenshot shows a box over part of the board, a few pixels further right
    than the last one (an animation that keeps running)."""

    shots = 0

    def screenshot(self, region: Rect | None = None,
                   image_format: str = "raw") -> npt.NDArray[np.uint8]:
        picture = super().screenshot(region, image_format)
        self.shots += 1
        height, width = picture.shape[:2]
        left = width // 4 + 3 * (self.shots % 10)
        # its shade cycles over another period, so that no two looks 0.3 s apart match
        # (ten looks of 30 ms each, on a loaded machine, brought the box back in place)
        shade = 40 + 20 * (self.shots % 7)
        cv2.rectangle(picture, (left, height // 2), (left + width // 3, height - 20),
                      (200, 120, shade), -1)
        time.sleep(0.01)
        return picture


ANIMATION_S = 1.5  # the test's patience with a moving cover, well past the still one's


@pytest.mark.parametrize(("screen_type", "fewest_s", "most_s"), [
    (MovingCoverScreen, ANIMATION_S, 3 * ANIMATION_S),
    (SlowlyCoveredScreen, 0.0, ANIMATION_S),
])
def test_a_cover_that_keeps_moving_is_waited_out_longer_than_one_that_holds_still(
        monkeypatch: pytest.MonkeyPatch, screen_type: type[SimulatedScreen],
        fewest_s: float, most_s: float) -> None:
    monkeypatch.setattr(cover_wait, "COVERED_PATIENCE_S", PATIENCE_S)
    monkeypatch.setattr(cover_wait, "ANIMATION_PATIENCE_S", ANIMATION_S)
    monkeypatch.setattr(cover_wait, "COVERED_LOOKS", 3)
    _, watch, facts = _watch(SimulatedScreen(*BEGINNER, "safe", seeds=lambda: 1))
    covered = screen_type(*BEGINNER, "safe", seeds=lambda: 1)
    watch.looker.screen = watch.covers.screen = covered
    started = time.monotonic()
    with pytest.raises(WatchError, match="unreadable"):
        watch.until_readable(facts, deadline=time.monotonic())
    assert fewest_s <= time.monotonic() - started < most_s


class EverLearningLooker(Looker):
    """A reader that learns a picture on every look (a page that draws a new one each
    time: a glow pulsing under the pointer), of a board it cannot read whole."""

    def shoot(self, mines: int | None,
              snapped: tuple[npt.NDArray[np.uint8], float] | None = None) -> Shot:
        shot = super().shoot(mines, snapped)
        recognition = replace(shot.recognition, learned=("1",), unreadable=[(0, 0)])
        return replace(shot, recognition=recognition)


def test_looks_that_learn_forever_past_the_deadline_are_given_up(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cover_wait, "COVERED_PATIENCE_S", PATIENCE_S)
    _, watch, facts = _watch(SimulatedScreen(*BEGINNER, "safe", seeds=lambda: 1),
                             EverLearningLooker)
    started = time.monotonic()
    with pytest.raises(WatchError, match="stayed unreadable"):
        watch.until_readable(facts, deadline=time.monotonic())
    assert time.monotonic() - started < cover_wait.ANIMATION_PATIENCE_S


class PressHiddenInTurnLooker(Looker):
    """A reader that sees the pressed cell (0, 0) in turn still closed, with another cell
    unreadable, and unreadable itself (a page drawing its end over the press: a mine
    shown where the cell was pressed, unread, then the cell again)."""

    looks = 0

    def shoot(self, mines: int | None,
              snapped: tuple[npt.NDArray[np.uint8], float] | None = None) -> Shot:
        shot = super().shoot(mines, snapped)
        self.looks += 1
        unreadable = [(0, 0)] if self.looks % 2 else [(5, 5)]
        return replace(shot, recognition=replace(shot.recognition, board=None,
                                                 unreadable=unreadable))


def test_a_press_pending_in_turn_with_a_cover_does_not_renew_the_patience(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the clicks' time a press still not shown is no reason to start the cover's
    patience over: the watch gives up rather than look forever."""
    monkeypatch.setattr(cover_wait, "COVERED_PATIENCE_S", PATIENCE_S)
    monkeypatch.setattr(cover_wait, "ANIMATION_PATIENCE_S", 2 * PATIENCE_S)
    _, watch, facts = _watch(SimulatedScreen(*BEGINNER, "safe", seeds=lambda: 1),
                             PressHiddenInTurnLooker)
    outcome: list[BaseException] = []

    def watch_until_readable() -> None:
        try:
            watch.until_readable(facts, deadline=time.monotonic() + PATIENCE_S,
                                 pressed=Presses(clicked=[(0, 0)]))
        except WatchError as error:
            outcome.append(error)

    watching = threading.Thread(target=watch_until_readable, daemon=True)
    watching.start()
    watching.join(timeout=10 * cover_wait.ANIMATION_PATIENCE_S)
    assert not watching.is_alive(), "the watch still looks"
    assert len(outcome) == 1 and "stayed unreadable" in str(outcome[0])


class EndReadTwoWaysLooker(Looker):
    """A reader that reads the game's end won and lost in turn (a page whose end never
    holds still)."""

    looks = 0

    def shoot(self, mines: int | None,
              snapped: tuple[npt.NDArray[np.uint8], float] | None = None) -> Shot:
        shot = super().shoot(mines, snapped)
        self.looks += 1
        status: GameStatus = "won" if self.looks % 2 else "lost"
        return replace(shot, recognition=replace(shot.recognition, status=status))


def test_a_watch_that_never_settles_stops_at_its_limit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(watch_module, "WATCH_LIMIT_S", 0.5)
    looker, watch, facts = _watch(SimulatedScreen(*BEGINNER, "safe", seeds=lambda: 1),
                                  EndReadTwoWaysLooker)
    started = time.monotonic()
    with pytest.raises(WatchError, match="did not hold still"):
        watch.settle(facts, Board.unopened(BEGINNER.height, BEGINNER.width), clicked=[(0, 0)])
    assert time.monotonic() - started < 5.0
    assert isinstance(looker, EndReadTwoWaysLooker) and looker.looks > 2
