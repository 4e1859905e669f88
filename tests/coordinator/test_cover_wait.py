"""A covered board is read for a message telling the game's end before each key press
that could close it, once per cover: a box put up after the mines showed (aryanpanda-
dark's "Game Over!" came after its bombs) is read though the bombs alone told nothing."""

from __future__ import annotations

import shutil
import time
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
import pytest

from sweeper.coordinator.cover_wait import NO_END_TOLD, CoverWait
from sweeper.coordinator.covers import CoverAnswerer
from sweeper.coordinator.look import Placement, Shot
from sweeper.coordinator.told import ToldEnds
from sweeper.core import Board, Cell, Rect
from sweeper.effector import Action, BatchResult, ScreenInfo
from sweeper.recognizer import BoardGeometry, Recognition, load_image
from tests.recognizer.recognizer_corpus import CORPUS_DIR

# the dark game's board in the recorded screenshot: 30x16 cells of 25 px
DARK_BOARD = BoardGeometry.regular(left=26, top=9, pitch_x=25, pitch_y=25, rows=16, cols=30)
UNDER_THE_BOX = [(row, col) for row in range(5, 11) for col in range(9, 22)]
THE_MINE_HIT = (1, 6)


class KeyRecorder:
    """A screen that keeps the actions it is sent and shows nothing."""

    def __init__(self) -> None:
        self.sent: list[Action] = []

    def screen(self) -> ScreenInfo:
        return ScreenInfo(left=0, top=0, width=1000, height=800,
                          monitors=[Rect(left=0, top=0, width=1000, height=800)])

    def screenshot(self, region: Rect | None = None) -> npt.NDArray[np.uint8]:
        return np.zeros((1, 1, 3), np.uint8)

    def actions(self, actions: Sequence[Action], bounds: Rect | None = None) -> BatchResult:
        self.sent += actions
        return BatchResult(executed=len(actions), elapsed_ms=0.0)


@pytest.fixture(scope="module", autouse=True)
def _tesseract_installed() -> None:
    if shutil.which("tesseract") is None:
        pytest.fail("tesseract-ocr is not installed: ./run installs it "
                    "(apt-get install tesseract-ocr)")


def _shot(image: npt.NDArray[np.uint8], covered: list[Cell]) -> Shot:
    codes = np.full((DARK_BOARD.rows, DARK_BOARD.cols), -1, np.int8)
    recognition = Recognition(board=None, status="unknown", geometry=DARK_BOARD, skin=None,
                              unreadable=covered, codes=codes)
    return Shot(recognition, image, time.monotonic())


def test_a_box_over_other_cells_is_read_though_the_cover_before_told_nothing() -> None:
    image = load_image(CORPUS_DIR / "messages" / "darksweeper-game-over.png")
    height, width = image.shape[:2]
    placed = Placement(Rect(left=0, top=0, width=width, height=height), DARK_BOARD)
    told = ToldEnds()
    wait = CoverWait(CoverAnswerer(KeyRecorder()), told)
    wait.since, wait.looks = time.monotonic() - 60.0, 10  # covered long since: a press due
    previous = Board(np.full((DARK_BOARD.rows, DARK_BOARD.cols), -1, np.int8))
    waits: list[str] = []
    # the mine hit alone, far from the words: nothing told, and Enter pressed
    assert wait.answer(_shot(image, [THE_MINE_HIT]), True, placed, waits,
                       previous=previous, pressed_safe=(), pointer=None) is None
    assert NO_END_TOLD in waits and told.readings == 1
    # the same cover again, at a press (a dialog's button): not read again
    wait.remedies = 2
    wait.answer(_shot(image, [THE_MINE_HIT]), True, placed, waits, previous=previous,
                pressed_safe=(), pointer=None)
    assert told.readings == 1
    # the box over the board, at the next press (Enter): read, and its words tell the loss
    assert wait.remedies == 3
    ended = wait.answer(_shot(image, [*UNDER_THE_BOX, THE_MINE_HIT]), True, placed, waits,
                        previous=previous, pressed_safe=(), pointer=None)
    assert ended is not None and ended[1] == "lost" and told.readings == 2
