"""What covers the board holds still (a dialog: answer it soon) or moves (an animation:
wait it out), judged over a span of looks, not from one look to the next."""

from __future__ import annotations

import time

import numpy as np

from sweeper.coordinator.stillness import STILL_SPAN_S, Stillness
from sweeper.recognizer import BoardGeometry, Recognition

GEOMETRY = BoardGeometry.regular(left=0, top=0, pitch_x=20, pitch_y=20, rows=4, cols=4)
COVERED = Recognition(None, "unknown", GEOMETRY, None, unreadable=[(1, 1), (1, 2), (2, 1)])


def _looks(levels: list[int]) -> list[bool]:
    """The stillness told at each look of a screen whose covered cells show ``levels``,
    a look every fifth of the span."""
    stillness = Stillness(GEOMETRY)
    told = []
    for level in levels:
        told.append(stillness.look(np.full((80, 80, 3), level, np.uint8), COVERED))
        time.sleep(STILL_SPAN_S / 5)
    return told


def test_a_cover_that_holds_still_is_still_once_a_span_has_passed() -> None:
    told = _looks([90] * 12)
    assert told[0] is False and told[-1] is True


def test_a_slow_fade_is_never_still_though_each_look_differs_little() -> None:
    # half a grey level a look: under the still threshold from one look to the next
    told = _looks([90 + round(level * 0.6) for level in range(20)])
    assert not any(told)


def test_scattered_cells_that_change_are_not_still_though_the_board_between_them_is() -> None:
    # two far cells fading in (a few levels a look) on a board otherwise still: over the
    # box round them the change is a hundredth of theirs
    geometry = BoardGeometry.regular(left=0, top=0, pitch_x=20, pitch_y=20, rows=10, cols=10)
    fading = Recognition(None, "unknown", geometry, None, unreadable=[(0, 0), (9, 9)])
    stillness = Stillness(geometry)
    told = []
    for level in range(0, 60, 5):
        image = np.full((200, 200, 3), 90, np.uint8)
        image[0:20, 0:20] = image[180:200, 180:200] = 90 + level
        told.append(stillness.look(image, fading))
        time.sleep(STILL_SPAN_S / 3)
    assert not any(told)
