"""A symbol narrower than any digit but a 1 is a 1 (recognizer/naming.py ``NARROW_ONE``).

The cells are a grey SVG look's, its digits in a condensed display font: the 1 is a
bar with a short flag and no foot, 0.30 to 0.36 as wide as it is tall. Cut to its box
and stretched to the shape's size it is a block, shaped more like a 7 than like any
reference 1, so neither its blue nor its shape named it, and every 1 on the board was
unreadable."""

from __future__ import annotations

from pathlib import Path

from sweeper.recognizer.image_io import load_image
from sweeper.recognizer.looks import TileLook, look_at
from sweeper.recognizer.naming import NARROW_ONE, name_tile

CELLS = Path(__file__).resolve().parent / "cells"
PITCH = 32  # px of one cell in the strip at device scale 1: a 1, a 3 and a 2


def _strip() -> list[TileLook]:
    strip = load_image(CELLS / "hedayatpour-svg-x1-1-3-2.png")
    return [look_at(strip[:, i * PITCH:(i + 1) * PITCH]) for i in range(3)]


def test_the_condensed_1_is_narrower_than_any_other_digit() -> None:
    one, three, two = _strip()
    assert one.aspect <= NARROW_ONE < min(three.aspect, two.aspect)


def test_the_condensed_1_is_a_1_at_both_scales() -> None:
    one = _strip()[0]
    larger = look_at(load_image(CELLS / "hedayatpour-svg-x1.5-1.png"))
    for look in (one, larger):
        named = name_tile(look)
        assert named.kind == "1", named.reason


def test_its_wider_digits_keep_their_names() -> None:
    _, three, two = _strip()
    assert name_tile(three).kind == "3"
    assert name_tile(two).kind == "2"
