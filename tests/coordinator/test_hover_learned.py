"""A page that whitens the cell under the pointer: a number first seen under the pointer
is learned with the highlight, and the same number without it, once the pointer has
moved on, would never be named (its face is another). When the pointer first rests off
the board, the opened-cell pictures learned so far are forgotten and learned again.

The screenshots are of a Google-style canvas game (teumal-google), cut round its window:
a fresh board; (0, 0) opened, a 2, with the pointer on it; (0, 23) opened too, a 1, with
the pointer on it; both with the pointer off the board."""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from sweeper.coordinator.covers import CoverAnswerer
from sweeper.coordinator.facts import GameFacts
from sweeper.coordinator.look import Looker
from sweeper.coordinator.watch import BoardWatch
from sweeper.core import Rect
from sweeper.effector import Action, BatchResult, ClickAction, MoveAction, ScreenInfo

SHOTS = Path(__file__).parent / "hover"
FIRST, SECOND = (45, 86), (735, 86)  # the centres of cells (0, 0) and (0, 23)
CELL = (30, 33)  # px


def _read(path: Path) -> npt.NDArray[np.uint8]:
    image = cv2.imread(str(path))
    assert image is not None, path
    return np.asarray(image, np.uint8)


class HoverScreen:
    """Shows the recorded screenshot that fits the cells opened and where the pointer is."""

    def __init__(self) -> None:
        self.shots = {name: _read(SHOTS / f"{name}.png")
                      for name in ("fresh", "on-first", "on-second", "off")}
        height, width = self.shots["fresh"].shape[:2]
        self.whole = Rect(left=0, top=0, width=width, height=height)
        self.opened: list[tuple[int, int]] = []
        self.pointer: tuple[int, int] | None = None

    def screen(self) -> ScreenInfo:
        return ScreenInfo(**self.whole.model_dump(), monitors=[self.whole])

    def screenshot(self, region: Rect | None = None) -> npt.NDArray[np.uint8]:
        area = region or self.whole
        shot = self.shots[self._shown()]
        return np.ascontiguousarray(shot[area.top:area.bottom, area.left:area.right])

    def actions(self, actions: Sequence[Action], bounds: Rect | None = None) -> BatchResult:
        for action in actions:
            if isinstance(action, MoveAction | ClickAction):
                self.pointer = (action.x, action.y)
            if isinstance(action, ClickAction):
                self.opened.append((action.x, action.y))
        return BatchResult(executed=len(actions), elapsed_ms=0.0)

    def _shown(self) -> str:
        if not self.opened:
            return "fresh"
        if self.opened == [FIRST]:
            assert self._on(FIRST), "no screenshot of the 2 without the pointer on it"
            return "on-first"
        return "on-second" if self._on(SECOND) else "off"

    def _on(self, centre: tuple[int, int]) -> bool:
        return self.pointer is not None and all(
            abs(p - c) < side / 2 for p, c, side in zip(self.pointer, centre, CELL, strict=True))


def test_a_number_learned_under_a_hover_highlight_is_learned_again_off_it() -> None:
    screen = HoverScreen()
    looker = Looker(screen)
    watch = BoardWatch(looker, CoverAnswerer(screen))
    looker.locate(stated_mines=99)
    facts = GameFacts(20, 24, "safe", 99)
    fresh = watch.until_readable(facts, time.monotonic() + 5)
    screen.actions([ClickAction(x=FIRST[0], y=FIRST[1])])
    first = watch.settle(facts, fresh.board, [(0, 0)])
    assert str(first.board).split("\n")[0] == "2" + "." * 23  # learned, highlighted
    screen.actions([ClickAction(x=SECOND[0], y=SECOND[1])])
    second = watch.settle(facts, first.board, [(0, 23)])
    assert str(second.board).split("\n")[0] == "2" + "." * 22 + "1"
    assert screen.pointer is not None and screen._shown() == "off"  # it rests off the board
    assert "opened-cell pictures learned under the pointer forgotten" in second.waits
