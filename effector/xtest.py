"""Mouse and keyboard on an X display through its XTEST extension (python-xlib).

The fastest way to click on X: events are queued and sent together, and the batch waits
for the server twice, whatever its length: the fail-safe's look at the pointer before
its first event, and :meth:`XTestInput.flush` after its last (pyautogui waits five
times a click). A person's pointer in a corner is looked for again after every wait (a
pause or a hold), when time has passed for them to move it. The server handles one
client's requests in order, so the events always arrive as sent. Buttons go through the
server's pointer mapping, so a left-handed mouse still gets the logical button asked for.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from Xlib import XK, X
from Xlib.display import Display
from Xlib.ext.xtest import fake_input

from sweeper.effector.actions import AllowedKey, Button
from sweeper.effector.errors import (
    NO_DISPLAY_HINT,
    DisplayUnavailableError,
    FailSafeTriggeredError,
    InputFailedError,
)

_LOGICAL_BUTTONS: dict[Button, int] = {"left": 1, "middle": 2, "right": 3}
_KEYSYMS: dict[AllowedKey, str] = {
    "f2": "F2", "f5": "F5", "escape": "Escape", "enter": "Return", "space": "space",
}


class XTestInput:
    """Sends pointer and key events to the X display ``display_name`` (default:
    ``DISPLAY``); the caller runs one batch at a time and flushes it at its end.

    Not thread-safe (python-xlib's connection is used unlocked): only the batch runner's
    thread, one batch at a time, may call it. After a failure the connection's state is
    unknown, so every later call fails at once with the first failure's message.
    """

    def __init__(self, display_name: str | None = None) -> None:
        self._x = _open_display(display_name)
        screen = self._x.screen()
        right, bottom = screen.width_in_pixels - 1, screen.height_in_pixels - 1
        self._corners = frozenset({(0, 0), (0, bottom), (right, 0), (right, bottom)})
        self._root = screen.root
        self._buttons = _physical_buttons(self._x.get_pointer_mapping())
        self._keycodes = {key: self._x.keysym_to_keycode(XK.string_to_keysym(name))
                          for key, name in _KEYSYMS.items()}
        self._check_due = True  # the pointer is looked at before the next event
        self._failed: str | None = None  # the failure that left the connection unusable

    @property
    def fail_safe_points(self) -> frozenset[tuple[int, int]]:
        """The screen's corners: a pointer put there by a person stops the bot."""
        return self._corners

    def move(self, x: int, y: int) -> None:
        """Move the pointer to ``(x, y)``."""
        with self._sending():
            self._fake(X.MotionNotify, x=x, y=y)

    def click(self, x: int, y: int, button: Button, clicks: int) -> None:
        """Move to ``(x, y)`` and click ``clicks`` times without holding."""
        code = self._buttons[button]
        with self._sending():
            self._fake(X.MotionNotify, x=x, y=y)
            for _ in range(clicks):
                self._fake(X.ButtonPress, code)
                self._fake(X.ButtonRelease, code)

    def press_button(self, x: int, y: int, button: Button) -> None:
        """Move to ``(x, y)`` and press ``button`` without releasing it."""
        with self._sending(sync=True):
            self._fake(X.MotionNotify, x=x, y=y)
            self._fake(X.ButtonPress, self._buttons[button])

    def release_button(self, button: Button) -> None:
        """Release ``button`` where the pointer is; works even in a fail-safe corner."""
        with self._sending(check=False, sync=True):
            self._fake(X.ButtonRelease, self._buttons[button])

    def press_key(self, key: AllowedKey) -> None:
        """Press and release ``key``."""
        code = self._keycode(key)
        with self._sending():
            self._fake(X.KeyPress, code)
            self._fake(X.KeyRelease, code)

    def key_down(self, key: AllowedKey) -> None:
        """Press ``key`` without releasing it."""
        code = self._keycode(key)
        with self._sending(sync=True):
            self._fake(X.KeyPress, code)

    def key_up(self, key: AllowedKey) -> None:
        """Release ``key``; works even in a fail-safe corner."""
        code = self._keycode(key)
        with self._sending(check=False, sync=True):
            self._fake(X.KeyRelease, code)

    def flush(self) -> None:
        """Wait until the server has taken every event queued so far."""
        with self._sending(check=False, sync=True):
            pass

    def close(self) -> None:
        """Close the display connection."""
        self._x.close()

    def _keycode(self, key: AllowedKey) -> int:
        """The display's key for ``key``; a keymap without one is a failure of this key
        alone (sending key 0 would break the connection)."""
        code = int(self._keycodes[key])
        if code == 0:
            raise InputFailedError(f"the display's keymap has no key for {_KEYSYMS[key]}")
        return code

    def _fake(self, event: int, detail: int = 0, **where: int) -> None:
        fake_input(self._x, event, detail, **where)

    @contextmanager
    def _sending(self, *, check: bool = True, sync: bool = False) -> Iterator[None]:
        """Check the fail-safe first where due (unless not ``check``), queue the events
        of the body, and with ``sync`` wait until the server has them (a hold is timed
        from there); X errors become ``InputFailedError``."""
        if self._failed is not None:
            raise InputFailedError(self._failed)
        try:
            if check and self._check_due:
                self._fail_safe_check()
                self._check_due = False
            yield
            if sync:
                self._x.sync()
                self._check_due = True
        except FailSafeTriggeredError:
            raise
        except Exception as error:
            self._failed = f"sending input to the display failed: {error}"
            raise InputFailedError(self._failed) from error

    def _fail_safe_check(self) -> None:
        """Raise if the pointer is in a corner."""
        pointer = self._root.query_pointer()
        if (pointer.root_x, pointer.root_y) in self._corners:
            raise FailSafeTriggeredError.at(pointer.root_x, pointer.root_y)


def _open_display(display_name: str | None) -> Any:
    name = display_name or os.environ.get("DISPLAY")
    if not name:
        raise DisplayUnavailableError(f"no X display: DISPLAY is not set; {NO_DISPLAY_HINT}")
    try:
        display = Display(name)
    except Exception as error:
        raise DisplayUnavailableError(
            f"cannot open the display {name!r} for mouse and keyboard ({error}); "
            f"{NO_DISPLAY_HINT}") from error
    if not display.has_extension("XTEST"):
        display.close()
        raise DisplayUnavailableError(
            f"the display {name!r} has no XTEST extension to send mouse and keyboard "
            "events with")
    return display


def _physical_buttons(mapping: list[int]) -> dict[Button, int]:
    """The physical button that gives each logical one under the server's pointer
    mapping (``mapping[i]`` is the logical button of physical button ``i + 1``)."""
    physical = {logical: index + 1 for index, logical in enumerate(mapping)}
    return {name: physical.get(logical, logical) for name, logical in _LOGICAL_BUTTONS.items()}
