"""A number caught fading in is never learned so that it misreads the board.

dipanshu-rounded draws every number again after each press, fading it in from a blank
opened tile. A screenshot taken halfway, before the skin knew an opened 0, once taught it
a faint 3 that then read every blank opened cell as a 3 (a 3 with no closed neighbour:
ruled out, so unreadable) and, being confident, kept them so: the run stopped with the
board "unreadable" for 10 s. A picture learned is kept only if the board read with it
breaks no rule.
"""

from __future__ import annotations

import numpy as np

from sweeper.recognizer import BoardGeometry
from sweeper.recognizer.api import locate_and_read
from tests.recognizer.recognizer_corpus import Shot, load_shot

SITE = "looks/dipanshu-rounded-x1"
HALFWAY = 0.5  # of the number's fade in: between a blank tile and the drawn number


def numbers_not_drawn(shot: Shot, geometry: BoardGeometry) -> np.ndarray:
    """``shot`` with each number cell showing a blank opened tile (an opened 0's
    picture), as the page shows it the moment it draws the board again."""
    cells = shot.board.cells
    zero = next(tuple(int(v) for v in cell) for cell in np.argwhere(cells == 0))
    zx, zy, _, _ = (int(v) for v in geometry.cell_box(*zero))
    blank = shot.image.copy()
    for row, col in np.argwhere(cells > 0):
        x0, y0, x1, y1 = (int(v) for v in geometry.cell_box(int(row), int(col)))
        blank[y0:y1, x0:x1] = shot.image[zy:zy + y1 - y0, zx:zx + x1 - x0]
    return blank


def test_a_number_half_faded_in_does_not_leave_the_drawn_board_unreadable() -> None:
    fresh, mid = load_shot(f"{SITE}-fresh"), load_shot(f"{SITE}-mid")
    found, reader = locate_and_read(fresh.image, total_mines=99)
    assert found.geometry is not None and reader is not None
    geometry = found.geometry
    blank = numbers_not_drawn(mid, geometry).astype(np.float32)
    halfway = blank + HALFWAY * (mid.image.astype(np.float32) - blank)
    fading = reader.read(halfway.round().astype(np.uint8), geometry, 99)
    assert fading.board is None  # the fading numbers read as nothing sure
    for _ in range(2):
        drawn = reader.read(mid.image, geometry, 99)
    assert drawn.board == mid.board and drawn.status == "playing"
