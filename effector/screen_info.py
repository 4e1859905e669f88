"""The virtual screen as the effector describes it: its rectangle and each monitor's."""

from __future__ import annotations

from sweeper.core import Rect


class ScreenInfo(Rect):
    """The virtual screen (bounding box of all monitors) and each monitor's rectangle."""

    monitors: list[Rect]
