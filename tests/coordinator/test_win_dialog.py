"""A game that puts up its win dialog before it draws the last cell open (a prompt for the
winner's name blocks its page): after the last safe cell is pressed, a cover away from the
pointer is the win, taken at once instead of answering the game's dialogs first."""

from __future__ import annotations

import time

import cv2
import numpy as np
import numpy.typing as npt
import pytest

from sweeper.coordinator import Game, SimulatedScreen, cover_wait
from sweeper.coordinator import watch as watch_module
from sweeper.coordinator.covers import CoverAnswerer
from sweeper.coordinator.facts import GameFacts
from sweeper.coordinator.look import Looker, WatchError
from sweeper.coordinator.watch import BoardWatch
from sweeper.core import BEGINNER, UNOPENED, Board, Cell, Rect
from sweeper.effector import Action

LAST_SAFE: Cell = (0, 0)  # its neighbours are all mines: no cascade opens it
MINES = [(0, 1), (1, 0), (1, 1), (0, 8), (1, 8), (8, 0), (7, 0), (4, 4), (8, 8), (7, 8)]
BOX_FAR = [(row, col) for row in range(5, 9) for col in range(4, 8)]  # a dialog
BOX_AT_POINTER = [(row, col) for row in range(3) for col in range(3)]  # a tooltip


class BlockedWinScreen(SimulatedScreen):
    """Shows ``shown`` (the board before the last press), with the ``box`` cells painted
    over once ``boxed`` is set."""

    boxed = False

    def __init__(self, shown: Board, box: list[Cell]) -> None:
        super().__init__(*BEGINNER, "safe")
        self.shown, self.box = shown, box
        self.batches: list[list[Action]] = []
        self.on_actions = lambda actions: self.batches.append(list(actions))

    def shown_board(self) -> Board:
        return self.shown

    def screenshot(self, region: Rect | None = None,
                   image_format: str = "raw") -> npt.NDArray[np.uint8]:
        picture = super().screenshot(region, image_format).copy()
        if region is None or not self.boxed:
            return picture
        left, top = self.origin[0] - region.left, self.origin[1] - region.top
        for row, col in self.box:
            corner = (left + col * self.pitch, top + row * self.pitch)
            far = (corner[0] + self.pitch - 1, corner[1] + self.pitch - 1)
            cv2.rectangle(picture, corner, far, (200, 120, 40), -1)
        return picture


def _before_the_last_press() -> Board:
    """A beginner board with every safe cell open but :data:`LAST_SAFE`."""
    layout = np.zeros((BEGINNER.height, BEGINNER.width), dtype=bool)
    for cell in MINES:
        layout[cell] = True
    game = Game.with_layout(layout)
    for row, col in zip(*np.nonzero(~layout), strict=True):
        if (int(row), int(col)) != LAST_SAFE:
            game.open(int(row), int(col))
    cells = game.board.cells.copy()
    assert cells[LAST_SAFE] == UNOPENED
    return Board(cells)


def _watch(box: list[Cell]) -> tuple[BlockedWinScreen, BoardWatch, GameFacts, Board]:
    before = _before_the_last_press()
    screen = BlockedWinScreen(before, box)
    looker = Looker(screen)
    placement = looker.locate(len(MINES))
    screen.boxed = True
    facts = GameFacts(placement.geometry.rows, placement.geometry.cols, "safe",
                      shown_mines=len(MINES))
    return screen, BoardWatch(looker, CoverAnswerer(screen)), facts, before


def test_a_dialog_after_the_last_safe_press_is_the_win_taken_at_once() -> None:
    screen, watch, facts, before = _watch(BOX_FAR)
    started = time.monotonic()
    sight = watch.settle(facts, before, [LAST_SAFE], proven_safe=[LAST_SAFE])
    assert sight.status == "won" and sight.board == before
    assert watch_module.COVER_AFTER_LAST_PRESS in sight.waits
    assert screen.batches == []  # no dialog answered, no key pressed
    assert time.monotonic() - started < cover_wait.REMEDY_AFTER_S


def test_a_cover_at_the_pointer_over_the_mines_or_with_safe_cells_left_is_no_win(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cover_wait, "COVERED_PATIENCE_S", 0.0)
    _, watch, facts, before = _watch(BOX_AT_POINTER)  # a tooltip at the pressed cell
    with pytest.raises(WatchError):
        watch.until_readable(facts, time.monotonic(), before, [LAST_SAFE], LAST_SAFE)
    _, watch, facts, before = _watch(MINES)  # the game drawing flags on its mines
    with pytest.raises(WatchError):
        watch.until_readable(facts, time.monotonic(), before, [LAST_SAFE], LAST_SAFE)
    _, watch, facts, before = _watch(BOX_FAR)
    cells = before.cells.copy()
    cells[4, 0] = UNOPENED  # another safe cell still closed
    with pytest.raises(WatchError):
        watch.until_readable(facts, time.monotonic(), Board(cells), [LAST_SAFE], LAST_SAFE)
