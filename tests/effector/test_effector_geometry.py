"""Rectangles: where two of them overlap."""

from __future__ import annotations

from sweeper.core import Rect


def test_the_intersection_is_the_shared_part() -> None:
    screen = Rect(left=0, top=0, width=1600, height=1000)
    area = Rect(left=1500, top=-20, width=300, height=120)
    assert screen.intersection(area) == Rect(left=1500, top=0, width=100, height=100)
    assert area.intersection(screen) == screen.intersection(area)


def test_rectangles_that_only_touch_do_not_intersect() -> None:
    left = Rect(left=0, top=0, width=10, height=10)
    assert left.intersection(Rect(left=10, top=0, width=5, height=5)) is None
    assert left.intersection(Rect(left=50, top=50, width=5, height=5)) is None
