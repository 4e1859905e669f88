"""A digit no reference names clearly is named in the game's own font: the fonts that
write the digits it has shown already (recognizer/glyphs.py ``font_of``,
recognizer/naming.py). The cells are a Google-style canvas game's: thin sans digits
1 to 4 in their colours and a 5 drawn black, which seven-segment references take for a
6 but for one stroke."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from sweeper.recognizer.glyphs import DIGITS, MIN_FONT_DIGITS, font_of, reference_glyphs
from sweeper.recognizer.image_io import load_image
from sweeper.recognizer.looks import TileLook, look_at
from sweeper.recognizer.naming import name_tile

CELLS = Path(__file__).resolve().parent / "cells" / "leyiang-garden-digits.png"
PITCH = 34  # px of one cell in the strip: 1, 2, 3, 4, then the black 5


def _looks() -> list[TileLook]:
    strip = load_image(CELLS)
    return [look_at(strip[:, i * PITCH:(i + 1) * PITCH]) for i in range(strip.shape[1] // PITCH)]


def _known(looks: list[TileLook], count: int) -> list[tuple[str, np.ndarray, float]]:
    """The first ``count`` digits of the strip, as the game's skin knows them."""
    known = []
    for digit, look in zip(DIGITS[:count], looks, strict=False):
        assert look.shape is not None
        known.append((digit, look.shape, look.aspect))
    return known


def test_the_black_5_is_no_clear_digit_among_every_reference() -> None:
    five = _looks()[4]
    assert name_tile(five).kind is None


def test_in_the_font_of_the_games_known_digits_it_is_a_5() -> None:
    looks = _looks()
    named = name_tile(looks[4], digits=_known(looks, 4))
    assert named.kind == "5", named.reason


def test_one_known_digit_tells_no_font() -> None:
    looks = _looks()
    assert MIN_FONT_DIGITS > 1
    assert font_of(_known(looks, 1)) is None
    assert name_tile(looks[4], digits=_known(looks, 1)).kind is None


def test_the_games_font_leaves_out_the_seven_segment_digits() -> None:
    font = font_of(_known(_looks(), 4))
    assert font is not None
    names = reference_glyphs().set_names
    segments = {of for of, name in enumerate(names) if name.startswith("segments")}
    truetype = {of for of, name in enumerate(names) if name.startswith("sprite")}
    assert segments and not font & segments
    assert font & truetype  # the game writes its digits in a TrueType sans
