"""Push buttons (recognizer/buttons.py): a raised rectangle of button size with a dark label
in its middle is a button, measured by its label; a flat or sunken one, one without a
label, or one of the wrong size or shape is not."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from sweeper.recognizer import load_image
from sweeper.recognizer.buttons import MAX_SIZE, MIN_SIZE, Button, find_buttons

FACE = 212  # a dialog's grey
LIGHT, DARK = 255, 110  # a raised border's top-left and bottom-right lines
CELLS = Path(__file__).parent / "cells"  # small crops of pages


def _dialog(width: int = 320, height: int = 120) -> np.ndarray:
    return np.full((height, width, 3), FACE, np.uint8)


def _button(image: np.ndarray, box: tuple[int, int, int, int], label: str,
            raised: bool = True) -> None:
    """Draw a button at ``(x, y, width, height)``: a two-pixel border lit from the top left
    (or, not raised, from the bottom right) and ``label`` centred in black."""
    x, y, width, height = box
    top_left, bottom_right = (LIGHT, DARK) if raised else (DARK, LIGHT)
    image[y:y + height, x:x + width] = bottom_right
    image[y:y + height - 2, x:x + width - 2] = top_left
    image[y + 2:y + height - 2, x + 2:x + width - 2] = FACE
    if label:
        (text_width, text_height), _ = cv2.getTextSize(label, cv2.FONT_HERSHEY_SIMPLEX, 0.4, 1)
        origin = (x + (width - text_width) // 2, y + (height + text_height) // 2)
        cv2.putText(image, label, origin, cv2.FONT_HERSHEY_SIMPLEX, 0.4, (0, 0, 0), 1,
                    cv2.LINE_AA)


def test_raised_labelled_buttons_are_found_with_their_labels_measured():
    image = _dialog()
    _button(image, (40, 60, 60, 22), "OK")
    _button(image, (160, 60, 100, 22), "Cancel")
    found = sorted(find_buttons(image), key=lambda button: button.x)
    assert [(b.x, b.y, b.width, b.height) for b in found] == [(40, 60, 60, 22),
                                                              (160, 60, 100, 22)]
    ok, cancel = found
    assert 0 < ok.label_width < cancel.label_width  # OK is pressed: its label is narrowest
    assert ok.centre == (70, 71)


def test_a_flat_or_sunken_rectangle_or_one_without_a_label_is_no_button():
    image = _dialog()
    _button(image, (20, 40, 60, 22), "OK", raised=False)
    _button(image, (120, 40, 60, 22), "")
    cv2.rectangle(image, (220, 40), (279, 61), (0, 0, 0), 1)  # a plain frame
    cv2.putText(image, "OK", (238, 56), cv2.FONT_HERSHEY_SIMPLEX, 0.4, (0, 0, 0), 1)
    assert find_buttons(image) == []


def test_only_rectangles_of_button_size_and_wider_than_tall_are_buttons():
    image = _dialog(480, 160)
    _button(image, (10, 10, MIN_SIZE[0] - 4, MIN_SIZE[1] + 2), "x")  # too narrow
    _button(image, (60, 10, MAX_SIZE[0] + 20, 30), "Reset Scores")  # too wide
    _button(image, (10, 60, 40, 40), "OK")  # square: not wider than tall
    _button(image, (80, 110, 48, MAX_SIZE[1] + 2), "OK")  # too tall
    assert find_buttons(image) == []
    _button(image, (300, 100, 50, 20), "OK")
    assert [(b.x, b.y) for b in find_buttons(image)] == [(300, 100)]


def test_one_button_is_found_once():
    image = _dialog()
    _button(image, (40, 40, 80, 24), "Retry")
    found = find_buttons(image)
    assert len(found) == 1 and isinstance(found[0], Button)


def test_a_filled_button_with_a_light_label_is_found_but_a_coloured_word_is_not():
    image = np.full((120, 320, 3), 255, np.uint8)  # a web page's white dialog
    cv2.rectangle(image, (40, 60), (159, 95), (241, 102, 99), -1)  # a purple face
    cv2.putText(image, "Play Again", (52, 83), cv2.FONT_HERSHEY_SIMPLEX, 0.5, (255, 255, 255),
                1, cv2.LINE_AA)
    cv2.putText(image, "Win!", (200, 40), cv2.FONT_HERSHEY_SIMPLEX, 1.0, (120, 180, 20), 3,
                cv2.LINE_AA)  # big green letters: their boxes are no button
    found = find_buttons(image)
    assert len(found) == 1  # and not a word of its label on its own
    assert abs(found[0].x - 40) <= 1 and abs(found[0].y - 60) <= 1
    assert abs(found[0].width - 120) <= 2 and abs(found[0].height - 36) <= 2
    assert 60 < found[0].label_width < 110


def test_a_words_own_box_is_no_button_though_its_strokes_make_it_look_raised():
    image = np.full((80, 240, 3), 255, np.uint8)  # a modal's white box
    cv2.putText(image, "Game", (20, 50), cv2.FONT_HERSHEY_DUPLEX, 1.0, (68, 68, 239), 2,
                cv2.LINE_AA)  # a bold red heading: its letters reach its box's sides
    assert find_buttons(image) == []


def test_a_tall_outlined_web_button_is_found_on_a_pages_own_dialog():
    """tejj-neon's loss dialog: "DISCONNECT", 167x50 px at device scale 1, a 1 px neon
    outline on the dialog's own dark green, its label in the outline's colour."""
    image = load_image(CELLS / "tejj-neon-x1-disconnect.png")
    found = find_buttons(image)
    assert len(found) == 1
    button = found[0]
    assert (button.width, button.height) == (167, 50)
    assert abs(button.centre[0] - 151) <= 2 and abs(button.centre[1] - 63) <= 2
    assert 90 < button.label_width < 120
