"""A mostly red symbol on a flat tile shaped as a flag far more than as any digit is a
flag (recognizer/naming.py ``RED_FLAG_LEAD``): a neon look's emoji flag at device scale
1, whose wavy pennant scores just under the shape a flag is named by alone."""

from __future__ import annotations

from pathlib import Path

from sweeper.recognizer.glyphs import DIGITS, score_shape
from sweeper.recognizer.image_io import load_image
from sweeper.recognizer.looks import look_at
from sweeper.recognizer.naming import MIN_SHAPE, RED_FLAG_LEAD, name_tile

CELL = Path(__file__).resolve().parent / "cells" / "tejj-neon-x1-flag.png"


def test_the_emoji_flag_is_shaped_as_a_flag_far_more_than_as_a_digit() -> None:
    look = look_at(load_image(CELL))
    assert look.shape is not None and not look.raised
    scores = score_shape(look.shape, look.aspect)
    flag = scores.scores["flag"]
    assert flag < MIN_SHAPE  # not named by its shape alone
    assert flag >= scores.best(DIGITS)[1] + RED_FLAG_LEAD


def test_the_emoji_flag_on_a_flat_tile_is_a_flag() -> None:
    named = name_tile(look_at(load_image(CELL)))
    assert named.kind == "flag", named.reason
