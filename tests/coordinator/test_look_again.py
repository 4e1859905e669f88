"""A look at pixels the same as the last ones, whose reading was sure, is that reading
again without the work; anything else is read anew."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from sweeper.coordinator import SimulatedScreen
from sweeper.coordinator.look import Looker
from sweeper.core import BEGINNER, Rect
from sweeper.effector import ClickAction

MINES = BEGINNER.mines


def _looker() -> tuple[SimulatedScreen, Looker]:
    screen = SimulatedScreen(BEGINNER.width, BEGINNER.height, MINES, "safe", seeds=lambda: 4)
    looker = Looker(screen)
    looker.locate(MINES)
    return screen, looker


def test_the_same_pixels_give_the_same_reading_without_reading_them() -> None:
    _, looker = _looker()
    first = looker.shoot(MINES)
    again = looker.shoot(MINES)

    assert first.recognition.board is not None
    assert again.recognition is first.recognition
    assert again.requested_at > first.requested_at and again.image is not first.image


def test_changed_pixels_or_another_mine_count_are_read_anew() -> None:
    screen, looker = _looker()
    before = looker.shoot(MINES)
    x, y = screen.board_rect.left + 4, screen.board_rect.top + 4
    screen.actions([ClickAction(x=x, y=y)])

    after = looker.shoot(MINES)
    recounted = looker.shoot(MINES + 1)

    assert after.recognition is not before.recognition
    assert after.recognition.board != before.recognition.board
    assert recounted.recognition is not after.recognition
    assert recounted.recognition.board == after.recognition.board


def test_a_reading_made_with_forgotten_pictures_is_not_given_again() -> None:
    _, looker = _looker()
    mark = looker.skin_mark()
    first = looker.shoot(MINES)

    looker.forget_opened_since(mark)

    assert looker.shoot(MINES).recognition is not first.recognition


class SmudgedScreen(SimulatedScreen):
    """The simulated screen with a colour no tile has painted over one box of it."""

    smudge: tuple[int, int, int, int] | None = None  # left, top, right, bottom on the screen

    def screenshot(self, region: Rect | None = None,
                   image_format: str = "raw") -> npt.NDArray[np.uint8]:
        image = super().screenshot(region, image_format)
        if self.smudge is not None:
            area = region or self.screen_rect
            left, top, right, bottom = self.smudge
            image[top - area.top:bottom - area.top, left - area.left:right - area.left] = (
                255, 0, 255)
        return image


def test_a_reading_unsure_of_a_cell_is_read_again() -> None:
    screen = SmudgedScreen(BEGINNER.width, BEGINNER.height, MINES, "safe", seeds=lambda: 4)
    looker = Looker(screen)
    looker.locate(MINES)
    left, top, right, bottom = (int(v) for v in looker.placed.geometry.cell_box(2, 3))
    x, y = looker.placed.region.left, looker.placed.region.top
    screen.smudge = (x + left + 2, y + top + 2, x + right - 2, y + bottom - 2)

    first = looker.shoot(MINES)
    again = looker.shoot(MINES)

    assert (2, 3) in first.recognition.unreadable
    assert again.recognition is not first.recognition
