"""Real X input on a display through xdotool: the same path a person's mouse takes."""

from __future__ import annotations

import subprocess
from collections.abc import Mapping

from practice.display import require_program

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

    def click(self, point: tuple[int, int], button: str = "left") -> None:
        """Move to a screen point and click (press and release) one button there."""
        self.run("mousemove", "--sync", str(point[0]), str(point[1]), "click", BUTTONS[button])

    def chord(self, point: tuple[int, int]) -> None:
        """Press left and right together at a point and release them (the classic chord)."""
        x, y = str(point[0]), str(point[1])
        self.run("mousemove", "--sync", x, y, "mousedown", "1", "mousedown", "3",
                 "mouseup", "3", "mouseup", "1")

    def key(self, name: str, window: int | None = None) -> None:
        """Press and release a key (xdotool key name, e.g. ``F2``), optionally to a window."""
        target = ["--window", str(window)] if window is not None else []
        self.run("key", *target, name)
