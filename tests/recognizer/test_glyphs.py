"""The reference shapes of tile symbols (recognizer/glyphs.py): every symbol has references,
a shape drawn in a font that is not among them is scored as its own symbol, and a shape
whose proportions differ from a reference's scores less against it."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from sweeper.recognizer.glyphs import (
    DIGITS,
    SYMBOLS,
    ShapeScores,
    reference_glyphs,
    score_shape,
)
from sweeper.recognizer.looks import shape_vector

# least lead of the right digit over the next one for a font the references never saw:
# the closest pair in the probe below (a "5" against a "6" or "3") leads by 0.2
MIN_DIGIT_LEAD = 0.15


def _ink_shape(ink: np.ndarray) -> tuple[np.ndarray, float]:
    """A 0..255 ink picture as the glyphs module compares it: cut to its box, a unit
    vector, and the box's width over height."""
    ys, xs = np.nonzero(ink > 127)
    box = np.asarray(ink[ys.min():ys.max() + 1, xs.min():xs.max() + 1] / 255, np.float32)
    return shape_vector(box), box.shape[1] / box.shape[0]


def _written(text: str, font: int, thickness: int) -> tuple[np.ndarray, float]:
    canvas = np.zeros((80, 80), np.uint8)
    cv2.putText(canvas, text, (12, 60), font, 2.0, 255, thickness, cv2.LINE_AA)
    return _ink_shape(canvas)


def test_every_symbol_has_references_as_unit_vectors_with_their_proportions():
    glyphs = reference_glyphs()
    assert set(glyphs.symbols) == set(SYMBOLS)
    assert len(glyphs.symbols) == glyphs.vectors.shape[0] == glyphs.aspects.shape[0]
    norms = np.linalg.norm(glyphs.vectors, axis=1)
    # a reference that is a solid bar (a thin seven-segment "1") has no shape left once
    # its mean is taken away: a zero vector, which matches nothing
    assert np.all((np.abs(norms - 1) < 1e-4) | (norms < 1e-6))
    assert np.all(glyphs.aspects > 0)
    ones = glyphs.aspects[np.array(glyphs.symbols) == "1"]
    eights = glyphs.aspects[np.array(glyphs.symbols) == "8"]
    assert np.median(ones) < np.median(eights)  # a "1" is narrow


@pytest.mark.parametrize("digit", DIGITS)
def test_a_digit_in_a_font_the_references_lack_is_read_as_itself(digit: str):
    shape, aspect = _written(digit, cv2.FONT_HERSHEY_PLAIN, 2)
    symbol, score, lead = score_shape(shape, aspect).best(DIGITS)
    assert symbol == digit
    assert score > 0.9
    assert lead >= MIN_DIGIT_LEAD


def test_a_pennant_on_a_pole_is_a_flag_and_a_spiked_ball_a_mine():
    flag = np.zeros((60, 60), np.uint8)
    flag[8:50, 30:33] = 255
    cv2.fillPoly(flag, [np.array([[31, 8], [31, 28], [10, 18]], np.int32)], 255)
    flag[46:50, 20:44] = 255
    assert score_shape(*_ink_shape(flag)).best()[0] == "flag"
    mine = np.zeros((60, 60), np.uint8)
    cv2.circle(mine, (30, 30), 14, 255, -1)
    cv2.line(mine, (30, 8), (30, 52), 255, 4)
    cv2.line(mine, (8, 30), (52, 30), 255, 4)
    assert score_shape(*_ink_shape(mine)).best()[0] == "mine"


def test_a_reference_far_from_the_shapes_proportions_counts_for_less():
    shape, aspect = _written("7", cv2.FONT_HERSHEY_SIMPLEX, 4)  # one of the references
    as_drawn = score_shape(shape, aspect).scores["7"]
    stretched = score_shape(shape, aspect * 3).scores["7"]
    assert as_drawn == pytest.approx(1.0, abs=1e-3)  # its own reference, same proportions
    assert stretched < as_drawn - 0.1


def test_the_best_symbol_is_chosen_among_those_asked_with_its_lead():
    scores = ShapeScores({"1": 0.9, "7": 0.7, "mine": 0.95})
    symbol, score, lead = scores.best()
    assert (symbol, score) == ("mine", 0.95) and lead == pytest.approx(0.05)
    symbol, score, lead = scores.best(DIGITS)
    assert (symbol, score) == ("1", 0.9) and lead == pytest.approx(0.2)
    # a symbol with no score counts as the worst correlation, -1
    symbol, score, lead = ShapeScores({"1": 0.5}).best(("1", "2"))
    assert (symbol, score) == ("1", 0.5) and lead == pytest.approx(1.5)
