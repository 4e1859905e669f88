"""A message over the board is read once per picture: the second reading of a game's end,
on the same pixels, tells the same end without another OCR; a changed picture is read."""

from __future__ import annotations

import pytest

from sweeper.coordinator.told import ToldEnds
from sweeper.recognizer import load_image
from tests.recognizer.recognizer_corpus import (
    GAME_OVER_BOARD,
    GAME_OVER_SHOT,
    THE_MINE_HIT,
    UNDER_THE_BOX,
)

COVERED = [*UNDER_THE_BOX, THE_MINE_HIT]


pytestmark = pytest.mark.usefixtures("tesseract")  # the OCR reads what is tested


def test_the_same_picture_is_read_once() -> None:
    image = load_image(GAME_OVER_SHOT)
    told = ToldEnds()
    assert told.told(image, GAME_OVER_BOARD, COVERED) == "lost"
    again = image.copy()  # a new screenshot, the same to the pixel
    assert told.known(again, GAME_OVER_BOARD, COVERED)
    assert told.told(again, GAME_OVER_BOARD, COVERED) == "lost"
    assert told.readings == 1


def test_a_changed_picture_or_other_cells_are_read_again() -> None:
    image = load_image(GAME_OVER_SHOT)
    told = ToldEnds()
    assert told.told(image, GAME_OVER_BOARD, COVERED) == "lost"
    assert not told.known(image, GAME_OVER_BOARD, UNDER_THE_BOX)  # other cells covered
    changed = image.copy()
    left, top, right, bottom = GAME_OVER_BOARD.cell_box(*UNDER_THE_BOX[0])
    changed[top:bottom, left:right] = 0  # the box drawn anew over one cell
    assert not told.known(changed, GAME_OVER_BOARD, COVERED)
    assert told.told(changed, GAME_OVER_BOARD, COVERED) == "lost"
    assert told.readings == 2


def test_a_clock_ticking_above_the_board_is_no_new_picture() -> None:
    image = load_image(GAME_OVER_SHOT)
    told = ToldEnds()
    told.told(image, GAME_OVER_BOARD, COVERED)
    ticked = image.copy()
    ticked[: GAME_OVER_BOARD.rect.top] = 255 - ticked[: GAME_OVER_BOARD.rect.top]
    assert told.known(ticked, GAME_OVER_BOARD, COVERED)
