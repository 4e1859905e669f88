"""A page that draws a tooltip at the pointer: it neither stops a run nor slows it once
the pointer has found its rest point off the board."""

from __future__ import annotations

import logging
from collections.abc import Sequence

import cv2
import numpy as np
import pytest

from sweeper.coordinator import SimulatedScreen
from sweeper.coordinator.decide import LocalDecider
from sweeper.coordinator.play import Player, PlayOptions
from sweeper.core import INTERMEDIATE, Rect
from sweeper.effector import Action, BatchResult, ClickAction, MoveAction

TOOLTIP = (56, 22)  # px, drawn below and right of the pointer while it is over the board


class TooltipScreen(SimulatedScreen):
    """Draws a tooltip with the cell's coordinates next to the pointer, as some canvas
    games do; remembers every pointer move and click."""

    pointer: tuple[int, int] | None = None
    moves: list[tuple[int, int, Rect | None]]

    def actions(self, actions: Sequence[Action], bounds: Rect | None = None) -> BatchResult:
        result = super().actions(actions, bounds)
        for action in actions:
            if isinstance(action, MoveAction | ClickAction):
                self.pointer = (action.x, action.y)
            if isinstance(action, MoveAction):
                self.moves.append((action.x, action.y, bounds))
        return result

    def _picture(self, area: Rect) -> np.ndarray:
        picture = super()._picture(area)
        cell = None if self.pointer is None else self.cell_at(*self.pointer)
        if cell is None or self.pointer is None:
            return picture
        x, y = self.pointer[0] + 8 - area.left, self.pointer[1] + 10 - area.top
        width, height = TOOLTIP
        cv2.rectangle(picture, (x, y), (x + width, y + height), (225, 255, 255), -1)
        cv2.rectangle(picture, (x, y), (x + width, y + height), (0, 0, 0), 1)
        cv2.putText(picture, f"r{cell[0]} c{cell[1]}", (x + 4, y + 15),
                    cv2.FONT_HERSHEY_SIMPLEX, 0.4, (0, 0, 0), 1)
        return picture


def test_a_tooltip_at_the_pointer_sends_the_pointer_to_rest_off_the_board(
        caplog: pytest.LogCaptureFixture) -> None:
    screen = TooltipScreen(*INTERMEDIATE, "safe", seeds=lambda: 3)
    screen.moves = []
    player = Player(screen, LocalDecider(), PlayOptions(games=2, mines=INTERMEDIATE.mines))
    with caplog.at_level(logging.INFO, logger="sweeper.play"):
        summary = player.play()
    assert summary.errors == [] and len(summary.results) == 2
    board = screen.board_rect
    assert all(board.contains_point(x, y) for x, y, _ in screen.clicks)
    rests = [(x, y) for x, y, bounds in screen.moves if not board.contains_point(x, y)]
    assert rests, "the pointer never left the board"
    region = player.looker.placed.region
    assert all(region.contains_point(x, y) for x, y in rests)
    assert len(set(rests)) == 1  # one rest point, chosen once
    turns = [r.getMessage() for r in caplog.records if r.getMessage().startswith("turn ")]
    covered = [line for line in turns if "unreadable cells" in line]
    assert len(covered) <= 1, covered  # after the first tooltip, none covers the board
    assert sum(len(game.loop_ms) for game in summary.results) == len(turns)
