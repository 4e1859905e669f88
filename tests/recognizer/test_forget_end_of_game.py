"""What a game's end showed is forgotten before the next game's cells are named.

A dialog over the board after a loss on the first click (artyyouth shows one) has a
plain white inside that the reader names an opened 0; with that the only opened-cell
picture it knows, the next game's first opening, grey, fits no family and stays unread.
"""

from __future__ import annotations

import time

import numpy as np

from sweeper.core import format_board
from sweeper.recognizer.api import locate_and_read
from sweeper.recognizer.steadiness import STEADY_SPAN_S
from tests.recognizer.recognizer_corpus import load_shot

SITE = "sites/artyyouth-qmarks-x1"


def dialog_over(image: np.ndarray, box: tuple[int, int, int, int]) -> np.ndarray:
    """``image`` with a plain white dialog over ``box`` (x0, y0, x1, y1)."""
    covered = image.copy()
    x0, y0, x1, y1 = box
    covered[y0:y1, x0:x1] = 255
    return covered


def held_a_while() -> None:
    """Let the pictures on screen be held long enough to be learned."""
    time.sleep(STEADY_SPAN_S + 0.01)


def test_a_dialog_learned_as_opened_cells_is_forgotten_before_the_next_game() -> None:
    fresh, first = load_shot(f"{SITE}-fresh"), load_shot(f"{SITE}-first")
    found, reader = locate_and_read(fresh.image)
    assert found.geometry is not None and reader is not None
    geometry = found.geometry
    x0, y0, _, _ = geometry.cell_box(3, 8)
    _, _, x1, y1 = geometry.cell_box(9, 20)
    dialog = dialog_over(fresh.image, (x0 + 5, y0 + 5, x1 - 5, y1 - 5))
    reader.read(fresh.image, geometry, learn_when_stable=True)
    before_the_end = len(reader.skin.templates)
    for _ in range(3):  # the dialog holds still: its inside is learned
        held_a_while()
        reader.read(dialog, geometry, learn_when_stable=True)
    assert "0" in [t.kind for t in reader.skin.templates[before_the_end:]]

    poisoned = reader.read(first.image, geometry, learn_when_stable=True)
    held_a_while()
    poisoned = reader.read(first.image, geometry, learn_when_stable=True)
    assert poisoned.unreadable  # the grey opened cells fit no family it knows

    reader.forget_opened_since(before_the_end)
    numbers = {str(n) for n in range(9)}
    assert all(t.kind not in numbers for t in reader.skin.templates[before_the_end:])
    for _ in range(3):
        held_a_while()
        recognition = reader.read(first.image, geometry, learn_when_stable=True)
    assert recognition.board is not None, recognition.message
    assert format_board(recognition.board) == format_board(first.board)
