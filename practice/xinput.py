"""Real X input on a display through xdotool: the same path a person's mouse takes."""

from __future__ import annotations

import subprocess
from collections.abc import Mapping

from sweeper.core import Rect
from sweeper.practice.display import require_program

BUTTONS = {"left": "1", "middle": "2", "right": "3"}


class XInput:
    """Mouse and keyboard on the display named in ``env["DISPLAY"]``."""

    def __init__(self, env: Mapping[str, str]) -> None:
        self.env = dict(env)
        self.xdotool = require_program("xdotool")

    def run(self, *args: str) -> str:
        """Run one xdotool command line; raises with xdotool's message if it fails."""
        done = subprocess.run(
            [self.xdotool, *args], env=self.env, capture_output=True, text=True, timeout=30,
            check=False,
        )
        if done.returncode != 0:
            raise RuntimeError(f"xdotool {' '.join(args)} failed: {done.stderr.strip()}")
        return done.stdout

    def window_rect(self, window_id: int) -> Rect:
        """Where the window ``window_id`` is on the screen."""
        shell = self.run("getwindowgeometry", "--shell", str(window_id))
        values = dict(line.split("=", 1) for line in shell.split() if "=" in line)
        return Rect(left=int(values["X"]), top=int(values["Y"]),
                    width=int(values["WIDTH"]), height=int(values["HEIGHT"]))

    def click(self, point: tuple[int, int], button: str = "left") -> None:
        """Move to a screen point and click (press and release) one button there."""
        self.run(*self._move_to(point), "click", BUTTONS[button])

    def chord(self, point: tuple[int, int]) -> None:
        """Press left and right together at a point and release them (the classic chord)."""
        self.run(*self._move_to(point), "mousedown", "1", "mousedown", "3",
                 "mouseup", "3", "mouseup", "1")

    def move(self, point: tuple[int, int]) -> None:
        """Move the pointer to a screen point (no button)."""
        if words := self._move_to(point):
            self.run(*words)

    def pointer(self) -> tuple[int, int]:
        """Where the pointer is on the screen."""
        location = dict(part.split(":", 1) for part in self.run("getmouselocation").split())
        return int(location["x"]), int(location["y"])

    def _move_to(self, point: tuple[int, int]) -> list[str]:
        """The xdotool words that move the pointer to ``point`` and wait until it is there.
        Nothing if it is there already: ``mousemove --sync`` to where the pointer is would
        wait for a move that never comes (xdotool gives up after some 15 s)."""
        if self.pointer() == point:
            return []
        return ["mousemove", "--sync", str(point[0]), str(point[1])]

    def focus_follows_pointer(self) -> None:
        """Send keys to the window under the pointer: X's PointerRoot focus, which Xvfb has
        until a program takes the focus (Chromium does when it starts). Without a window
        manager, a click does not move the focus to a window."""
        from Xlib import X, display

        connection = display.Display(self.env["DISPLAY"])
        try:
            connection.set_input_focus(X.PointerRoot, X.RevertToPointerRoot, X.CurrentTime)
            connection.sync()
        finally:
            connection.close()

    def key(self, name: str, window: int | None = None) -> None:
        """Press and release a key (xdotool key name, e.g. ``F2``), optionally to a window."""
        target = ["--window", str(window)] if window is not None else []
        self.run("key", *target, name)
