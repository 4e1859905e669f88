"""The one rectangle type: a board on an image, a region of the screen, a window, a monitor.

In whole pixels, of an image or of the whole virtual screen (all monitors); the effector
speaks it over HTTP, so it is a pydantic model (strict: no float or string slips in).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class Rect(BaseModel):
    """An axis-aligned rectangle: ``left``/``top`` inclusive, ``width``/``height`` > 0."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    left: int
    top: int
    width: int = Field(gt=0)
    height: int = Field(gt=0)

    @property
    def right(self) -> int:
        """First column to the right of the rectangle (exclusive)."""
        return self.left + self.width

    @property
    def bottom(self) -> int:
        """First row below the rectangle (exclusive)."""
        return self.top + self.height

    def contains_point(self, x: int, y: int) -> bool:
        """Whether the pixel ``(x, y)`` lies inside."""
        return self.left <= x < self.right and self.top <= y < self.bottom

    def contains_rect(self, other: Rect) -> bool:
        """Whether ``other`` lies entirely inside."""
        return (
            self.left <= other.left
            and self.top <= other.top
            and other.right <= self.right
            and other.bottom <= self.bottom
        )

    def intersection(self, other: Rect) -> Rect | None:
        """The part of ``other`` inside this rectangle, or None if they do not overlap."""
        left, top = max(self.left, other.left), max(self.top, other.top)
        right, bottom = min(self.right, other.right), min(self.bottom, other.bottom)
        if right <= left or bottom <= top:
            return None
        return Rect(left=left, top=top, width=right - left, height=bottom - top)

    def union(self, other: Rect) -> Rect:
        """The smallest rectangle holding both."""
        left, top = min(self.left, other.left), min(self.top, other.top)
        right, bottom = max(self.right, other.right), max(self.bottom, other.bottom)
        return Rect(left=left, top=top, width=right - left, height=bottom - top)

    def moved(self, dx: int, dy: int) -> Rect:
        """The same rectangle ``dx`` pixels to the right and ``dy`` down (e.g. from an image's
        pixels to the screen's, ``dx, dy`` being the image's top-left screen point)."""
        return Rect(left=self.left + dx, top=self.top + dy, width=self.width, height=self.height)

    def describe(self) -> str:
        """Short human-readable form, e.g. ``left=0 top=0 width=1600 height=1000``."""
        return f"left={self.left} top={self.top} width={self.width} height={self.height}"

