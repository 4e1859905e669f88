"""Looks whose symbols overrun their cells, dithered faces and flags on faces of their own
(xbomb: big digits taller and wider than their 20 px cells, a stippled grey closed cell,
an orange flag tile)."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from sweeper.core import parse_board
from sweeper.recognizer.api import recognize
from sweeper.recognizer.families import FaceEvidence
from sweeper.recognizer.image_io import load_image
from sweeper.recognizer.locate import locate_boards
from sweeper.recognizer.looks import look_at, undithered
from sweeper.recognizer.naming import flag_by_shape, name_cut_digit, name_tile
from sweeper.recognizer.overflow import Overflow
from sweeper.recognizer.reader import BoardReader
from sweeper.recognizer.skins import load_skin
from tests.recognizer.recognizer_corpus import CORPUS_DIR

XBOMB_FIRST = CORPUS_DIR / "desktop" / "xbomb-first.png"


@pytest.fixture(scope="module")
def xbomb():
    """The first opening of an xbomb game, its lattice and the true board's rows."""
    image = load_image(XBOMB_FIRST)
    truth = json.loads(XBOMB_FIRST.with_suffix(".json").read_text())["board"].split()
    return image, locate_boards(image)[0], truth


def overflow_of(name: str) -> tuple[Overflow, list[str]]:
    """The board of a corpus screenshot, on the lattice it is read at, and its true rows."""
    path = CORPUS_DIR / f"{name}.png"
    image = load_image(path)
    truth = json.loads(path.with_suffix(".json").read_text())["board"].split()
    geometry = recognize(image).geometry
    assert geometry is not None
    return Overflow(image, geometry), truth


def test_a_stipple_is_seen_as_one_plain_grey():
    stipple = np.full((20, 20, 3), 255, np.uint8)
    stipple[::2, ::2] = stipple[1::2, 1::2] = 0
    look = look_at(stipple)
    assert not look.has_ink and float(np.ptp(look.face)) == 0 and 100 < look.face[0] < 160


@pytest.mark.parametrize("skin", ["classic-16", "classic-24", "xdemineur"])
def test_no_classic_tile_is_taken_for_a_stipple(skin):
    for tile in load_skin(skin).tiles:
        assert undithered(tile.pixels) is tile.pixels, tile.name


@pytest.mark.parametrize(
    "name", ["sites/winemine-x1-mid", "xd_lost", "web24_mid", "looks/darksweeper-x1-mid"])
def test_no_symbol_of_other_looks_runs_over_its_cell(name):
    overflow, _ = overflow_of(name)
    for row in range(overflow.geometry.rows):
        for col in range(overflow.geometry.cols):
            look = look_at(overflow.cell(row, col))
            assert not overflow.cut_by_cell(row, col, look), (row, col)


def test_a_digit_cut_by_its_cell_is_no_digit_as_it_is_and_is_named_as_cut():
    overflow, truth = overflow_of("desktop/xbomb-first")
    look = look_at(overflow.cell(10, 13))  # a 2 without its foot: most like a 7
    assert truth[10][13] == "2" and name_tile(look).kind != "2"
    assert overflow.cut_by_cell(10, 13, look)
    cut = overflow.cut_symbol(10, 13, look)
    assert cut is not None and name_cut_digit(look_at(cut)).kind == "2"


@pytest.mark.parametrize("row, col", [(10, 13), (10, 14), (10, 16)])
def test_a_digit_is_seen_whole_with_the_foot_it_spilled_into_a_plain_cell(row, col):
    overflow, truth = overflow_of("desktop/xbomb-first")
    whole = overflow.whole_symbol(row, col, look_at(overflow.cell(row, col)))
    assert whole is not None and name_tile(look_at(whole)).kind == truth[row][col]


def test_a_digit_with_a_cell_below_showing_more_than_its_foot_is_not_joined():
    overflow, truth = overflow_of("desktop/xbomb-first")
    look = look_at(overflow.cell(6, 14))  # a 3 above a 1
    assert truth[7][14] == "1" and overflow.whole_symbol(6, 14, look) is None


def test_a_closed_cell_without_the_foot_above_is_plain():
    overflow, truth = overflow_of("desktop/xbomb-first")
    assert truth[11][13] == "." and overflow.spilled_into(11, 13)
    assert look_at(overflow.cell(11, 13)).has_ink
    assert not look_at(overflow.own_picture(11, 13)).has_ink


def test_a_digit_under_the_same_digit_keeps_its_top():
    overflow, truth = overflow_of("desktop/xbomb-lost")  # each cell drawn after the one above
    assert truth[1][2] == truth[0][2] == "1"
    assert name_tile(look_at(overflow.cell(1, 2))).kind == "1"


def test_a_board_of_digits_bigger_than_their_cells_reads_exactly(xbomb):
    image, lattice, truth = xbomb
    seen = BoardReader().read(image, lattice)
    assert seen.board == parse_board("\n".join(truth))


def test_a_bold_one_without_a_foot_is_a_one():
    tile = np.full((24, 24, 3), 255, np.uint8)
    tile[3:21, 10:16] = (128, 0, 0)  # a navy stem ...
    tile[3:7, 6:10] = (128, 0, 0)  # ... with a square flag
    assert name_tile(look_at(tile)).kind == "1"


def test_a_flag_on_a_face_of_its_own_does_not_hide_the_closed_face():
    white, grey, orange = (np.array(c, np.float32) for c in
                           ((255, 255, 255), (191, 191, 191), (0, 165, 255)))
    flag_tile = np.full((20, 20, 3), (0, 165, 255), np.uint8)
    flag_tile[4:16, 10:12] = 0  # a black pole ...
    cv2.fillPoly(flag_tile, [np.array([[12, 4], [12, 9], [17, 6]], np.int32)], (0, 0, 0))
    flag_tile[14:16, 6:16] = 0  # ... on a foot
    flag = look_at(flag_tile)
    assert flag_by_shape(flag)
    evidence = FaceEvidence()
    evidence.add("2", look_at(np.full((20, 20, 3), 255, np.uint8)))
    evidence.add("flag", flag)
    assert evidence.unlike_opened(orange) and not evidence.unlike_opened(white)
    assert evidence.plain_kind(grey) == "unopened"
    assert evidence.plain_kind(white) == "0"
