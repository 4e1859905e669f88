"""An emoji look: closed cells are small grey squares inside a white gap, numbers are
blue "keycap" tiles with a white digit, all of one blue, told apart by shape alone."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from sweeper.core import FLAG, parse_board
from sweeper.recognizer import load_image, recognize
from sweeper.recognizer.looks import TileLook, look_at
from sweeper.recognizer.naming import name_tile

CELLS = Path(__file__).parent / "cells"
LOOKS = Path(__file__).parent / "corpus" / "looks"


def look_of(name: str) -> TileLook:
    return look_at(load_image(CELLS / f"muan-emoji-{name}.png"))


def test_a_square_inside_a_gap_is_measured_without_the_gap():
    """The closed square fills 16 px of its 25 px cell: its face is its own grey, not
    the white round it, and it carries no symbol."""
    look = look_of("x1-closed")
    assert np.abs(look.face - 224).max() <= 2
    assert not look.has_ink and not look.raised


@pytest.mark.parametrize(("name", "digit"), [
    ("x1-keycap-3", "3"),
    ("x1.5-keycap-3", "3"),  # its dark lower band reaches into the middle at 1.5
    ("x1.5-keycap-2", "2"),
])
def test_a_keycap_is_a_flat_tile_named_by_its_digits_shape(name, digit):
    look = look_of(name)
    assert not look.raised  # the white gap above it is no bevel's highlight
    assert name_tile(look).kind == digit


@pytest.mark.parametrize("scale", ["x1", "x1.5"])
def test_a_first_opening_of_keycaps_reads_exactly(scale):
    shot = LOOKS / f"muan-emoji-{scale}-first.png"
    truth = json.loads(shot.with_suffix(".json").read_text())
    seen = recognize(shot)
    assert not seen.unreadable
    assert seen.board == parse_board(truth["board"])


@pytest.mark.parametrize("scale", ["x1", "x1.5"])
def test_a_middle_game_of_keycaps_chicks_and_a_flag_reads_exactly(scale):
    """Thin digits on one blue lie a few levels apart at the matching size: each is read
    as its own digit (at 1.5, cells cut 37 and 38 px by turns are compared as drawn), the
    foot-less 1s too. The 🚧 flag and the 🐣 opened 0s, which have no classic meaning,
    are named by their place (recognizer/places.py): the 🐣 only ever enclosed by opened
    cells, the 🚧 beside closed ones."""
    shot = LOOKS / f"muan-emoji-{scale}-mid.png"
    truth = parse_board(json.loads(shot.with_suffix(".json").read_text())["board"])
    seen = recognize(shot)
    assert not seen.unreadable, seen.message
    assert seen.board == truth
    assert seen.codes is not None and (seen.codes == FLAG).sum() == 1
