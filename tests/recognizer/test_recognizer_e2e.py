"""Live: the recognizer reads real screens (Xvfb, Chromium, xdemineur, mss) and its cell
centres are where clicks land."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from sweeper.core import FLAG, UNOPENED, format_board, parse_board
from sweeper.recognizer.api import read_board, recognize

pytestmark = pytest.mark.e2e

SCREEN = (1600, 1200)
GAME: dict[str, str | int] = {
    "width": 16, "height": 16, "mines": 40, "seed": 77, "rules": "safe", "cell": 24,
}


@pytest.fixture(scope="module")
def desktop() -> Iterator[Any]:
    from sweeper.practice import VirtualDesktop

    with VirtualDesktop(screen_size=SCREEN, window_position=(133, 71), game_params=GAME) as running:
        yield running


@pytest.fixture
def screenshot(desktop: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A function taking a settled screenshot of the whole screen with the effector's capture."""
    from sweeper.core import Rect
    from sweeper.effector import ScreenCapture

    monkeypatch.setenv("DISPLAY", desktop.display.display)
    capture = ScreenCapture()
    screen = Rect(left=0, top=0, width=SCREEN[0], height=SCREEN[1])

    def take() -> np.ndarray:
        previous = capture.grab(screen)
        for _ in range(40):
            time.sleep(0.08)
            current = capture.grab(screen)
            if np.array_equal(current, previous):
                break
            previous = current
        return previous

    yield take
    capture.close()


def page(desktop: Any) -> dict[str, Any]:
    state: dict[str, Any] = desktop.page_state()
    return state


def click(desktop: Any, point: tuple[int, int], button: str = "left") -> None:
    desktop.xinput.click(point, button)
    desktop.xinput.run("mousemove", "--sync", "0", "0")


def test_a_live_game_is_read_and_its_cell_centres_are_clickable(desktop, screenshot):
    desktop.new_game(GAME)
    first = recognize(screenshot())
    assert first.board is not None, first.message
    assert first.board.is_fresh
    assert first.status == "playing"
    geometry = first.geometry
    assert geometry is not None
    assert (geometry.rows, geometry.cols) == (16, 16)
    assert geometry.pitch == pytest.approx(24, abs=0.05)
    click(desktop, geometry.centre(8, 8))  # the first click is always safe
    opened = parse_board(page(desktop)["board"])
    assert opened[8, 8] >= 0, "the click at the centre of cell (8, 8) did not open it"
    truth = parse_board(page(desktop)["mines"])
    mines = [(r, c) for (r, c), code in np.ndenumerate(truth.cells) if code < 0]
    click(desktop, geometry.centre(*mines[0]), "right")
    image = screenshot()
    again = read_board(image, geometry, first.skin or "")
    assert again.board is not None, again.message
    assert format_board(again.board) == page(desktop)["board"]
    assert again.board[mines[0]] == FLAG
    assert recognize(image).board == again.board


@pytest.mark.parametrize(("width", "height", "cell"), [(5, 5, 12), (30, 24, 32), (20, 16, 48)])
def test_small_large_boards_and_extreme_pitches_are_read_live(desktop, screenshot, width,
                                                               height, cell):
    params: dict[str, str | int] = {"width": width, "height": height, "cell": cell,
                                     "mines": width * height // 6, "seed": 5, "rules": "safe"}
    desktop.new_game(params)
    click(desktop, desktop.cell_center(height // 2, width // 2))
    recognition = recognize(screenshot())
    assert recognition.board is not None, recognition.message
    assert format_board(recognition.board) == page(desktop)["board"]
    assert recognition.status == page(desktop)["status"]
    assert recognition.geometry is not None
    assert recognition.geometry.pitch == pytest.approx(cell, abs=0.05)


def test_a_lost_live_game_reads_lost(desktop, screenshot):
    desktop.new_game(GAME)
    geometry = recognize(screenshot()).geometry
    assert geometry is not None
    click(desktop, geometry.centre(0, 0))
    truth = parse_board(page(desktop)["mines"])
    mine = next((r, c) for (r, c), code in np.ndenumerate(truth.cells) if code < 0)
    click(desktop, geometry.centre(*mine))
    assert page(desktop)["status"] == "lost"
    recognition = recognize(screenshot())
    assert recognition.board is not None, recognition.message
    assert format_board(recognition.board) == page(desktop)["board"]
    assert recognition.status == "lost"


def test_xdemineur_is_read_live(desktop, screenshot):
    window = desktop.start_xdemineur(columns=14, rows=10, mines=20, position=(640, 300))
    rect = window.rect  # the browser game is on screen too: read xdemineur's window only
    image = screenshot()[rect.top:rect.top + rect.height, rect.left:rect.left + rect.width]
    recognition = recognize(image, origin=(rect.left, rect.top))
    assert recognition.board is not None, recognition.message
    assert (recognition.board.height, recognition.board.width) == (10, 14)
    assert recognition.status == "playing"
    assert recognition.skin == "xdemineur"
    geometry = recognition.geometry
    assert geometry is not None
    unopened = recognition.board.cells_where(UNOPENED)
    assert unopened, "xdemineur opened every cell at start"
    click(desktop, geometry.centre(*unopened[0]), "right")
    image = screenshot()[rect.top:rect.top + rect.height, rect.left:rect.left + rect.width]
    flagged = recognize(image, origin=(rect.left, rect.top))
    assert flagged.board is not None, flagged.message
    assert flagged.board[unopened[0]] == FLAG
