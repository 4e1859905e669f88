"""A win told by nothing but an assumed count (a standard size whose game shows no count)
waits for a sign from the game; the board read again, showing the count alone once more,
is no sign: darksweeper, holding fewer mines than assumed, was once taken for won when a
flag it drew was read again."""

from __future__ import annotations

import time

import cv2
import numpy as np
import numpy.typing as npt

from sweeper.coordinator import Game, SimulatedScreen
from sweeper.coordinator.covers import CoverAnswerer
from sweeper.coordinator.ending import won_by_assumed_count
from sweeper.coordinator.facts import GameFacts
from sweeper.coordinator.look import Looker
from sweeper.coordinator.watch import BoardWatch
from sweeper.core import BEGINNER, UNOPENED, Board, Cell, Rect

MINES = [(0, 1), (1, 0), (1, 1), (0, 8), (1, 8), (8, 0), (7, 0), (8, 8), (4, 4)]  # 9
SAFE_LEFT: Cell = (0, 0)  # closed, safe: with the 9 mines, beginner's assumed 10 closed
FLICKER: Cell = (4, 6)  # an open cell drawn anew for one look


class Flickering(SimulatedScreen):
    """Shows ``shown``; its ``flicker``-th screenshot of the board from now has
    :data:`FLICKER` painted over (a cell caught while drawn anew)."""

    def __init__(self, shown: Board) -> None:
        super().__init__(*BEGINNER, "safe")
        self.shown = shown
        self.flicker: int | None = None

    def shown_board(self) -> Board:
        return self.shown

    def screenshot(self, region: Rect | None = None,
                   image_format: str = "raw") -> npt.NDArray[np.uint8]:
        picture = super().screenshot(region, image_format).copy()
        if region is None or self.flicker is None:
            return picture
        self.flicker -= 1
        if self.flicker == 0:
            left, top = self.origin[0] - region.left, self.origin[1] - region.top
            corner = (left + FLICKER[1] * self.pitch, top + FLICKER[0] * self.pitch)
            far = (corner[0] + self.pitch - 1, corner[1] + self.pitch - 1)
            cv2.rectangle(picture, corner, far, (200, 120, 40), -1)
        return picture


def _one_safe_cell_left() -> Board:
    layout = np.zeros((BEGINNER.height, BEGINNER.width), dtype=bool)
    for cell in MINES:
        layout[cell] = True
    game = Game.with_layout(layout)
    for row, col in zip(*np.nonzero(~layout), strict=True):
        if (int(row), int(col)) != SAFE_LEFT:
            game.open(int(row), int(col))
    assert game.status == "playing" and game.board[SAFE_LEFT] == UNOPENED
    return game.board


def test_the_assumed_count_read_again_is_no_sign_of_a_win() -> None:
    screen = Flickering(_one_safe_cell_left())
    looker = Looker(screen)
    placement = looker.locate()
    facts = GameFacts(placement.geometry.rows, placement.geometry.cols, "safe")
    assert facts.mines_from == "standard" and facts.mines == len(MINES) + 1
    watch = BoardWatch(looker, CoverAnswerer(screen))
    sight = watch.until_readable(facts, time.monotonic() + 2)
    assert won_by_assumed_count(sight.status, sight.recognition, sight.board, facts)
    screen.flicker = 1  # the first look of the wait
    waited = watch.for_a_sign_of_the_win(facts, sight)
    assert screen.flicker is not None and screen.flicker < 0  # it flickered, was read again
    assert waited.status == "playing"  # the game goes on: it holds fewer mines
