"""The simulated screen: what it draws after clicks is the board drawn afresh."""

from __future__ import annotations

from typing import Literal

import numpy as np

from sweeper.coordinator.simulation.simulated_screen import SimulatedScreen
from sweeper.core import UNOPENED
from sweeper.effector import ClickAction


def _click(screen: SimulatedScreen, row: int, col: int,
           button: Literal["left", "right"] = "left") -> None:
    left, top = screen.origin
    pitch = screen.pitch
    screen.actions([ClickAction(x=left + col * pitch + pitch // 2,
                                y=top + row * pitch + pitch // 2, button=button)])


def test_a_screenshot_after_clicks_is_the_board_drawn_afresh() -> None:
    screen = SimulatedScreen(16, 16, 40, "safe")
    screen.deal(7)
    screen.screenshot()  # drawn once: later shots redraw only what changed
    _click(screen, 8, 8)
    _click(screen, 0, 0, "right")
    for turn in range(12):
        unopened = screen.game.board.cells_where(UNOPENED)
        if screen.game.status != "playing" or not unopened:
            break
        _click(screen, *unopened[(turn * 37) % len(unopened)])
        fresh = SimulatedScreen(16, 16, 40, "safe")
        fresh.game = screen.game
        assert np.array_equal(screen.screenshot(), fresh.screenshot())
    screen.deal(8)  # a new game: every cell unopened again
    fresh = SimulatedScreen(16, 16, 40, "safe")
    fresh.deal(8)
    assert np.array_equal(screen.screenshot(), fresh.screenshot())
