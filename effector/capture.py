"""Screenshots with mss: the virtual screen's layout and BGR pixels of any region of it.

mss objects hold a connection to the display and must not be shared between threads, so
each thread that takes screenshots gets its own, created on first use and reused after.
"""

from __future__ import annotations

import os
import sys
import threading
from typing import Any, Protocol

import cv2
import numpy as np

from sweeper.core import Rect
from sweeper.effector.encoding import Image
from sweeper.effector.errors import (
    NO_DISPLAY_HINT,
    CaptureFailedError,
    DisplayUnavailableError,
)
from sweeper.effector.screen_info import ScreenInfo


class ScreenSource(Protocol):
    """Where screenshots come from: :class:`ScreenCapture` on a display, or
    ``effector.testing.ImageScreen``."""

    def screen(self) -> ScreenInfo: ...

    def grab(self, region: Rect) -> Image: ...

    def close(self) -> None: ...


def require_display(display_name: str | None = None) -> None:
    """Raise ``DisplayUnavailableError`` if this is an X11 system with no display named
    and ``DISPLAY`` unset."""
    if sys.platform.startswith("linux") and not (display_name or os.environ.get("DISPLAY")):
        raise DisplayUnavailableError(f"no X display: DISPLAY is not set; {NO_DISPLAY_HINT}")


class ScreenCapture:
    """Takes screenshots of the virtual screen of the X display ``display_name`` (default:
    ``DISPLAY``; elsewhere, the system's screen); safe to use from many threads."""

    def __init__(self, display_name: str | None = None) -> None:
        require_display(display_name)
        self._display_name = display_name
        self._local = threading.local()
        self._all_grabbers: list[Any] = []
        self._lock = threading.Lock()
        self._screen = self._read_screen()

    def screen(self) -> ScreenInfo:
        """The virtual screen and its monitors, as read at start-up."""
        return self._screen

    def grab(self, region: Rect) -> Image:
        """The pixels of ``region`` as an HxWx3 BGR ``uint8`` array."""
        try:
            shot = self._grabber().grab(
                {"left": region.left, "top": region.top,
                 "width": region.width, "height": region.height}
            )
        except Exception as error:
            message = f"screenshot of {region.describe()} failed: {error}"
            raise CaptureFailedError(message) from error
        bgra = np.frombuffer(shot.raw, np.uint8).reshape(shot.height, shot.width, 4)
        return np.asarray(cv2.cvtColor(bgra, cv2.COLOR_BGRA2BGR), dtype=np.uint8)

    def close(self) -> None:
        """Release every thread's display connection."""
        with self._lock:
            for grabber in self._all_grabbers:
                grabber.close()
            self._all_grabbers.clear()

    def _read_screen(self) -> ScreenInfo:
        monitors = self._grabber().monitors
        rects = [Rect(left=m["left"], top=m["top"], width=m["width"], height=m["height"])
                 for m in monitors]
        virtual = rects[0]
        return ScreenInfo(left=virtual.left, top=virtual.top, width=virtual.width,
                          height=virtual.height, monitors=rects[1:] or [virtual])

    def _grabber(self) -> Any:
        grabber = getattr(self._local, "grabber", None)
        if grabber is None:
            grabber = _open_mss(self._display_name)
            self._local.grabber = grabber
            with self._lock:
                self._all_grabbers.append(grabber)
        return grabber


def _open_mss(display_name: str | None) -> Any:
    import mss

    factory = getattr(mss, "MSS", None) or mss.mss  # mss >= 10.2 renamed the factory
    try:
        return factory(display=display_name) if display_name else factory()
    except Exception as error:
        display = display_name or os.environ.get("DISPLAY", "")
        raise DisplayUnavailableError(
            f"cannot open the display {display!r} for screenshots ({error}); {NO_DISPLAY_HINT}"
        ) from error
