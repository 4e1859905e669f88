"""Tiles drawn inside frames of their own (a toolkit's buttons round tile pictures) are
read on the buttons, though the strongest edges of the board lie inside them."""

from __future__ import annotations

import numpy as np

from sweeper.recognizer.api import recognize
from sweeper.recognizer.locate import locate_boards

ROWS, COLS = 16, 30
LEFT, TOP = 40, 60  # where the first button starts
WINDOW = 217  # the window's and the buttons' grey

# one button along either axis, as a toolkit draws it round a 32 px raised tile:
# frame, highlight, padding, the tile's light bevel, face and dark bevel, padding,
# shadow, frame
PROFILE = [WINDOW, 255, WINDOW] + [209] * 3 + [143] * 26 + [106] * 3 + [WINDOW, 130, WINDOW]
PITCH = len(PROFILE)


def button() -> np.ndarray:
    """One button: each pixel takes the profile of whichever edge it is nearest."""
    picture = np.full((PITCH, PITCH), 143, np.uint8)
    for depth in range(PITCH // 2):
        near, far = PROFILE[depth], PROFILE[PITCH - 1 - depth]
        inner = slice(depth, PITCH - depth)
        picture[depth, inner] = near
        picture[inner, depth] = near
        picture[PITCH - 1 - depth, inner] = far
        picture[inner, PITCH - 1 - depth] = far
        if PROFILE[depth] == 143:
            break
    return picture


def framed_board() -> np.ndarray:
    """A fresh expert board of buttons in a grey window on a black screen."""
    screen = np.zeros((TOP + ROWS * PITCH + 80, LEFT + COLS * PITCH + 80), np.uint8)
    screen[TOP - 30:TOP + ROWS * PITCH, LEFT:LEFT + COLS * PITCH] = WINDOW
    screen[TOP:TOP + ROWS * PITCH, LEFT:LEFT + COLS * PITCH] = np.tile(button(), (ROWS, COLS))
    return np.ascontiguousarray(np.repeat(screen[:, :, None], 3, axis=2))


def test_the_likeliest_lattice_lies_inside_the_buttons() -> None:
    # what makes this board hard: the lines found first cut every button in two
    lattice = locate_boards(framed_board())[0]
    assert (lattice.rows, lattice.cols) == (ROWS, COLS)
    assert lattice.xs[0] != LEFT or lattice.ys[0] != TOP


def test_a_board_of_framed_tiles_is_read_on_its_buttons() -> None:
    recognition = recognize(framed_board())
    assert recognition.board is not None, recognition.message
    assert str(recognition.board).split() == ["." * COLS] * ROWS
    geometry = recognition.geometry
    assert geometry is not None
    assert (geometry.xs[0], geometry.ys[0]) == (LEFT, TOP)
    assert (geometry.pitch_x, geometry.pitch_y) == (PITCH, PITCH)
