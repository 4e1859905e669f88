"""A message over the board is read once per picture: the second reading of a game's end,
on the same pixels, tells the same end without another OCR; a changed picture is read."""

from __future__ import annotations

import shutil

import pytest

from sweeper.coordinator.told import ToldEnds
from sweeper.recognizer import BoardGeometry, load_image
from tests.recognizer.recognizer_corpus import CORPUS_DIR

# the dark game's board in the recorded screenshot: 30x16 cells of 25 px
DARK_BOARD = BoardGeometry.regular(left=26, top=9, pitch_x=25, pitch_y=25, rows=16, cols=30)
UNDER_THE_BOX = [(row, col) for row in range(5, 11) for col in range(9, 22)]
THE_MINE_HIT = (1, 6)
COVERED = [*UNDER_THE_BOX, THE_MINE_HIT]


@pytest.fixture(scope="module", autouse=True)
def _tesseract_installed() -> None:
    if shutil.which("tesseract") is None:
        pytest.fail("tesseract-ocr is not installed: ./run installs it "
                    "(apt-get install tesseract-ocr)")


def test_the_same_picture_is_read_once() -> None:
    image = load_image(CORPUS_DIR / "messages" / "darksweeper-game-over.png")
    told = ToldEnds()
    assert told.told(image, DARK_BOARD, COVERED) == "lost"
    again = image.copy()  # a new screenshot, the same to the pixel
    assert told.known(again, DARK_BOARD, COVERED)
    assert told.told(again, DARK_BOARD, COVERED) == "lost"
    assert told.readings == 1


def test_a_changed_picture_or_other_cells_are_read_again() -> None:
    image = load_image(CORPUS_DIR / "messages" / "darksweeper-game-over.png")
    told = ToldEnds()
    assert told.told(image, DARK_BOARD, COVERED) == "lost"
    assert not told.known(image, DARK_BOARD, UNDER_THE_BOX)  # other cells covered
    changed = image.copy()
    left, top, right, bottom = DARK_BOARD.cell_box(*UNDER_THE_BOX[0])
    changed[top:bottom, left:right] = 0  # the box drawn anew over one cell
    assert not told.known(changed, DARK_BOARD, COVERED)
    assert told.told(changed, DARK_BOARD, COVERED) == "lost"
    assert told.readings == 2


def test_a_clock_ticking_above_the_board_is_no_new_picture() -> None:
    image = load_image(CORPUS_DIR / "messages" / "darksweeper-game-over.png")
    told = ToldEnds()
    told.told(image, DARK_BOARD, COVERED)
    ticked = image.copy()
    ticked[: DARK_BOARD.rect.top] = 255 - ticked[: DARK_BOARD.rect.top]
    assert told.known(ticked, DARK_BOARD, COVERED)
