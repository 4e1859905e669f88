"""A probe on an X display for end-to-end tests: a window that shows known pixels and
records the input it receives, the root window's colour, and the pointer position."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import numpy as np
from Xlib import XK, X, display

from sweeper.effector.encoding import Image

_BUTTON_NAMES = {1: "left", 2: "middle", 3: "right"}
_KEY_NAMES = {XK.string_to_keysym(name): name for name in ("F2", "Escape", "Return", "space")}
_EVENT_KINDS = {
    X.ButtonPress: "press",
    X.ButtonRelease: "release",
    X.KeyPress: "key_press",
    X.KeyRelease: "key_release",
}


@dataclass(frozen=True)
class InputEvent:
    """One input event: ``kind`` press/release/key_press/key_release at root ``(x, y)``.

    ``detail`` is the button (``left``...) or key (``F2``...); ``time_ms`` the server time.
    """

    kind: str
    x: int
    y: int
    detail: str
    time_ms: int


class EventWindow:
    """A borderless window at ``(left, top)`` that shows ``image`` and records input.

    It takes the keyboard focus, so key events reach it too.
    """

    def __init__(self, display_name: str, left: int, top: int, image: Image) -> None:
        self.left, self.top = left, top
        self.image = image
        self.height, self.width = image.shape[:2]
        self._x = display.Display(display_name)
        screen = self._x.screen()
        pixmap = screen.root.create_pixmap(self.width, self.height, screen.root_depth)
        bgrx = np.dstack([image, np.zeros(image.shape[:2], np.uint8)])
        pixmap.put_image(pixmap.create_gc(), 0, 0, self.width, self.height, X.ZPixmap,
                         screen.root_depth, 0, bgrx.tobytes())
        self.window = screen.root.create_window(
            left, top, self.width, self.height, 0, screen.root_depth,
            background_pixmap=pixmap, override_redirect=True,
            event_mask=(X.ButtonPressMask | X.ButtonReleaseMask | X.KeyPressMask
                        | X.KeyReleaseMask | X.StructureNotifyMask),
        )
        self.window.map()
        self._wait_for(X.MapNotify)
        self.window.set_input_focus(X.RevertToParent, X.CurrentTime)
        self._x.sync()

    def events(self, count: int = 1_000_000, timeout_s: float = 1.0) -> list[InputEvent]:
        """Input events received since the last call, waiting up to ``timeout_s`` for
        ``count`` of them."""
        received: list[InputEvent] = []
        deadline = time.monotonic() + timeout_s
        while len(received) < count and time.monotonic() < deadline:
            if not self._x.pending_events():
                time.sleep(0.005)
                continue
            event = self._x.next_event()
            if event.type in _EVENT_KINDS:
                received.append(self._record(event))
        return received

    def close(self) -> None:
        """Destroy the window and disconnect."""
        self.window.destroy()
        self._x.close()

    def _record(self, event: Any) -> InputEvent:
        kind = _EVENT_KINDS[event.type]
        if kind in ("press", "release"):
            detail = _BUTTON_NAMES.get(event.detail, str(event.detail))
        else:
            keysym = self._x.keycode_to_keysym(event.detail, 0)
            detail = _KEY_NAMES.get(keysym, hex(keysym))
        return InputEvent(kind, event.root_x, event.root_y, detail, event.time)

    def _wait_for(self, event_type: int, timeout_s: float = 5.0) -> None:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if self._x.pending_events() and self._x.next_event().type == event_type:
                return
            time.sleep(0.005)
        raise TimeoutError(f"X event {event_type} did not arrive within {timeout_s} s")


def paint_root(display_name: str, bgr: tuple[int, int, int]) -> Any:
    """Give the root window a solid colour; return the connection, to close when done.

    Xvfb resets the screen when its last client disconnects, so the colour lasts only
    while some connection (this one) stays open.
    """
    connection = display.Display(display_name)
    root = connection.screen().root
    blue, green, red = bgr
    root.change_attributes(background_pixel=(red << 16) | (green << 8) | blue)
    root.clear_area(0, 0, 0, 0)
    connection.sync()
    return connection


def pointer_position(display_name: str) -> tuple[int, int]:
    """Where the X server says the pointer is."""
    connection = display.Display(display_name)
    try:
        pointer = connection.screen().root.query_pointer()
        return int(pointer.root_x), int(pointer.root_y)
    finally:
        connection.close()
