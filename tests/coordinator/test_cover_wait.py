"""A covered board is read for a message telling the game's end before each key press
that could close it, each picture once: a box put up after the mines showed (aryanpanda-
dark's "Game Over!" came after its bombs, or faded in) is read though the cover before
it told nothing."""

from __future__ import annotations

import time

import numpy as np
import numpy.typing as npt
import pytest

from sweeper.coordinator.cover_wait import (
    COVERED_LOOKS,
    NO_END_TOLD,
    REMEDY_AFTER_S,
    CoverWait,
)
from sweeper.coordinator.covers import CoverAnswerer
from sweeper.coordinator.look import Placement, Shot
from sweeper.coordinator.told import ToldEnds
from sweeper.core import Board, Cell, Rect
from sweeper.recognizer import Recognition, load_image
from tests.coordinator.recording_screen import RecordingScreen
from tests.recognizer.recognizer_corpus import (
    GAME_OVER_BOARD,
    GAME_OVER_SHOT,
    THE_MINE_HIT,
    UNDER_THE_BOX,
)

pytestmark = pytest.mark.usefixtures("tesseract")  # the OCR reads what is tested


def _shot(image: npt.NDArray[np.uint8], covered: list[Cell]) -> Shot:
    codes = np.full((GAME_OVER_BOARD.rows, GAME_OVER_BOARD.cols), -1, np.int8)
    recognition = Recognition(board=None, status="unknown", geometry=GAME_OVER_BOARD, skin=None,
                              unreadable=covered, codes=codes)
    return Shot(recognition, image, time.monotonic())


def test_a_box_over_other_cells_is_read_though_the_cover_before_told_nothing() -> None:
    image = load_image(GAME_OVER_SHOT)
    height, width = image.shape[:2]
    placed = Placement(Rect(left=0, top=0, width=width, height=height), GAME_OVER_BOARD)
    told = ToldEnds()
    wait = CoverWait(CoverAnswerer(RecordingScreen()), told)
    wait.since, wait.looks = time.monotonic() - 60.0, 10  # covered long since: a press due
    previous = Board(np.full((GAME_OVER_BOARD.rows, GAME_OVER_BOARD.cols), -1, np.int8))
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


def test_a_cover_is_given_up_on_only_once_the_last_remedy_was_looked_at() -> None:
    image = load_image(GAME_OVER_SHOT)
    height, width = image.shape[:2]
    placed = Placement(Rect(left=0, top=0, width=width, height=height), GAME_OVER_BOARD)
    wait = CoverWait(CoverAnswerer(RecordingScreen()), ToldEnds())
    wait.since, wait.looks = time.monotonic() - 60.0, COVERED_LOOKS  # long covered, still
    assert wait.waited_out(still=True)
    wait.remedies = 1  # the next remedy is the pointer's move: no key, nothing read
    wait.answer(_shot(image, [THE_MINE_HIT]), True, placed, [], previous=None,
                pressed_safe=(), pointer=None)
    assert wait.remedies == 2  # done just now (a dialog put up late, answered at last)
    assert not wait.waited_out(still=True)  # its effect not yet looked at
    time.sleep(REMEDY_AFTER_S)
    assert wait.waited_out(still=True)
