"""A look in which no pressed cell changed to the pixel since the look the batch was
decided on shows none of the presses: it need not be read. A few other cells changed (a
hover highlight at the pointer) leave it so; a box drawn over the board does not."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from sweeper.coordinator.covers import POINTER_HIDES
from sweeper.coordinator.passing import Presses
from sweeper.core import Cell
from sweeper.recognizer import BoardGeometry, load_image
from tests.recognizer.recognizer_corpus import CORPUS_DIR

# the dark game's board in the recorded screenshot: 30x16 cells of 25 px
DARK_BOARD = BoardGeometry.regular(left=26, top=9, pitch_x=25, pitch_y=25, rows=16, cols=30)
PRESSES = Presses(clicked=[(14, 2), (14, 3)], flagged=[(15, 0)])


Image = npt.NDArray[np.uint8]


def _screenshot() -> Image:
    return load_image(CORPUS_DIR / "messages" / "darksweeper-game-over.png")


def _paint(image: Image, cells: list[Cell]) -> Image:
    for row, col in cells:
        left, top, right, bottom = DARK_BOARD.cell_box(row, col)
        image[top + 3:bottom - 3, left + 3:right - 3] = (90, 200, 40)
    return image


def test_nothing_drawn_is_undrawn() -> None:
    before = _screenshot()
    assert PRESSES.undrawn(before, before.copy(), DARK_BOARD)


def test_a_pressed_cell_drawn_is_read() -> None:
    before = _screenshot()
    for cell in (*PRESSES.clicked, *PRESSES.flagged):
        assert not PRESSES.undrawn(before, _paint(before.copy(), [cell]), DARK_BOARD)


def test_a_hover_highlight_elsewhere_leaves_the_presses_undrawn() -> None:
    before = _screenshot()
    hover = [(2, 2), (2, 3), (3, 2), (3, 3)][:POINTER_HIDES]
    assert PRESSES.undrawn(before, _paint(before.copy(), hover), DARK_BOARD)


def test_a_box_over_the_board_is_read() -> None:
    before = _screenshot()
    box = [(row, col) for row in range(5, 8) for col in range(10, 16)]
    assert not PRESSES.undrawn(before, _paint(before.copy(), box), DARK_BOARD)


def test_a_look_of_another_size_is_read() -> None:
    before = _screenshot()
    assert not PRESSES.undrawn(before, before[:-1].copy(), DARK_BOARD)
