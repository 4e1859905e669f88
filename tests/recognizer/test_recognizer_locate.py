"""Finding the board anywhere on a busy full-HD screen, and finding none where there is none."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from sweeper.core import format_board
from sweeper.recognizer.api import recognize
from sweeper.recognizer.locate import locate_boards
from tests.recognizer.recognizer_corpus import load_shot

SCREEN = (1080, 1920)


def busy_desktop(seed: int) -> np.ndarray:
    """A 1920x1080 screen of windows, text, icons and a spreadsheet grid."""
    rng = np.random.default_rng(seed)
    screen = np.full((*SCREEN, 3), (96, 64, 32), np.uint8)
    for _ in range(12):
        x, y = int(rng.integers(0, 1700)), int(rng.integers(0, 900))
        w, h = int(rng.integers(150, 600)), int(rng.integers(100, 400))
        face = tuple(int(v) for v in rng.integers(150, 256, 3))
        cv2.rectangle(screen, (x, y), (x + w, y + h), face, -1)
        cv2.rectangle(screen, (x, y), (x + w, y + 22), (140, 90, 40), -1)
        cv2.rectangle(screen, (x, y), (x + w, y + h), (60, 60, 60), 1)
        for line in range(1, h // 18):
            text = "".join(chr(int(c)) for c in rng.integers(97, 123, int(rng.integers(5, 40))))
            cv2.putText(screen, text, (x + 6, y + 22 + 16 * line), cv2.FONT_HERSHEY_SIMPLEX,
                        0.4, (20, 20, 20), 1, cv2.LINE_AA)
    draw_spreadsheet(screen, 40, 600, rows=12, cols=10)
    return screen


def draw_spreadsheet(screen: np.ndarray, x: int, y: int, rows: int, cols: int) -> None:
    """A white table with grey grid lines and numbers: a lattice that is no board."""
    width, height = 64, 20
    cv2.rectangle(screen, (x, y), (x + cols * width, y + rows * height), (255, 255, 255), -1)
    for r in range(rows + 1):
        cv2.line(screen, (x, y + r * height), (x + cols * width, y + r * height), (200, 200, 200))
    for c in range(cols + 1):
        cv2.line(screen, (x + c * width, y), (x + c * width, y + rows * height), (200, 200, 200))
    for r in range(rows):
        for c in range(cols):
            cv2.putText(screen, str(r * c + 7), (x + c * width + 4, y + r * height + 15),
                        cv2.FONT_HERSHEY_SIMPLEX, 0.4, (0, 0, 0), 1, cv2.LINE_AA)


@pytest.mark.parametrize(("name", "place"), [("web16_mid", (1500, 700)), ("web24_lost", (900, 40)),
                                             ("web32_won", (10, 10)), ("xd_lost", (1200, 500))])
def test_the_board_is_found_anywhere_on_a_busy_screen(name, place):
    shot = load_shot(name)
    screen = busy_desktop(seed=len(name))
    x, y = place
    height, width = shot.image.shape[:2]
    screen[y:y + height, x:x + width] = shot.image
    recognition = recognize(screen)
    assert recognition.board is not None, recognition.message
    assert format_board(recognition.board) == format_board(shot.board)
    assert recognition.status == shot.status
    if shot.cells is not None:
        assert recognition.geometry is not None
        assert recognition.geometry.left == pytest.approx(x + shot.cells["left"], abs=1.0)
        assert recognition.geometry.top == pytest.approx(y + shot.cells["top"], abs=1.0)


def test_a_screen_without_a_board_has_none():
    recognition = recognize(busy_desktop(seed=7))
    assert recognition.board is None
    assert recognition.geometry is None
    assert recognition.status == "unknown"
    assert "no Minesweeper board found" in recognition.message


@pytest.mark.parametrize("picture", ["noise", "grey", "spreadsheet"])
def test_pictures_that_are_no_board(picture):
    rng = np.random.default_rng(3)
    if picture == "noise":
        image = rng.integers(0, 256, (600, 800, 3), dtype=np.uint8)
    elif picture == "grey":
        image = np.full((600, 800, 3), 192, np.uint8)
    else:
        image = np.full((600, 800, 3), 255, np.uint8)
        draw_spreadsheet(image, 20, 20, rows=20, cols=11)
    recognition = recognize(image)
    assert recognition.board is None
    assert "no Minesweeper board found" in recognition.message


def test_the_lattice_of_a_whole_screen_shot_is_found_first():
    shot = load_shot("screen_web32_page")
    boards = locate_boards(shot.image)
    assert boards, "no lattice found"
    assert shot.cells is not None
    best = boards[0]
    assert (best.rows, best.cols) == (shot.cells["rows"], shot.cells["cols"])
    assert best.pitch == pytest.approx(32, abs=0.05)
