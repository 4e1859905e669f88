"""The game's own new-game control, found by its label round the board."""

from __future__ import annotations

import pytest

from sweeper.core import Rect
from sweeper.recognizer import find_new_game_control, load_image, recognize
from sweeper.recognizer.controls import nearest_label
from sweeper.recognizer.counter_text import Word
from tests.recognizer.recognizer_corpus import CORPUS_DIR

BOARD = Rect(left=100, top=100, width=300, height=200)


pytestmark = pytest.mark.usefixtures("tesseract")  # the OCR reads what is tested


def _word(text: str, left: int, top: int, width: int = 40, confidence: float = 95.0) -> Word:
    return Word(text, Rect(left=left, top=top, width=width, height=12), confidence)


def test_a_two_word_label_is_taken_whole() -> None:
    words = [_word("Try", 150, 60), _word("again", 195, 60, width=50)]
    assert nearest_label(words, BOARD) == Rect(left=150, top=60, width=95, height=12)


def test_the_label_nearest_the_board_wins() -> None:
    words = [_word("Reset", 150, 10), _word("Restart", 150, 80)]
    assert nearest_label(words, BOARD) == words[1].box


def test_words_that_are_no_control_or_unsure_give_none() -> None:
    words = [_word("Mines:", 150, 60), _word("99", 200, 60), _word("Newest", 250, 60),
             _word("New", 300, 60, confidence=20.0)]
    assert nearest_label(words, BOARD) is None


@pytest.mark.parametrize(("shot", "inside"), [
    # the label's centre must fall on the button, seen in each screenshot
    ("looks/darksweeper-x1-fresh", Rect(left=200, top=0, width=90, height=16)),
    ("looks/dipanshu-rounded-x1.5-mid", Rect(left=2470, top=230, width=160, height=40)),
    ("sites/pentiumluls-canvas-x1-fresh", Rect(left=110, top=28, width=70, height=22)),
])
def test_a_labelled_button_is_found_on_a_screenshot(shot: str, inside: Rect) -> None:
    image = load_image(CORPUS_DIR / f"{shot}.png")
    geometry = recognize(image).geometry
    assert geometry is not None
    label = find_new_game_control(image, geometry)
    assert label is not None
    assert inside.contains_point(label.left + label.width // 2, label.top + label.height // 2)


@pytest.mark.parametrize("shot", ["looks/danielpaez-google-x1-fresh", "sites/winemine-x1-fresh",
                                  "web24_mid"])
def test_no_label_no_control(shot: str) -> None:
    """A round-arrow icon alone, or a classic game's face, is no labelled control."""
    image = load_image(CORPUS_DIR / f"{shot}.png")
    geometry = recognize(image).geometry
    assert geometry is not None
    assert find_new_game_control(image, geometry) is None
