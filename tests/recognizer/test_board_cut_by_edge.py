"""A board the screenshot shows only in part is refused, never read a column or row short."""

from __future__ import annotations

import numpy as np
import pytest

from sweeper.core import Rect
from sweeper.recognizer.api import locate_and_read, recognize
from sweeper.recognizer.edges import board_goes_on, tiles_beyond
from sweeper.recognizer.locate import locate_boards
from tests.recognizer.recognizer_corpus import load_shot

LOOKS = ["web24_mid", "xd_opening", "sites/winemine-x1-mid", "sites/aegis-w2k-x1-mid",
         "sites/yahnych-canvas-x1-mid", "sites/artyyouth-qmarks-x1-mid"]
SIDES = ["left", "top", "right", "bottom"]


def cut(image: np.ndarray, rect: Rect, pitch: float, side: str,
        into: float) -> np.ndarray:
    """``image`` cut ``into`` cells past the board's edge on ``side`` (0: right at it)."""
    x, y, width, height = rect.left, rect.top, rect.width, rect.height
    depth = round(into * pitch)
    if side == "left":
        return image[:, x + depth:].copy()
    if side == "top":
        return image[y + depth:, :].copy()
    if side == "right":
        return image[:, :x + width - depth].copy()
    return image[:y + height - depth, :].copy()


@pytest.mark.parametrize("name", LOOKS)
@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("into", [0.0, 0.2, 0.6, 1.0])
def test_a_board_cut_by_the_screenshot_edge_is_refused(name, side, into):
    shot = load_shot(name)
    geometry = locate_boards(shot.image)[0]
    image = cut(shot.image, geometry.rect, geometry.pitch, side, into)
    recognition = recognize(image)
    assert recognition.board is None, (
        f"read a {recognition.board.height}x{recognition.board.width} board "
        f"of a {shot.board.height}x{shot.board.width} one cut on the {side}")


@pytest.mark.parametrize("side", SIDES)
def test_the_refusal_names_the_edge_the_board_runs_off(side):
    shot = load_shot("sites/winemine-x1-mid")
    geometry = locate_boards(shot.image)[0]
    recognition = recognize(cut(shot.image, geometry.rect, geometry.pitch, side, 0.6))
    assert recognition.board is None
    assert f"the board runs off the {side} edge of the screenshot" in recognition.message


@pytest.mark.parametrize("name", LOOKS)
def test_a_board_with_its_frame_beside_it_goes_on_nowhere(name):
    shot = load_shot(name)
    assert board_goes_on(shot.image, locate_boards(shot.image)[0]) is None
    assert recognize(shot.image).board == shot.board


@pytest.mark.parametrize("name", ["web24_mid", "sites/winemine-x1-mid",
                                  "sites/chuankuei-react-x1-mid"])
def test_numbers_beside_a_lattice_say_the_board_goes_on(name):
    """A lattice a few columns short (a game whose opened cells draw no lines) has the
    board's own numbers beside it: refused, never read short."""
    shot = load_shot(name)
    found, reader = locate_and_read(shot.image)
    assert found.geometry is not None and reader is not None
    assert tiles_beyond(shot.image, found.geometry, reader.skin) is None
    digits = np.isin(shot.board.cells, range(1, 9)).sum(axis=0)
    cut = next(col for col in range(5, shot.board.width) if digits[col] >= 2)
    short = found.geometry.part(slice(None), slice(0, cut))
    assert tiles_beyond(shot.image, short, reader.skin) == (
        "cells like the board's lie beyond its right column")
    shorter = found.geometry.part(slice(None), slice(cut + 1, None))
    assert tiles_beyond(shot.image, shorter, reader.skin) is not None  # its left
