"""A dialog over the board is answered with its own button, not with a control of the
game's beside the board that the dialog's shade holds (a web page's modal "Play again"
over the board, its "New Game" above it)."""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from sweeper.coordinator.covers import CoverAnswerer
from sweeper.coordinator.look import Placement
from sweeper.core import Rect
from sweeper.recognizer import BoardGeometry, Recognition
from tests.coordinator.recording_screen import RecordingScreen

REGION = Rect(left=100, top=50, width=640, height=480)
GEOMETRY = BoardGeometry.regular(left=40, top=120, pitch_x=30, pitch_y=30, rows=10, cols=18)


def _button(image: npt.NDArray[np.uint8], box: tuple[int, int, int, int], label: str) -> None:
    x, y, width, height = box
    cv2.rectangle(image, (x, y), (x + width - 1, y + height - 1), (241, 102, 99), -1)
    cv2.putText(image, label, (x + 8, y + height // 2 + 5), cv2.FONT_HERSHEY_SIMPLEX, 0.45,
                (255, 255, 255), 1, cv2.LINE_AA)


def test_the_button_over_the_board_is_pressed_before_a_control_beside_it() -> None:
    image = np.full((REGION.height, REGION.width, 3), 60, np.uint8)  # a shaded page
    _button(image, (470, 92, 100, 26), "Reset")  # the game's own, above the board
    cv2.rectangle(image, (180, 200), (420, 330), (255, 255, 255), -1)  # the modal's box
    _button(image, (250, 280, 104, 30), "Play Again")
    recognition = Recognition(board=None, status="unknown", geometry=GEOMETRY, skin=None,
                              unreadable=[(r, c) for r in range(10) for c in range(18)])
    screen = RecordingScreen()
    assert CoverAnswerer(screen).press_dialog_button(recognition, Placement(REGION, GEOMETRY),
                                                     image)
    [(click, bounds)] = screen.clicks
    assert bounds is not None and bounds.contains_point(click.x, click.y)
    assert abs(click.x - (REGION.left + 302)) <= 2 and abs(click.y - (REGION.top + 295)) <= 2
