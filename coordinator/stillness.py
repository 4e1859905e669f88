"""Whether what covers the board holds still: a dialog or a tooltip, answered, against an
animation still running, waited out."""

from __future__ import annotations

import time

import cv2
import numpy as np
import numpy.typing as npt

from sweeper.recognizer import BoardGeometry, Recognition

STILL_LEVELS = 1.0  # mean grey-level change of the unreadable cells between two looks of a
# still screen ...
STILL_SPAN_S = 0.3  # ... taken this far apart: a fade changes little from one look to the
# next (a page fading every number in again over 0.6 s was answered with Enter each turn)


class Stillness:
    """Whether what covers the board holds still (a dialog or a tooltip, not an animation
    still running): the unreadable cells of a look against how they looked
    :data:`STILL_SPAN_S` before."""

    def __init__(self, geometry: BoardGeometry) -> None:
        self.geometry = geometry
        self.before: npt.NDArray[np.uint8] | None = None
        self.since = 0.0
        self.still = False

    def look(self, image: npt.NDArray[np.uint8], recognition: Recognition) -> bool:
        """Whether the cover held still over the last span, given this look."""
        now = time.monotonic()
        if self.before is None or self.before.shape != image.shape:
            self.before, self.since, self.still = image, now, False
        elif now - self.since >= STILL_SPAN_S:
            self.still = _still(self.before, image, self.geometry, recognition)
            self.before, self.since = image, now
        return self.still


def _still(before: npt.NDArray[np.uint8], now: npt.NDArray[np.uint8],
           geometry: BoardGeometry, recognition: Recognition) -> bool:
    """Whether the unreadable cells look as they did in the look ``before`` (of the same
    shape: :class:`Stillness` compares no others): their own pixels, not the box round
    them (numbers fading in across the board change little of the board between them)."""
    total = pixels = 0.0
    for row, col in recognition.unreadable:
        left, top, right, bottom = geometry.cell_box(row, col)
        change = cv2.absdiff(before[top:bottom, left:right], now[top:bottom, left:right])
        total, pixels = total + float(change.sum()), pixels + change.size
    return pixels > 0 and total / pixels <= STILL_LEVELS
