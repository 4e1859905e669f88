"""Mouse and keyboard: the platform's input device (:func:`open_input`), and the one
that works everywhere, through pyautogui with its pauses off and its fail-safe on.

pyautogui connects to the display when it is imported, so it is imported here lazily and
an import failure becomes a ``DisplayUnavailableError`` naming what is missing.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from sweeper.effector.actions import AllowedKey, Button
from sweeper.effector.capture import require_display
from sweeper.effector.errors import (
    NO_DISPLAY_HINT,
    DisplayUnavailableError,
    FailSafeTriggeredError,
    InputFailedError,
)
from sweeper.effector.runner import InputDevice


def open_input(display_name: str | None = None) -> InputDevice:
    """The input device for the display ``display_name`` (default: ``DISPLAY``): XTEST on
    X (:mod:`effector.xtest`, fewer round trips a click), pyautogui elsewhere."""
    if sys.platform.startswith("linux"):
        from sweeper.effector.xtest import XTestInput

        return XTestInput(display_name)
    return PointerInput()


def load_pyautogui() -> Any:
    """Import pyautogui configured for the effector: no built-in pauses, fail-safe on."""
    require_display()
    try:
        import pyautogui
    except Exception as error:
        display = os.environ.get("DISPLAY", "")
        raise DisplayUnavailableError(
            f"cannot open the display {display!r} for mouse and keyboard ({error}); "
            f"{NO_DISPLAY_HINT}"
        ) from error
    pyautogui.PAUSE = 0.0
    pyautogui.FAILSAFE = True
    return pyautogui


class PointerInput:
    """Sends pointer and key events; the caller runs one batch at a time."""

    def __init__(self) -> None:
        self._gui: Any = load_pyautogui()

    @property
    def fail_safe_points(self) -> frozenset[tuple[int, int]]:
        """Pointer positions that make pyautogui abort (the screen's corners)."""
        return frozenset((int(x), int(y)) for x, y in self._gui.FAILSAFE_POINTS)

    def move(self, x: int, y: int) -> None:
        """Move the pointer to ``(x, y)``."""
        self._call(self._gui.moveTo, x, y)

    def click(self, x: int, y: int, button: Button, clicks: int) -> None:
        """Move to ``(x, y)`` and click ``clicks`` times without holding.

        A single click goes straight to pyautogui's platform back end after one fail-safe
        check: ``pyautogui.click`` asks the X server for the pointer position five times
        per click, which makes a batch of clicks twice as slow.
        """
        if clicks == 1:
            self._call(self._single_click, x, y, button)
        else:
            self._call(self._gui.click, x, y, clicks=clicks, button=button)

    def press_button(self, x: int, y: int, button: Button) -> None:
        """Move to ``(x, y)`` and press ``button`` without releasing it."""
        self._call(self._gui.mouseDown, x, y, button=button)

    def release_button(self, button: Button) -> None:
        """Release ``button`` where the pointer is; works even in a fail-safe corner."""
        with self._fail_safe_suspended():
            self._call(self._gui.mouseUp, button=button)

    def press_key(self, key: AllowedKey) -> None:
        """Press and release ``key``."""
        self._call(self._gui.press, key)

    def key_down(self, key: AllowedKey) -> None:
        """Press ``key`` without releasing it."""
        self._call(self._gui.keyDown, key)

    def key_up(self, key: AllowedKey) -> None:
        """Release ``key``; works even in a fail-safe corner."""
        with self._fail_safe_suspended():
            self._call(self._gui.keyUp, key)

    def flush(self) -> None:
        """Nothing to send: pyautogui waits for the display after every event."""

    def close(self) -> None:
        """Nothing to close: pyautogui keeps its display for the process."""

    def _single_click(self, x: int, y: int, button: Button) -> None:
        self._gui.failSafeCheck()
        self._gui.platformModule._click(x, y, button)

    def _call(self, function: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
        try:
            function(*args, **kwargs)
        except self._gui.FailSafeException as error:
            x, y = self._gui.position()
            raise FailSafeTriggeredError.at(x, y) from error
        except Exception as error:
            raise InputFailedError(f"{function.__name__} failed: {error}") from error

    @contextmanager
    def _fail_safe_suspended(self) -> Iterator[None]:
        self._gui.FAILSAFE = False
        try:
            yield
        finally:
            self._gui.FAILSAFE = True
