"""In-memory back ends for testing the effector, and code that talks to it, without a display.

``create_app(ImageScreen(image), RecordingDevice())`` is a complete effector whose screen
shows ``image`` and whose input is written down in ``RecordingDevice.calls``.
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np

from sweeper.core import Rect
from sweeper.effector.actions import MAX_HOLD_MS, MAX_PAUSE_MS, AllowedKey, Button
from sweeper.effector.encoding import Image
from sweeper.effector.errors import CaptureFailedError, FailSafeTriggeredError
from sweeper.effector.screen_info import ScreenInfo

Call = tuple[object, ...]


class ImageScreen:
    """A screen at ``(left, top)`` whose pixels are ``image`` (HxWx3 BGR)."""

    def __init__(self, image: Image, left: int = 0, top: int = 0) -> None:
        self.image = image
        self.broken = False  # set to make every grab fail
        height, width = image.shape[:2]
        self._rect = Rect(left=left, top=top, width=width, height=height)

    def screen(self) -> ScreenInfo:
        """The one monitor."""
        return ScreenInfo(**self._rect.model_dump(), monitors=[self._rect])

    def close(self) -> None:
        """Nothing to release."""

    def grab(self, region: Rect) -> Image:
        """A copy of the pixels of ``region``."""
        if self.broken:
            raise CaptureFailedError("screenshot failed: the test screen is broken")
        top, left = region.top - self._rect.top, region.left - self._rect.left
        return np.array(self.image[top:top + region.height, left:left + region.width])


class RecordingDevice:
    """An input device that writes down each call in ``calls`` instead of acting.

    With ``fail_after=n`` the n-th pointer or key call (0-based) raises the fail-safe
    error, as if someone had moved the mouse into a corner. Releases never fail.
    """

    def __init__(
        self,
        fail_safe_points: frozenset[tuple[int, int]] = frozenset(),
        fail_after: int | None = None,
    ) -> None:
        self.calls: list[Call] = []
        self.flushed_after: list[int] = []  # len(calls) at each flush
        self.first_call = threading.Event()
        self._fail_safe_points = fail_safe_points
        self._fail_after = fail_after

    @property
    def fail_safe_points(self) -> frozenset[tuple[int, int]]:
        """The points batches must avoid."""
        return self._fail_safe_points

    def move(self, x: int, y: int) -> None:
        """Record a move."""
        self._act("move", x, y)

    def click(self, x: int, y: int, button: Button, clicks: int) -> None:
        """Record a click."""
        self._act("click", x, y, button, clicks)

    def press_button(self, x: int, y: int, button: Button) -> None:
        """Record a button press."""
        self._act("press", x, y, button)

    def release_button(self, button: Button) -> None:
        """Record a button release."""
        self.calls.append(("release", button))

    def press_key(self, key: AllowedKey) -> None:
        """Record a key press and release."""
        self._act("key", key)

    def key_down(self, key: AllowedKey) -> None:
        """Record a key press."""
        self._act("key_down", key)

    def key_up(self, key: AllowedKey) -> None:
        """Record a key release."""
        self.calls.append(("key_up", key))

    def flush(self) -> None:
        """Note how many calls had been made when the device was flushed."""
        self.flushed_after.append(len(self.calls))

    def close(self) -> None:
        """Nothing to close."""

    def _act(self, *call: object) -> None:
        if self._fail_after is not None and len(self.calls) == self._fail_after:
            raise FailSafeTriggeredError.at(0, 0)
        self.calls.append(call)
        self.first_call.set()


def without_waiting(body: Any) -> None:
    """Make a generated ``/actions`` body take no time: valid pauses and holds become 0 ms,
    invalid ones stay invalid, everything else is left as it is (for fuzzers, whose longest
    valid batch would otherwise run for a minute)."""
    actions = body.get("actions") if isinstance(body, dict) else None
    for action in actions if isinstance(actions, list) else []:
        for key, longest in (("ms", MAX_PAUSE_MS), ("hold_ms", MAX_HOLD_MS)):
            value = action.get(key) if isinstance(action, dict) else None
            if isinstance(value, int) and not isinstance(value, bool) and 0 < value <= longest:
                action[key] = 0
