"""The region a screenshot may cover: a rectangle inside the screen."""

from __future__ import annotations

from sweeper.core import Rect
from sweeper.effector.errors import InvalidRegionError


def on_screen(screen: Rect, region: Rect | None) -> Rect:
    """``region``, or all of ``screen`` for None; ``InvalidRegionError`` if ``region`` is
    not inside ``screen``."""
    if region is None:
        return Rect(left=screen.left, top=screen.top, width=screen.width, height=screen.height)
    if not screen.contains_rect(region):
        raise InvalidRegionError(
            f"region ({region.describe()}) is not inside the screen ({screen.describe()})")
    return region
