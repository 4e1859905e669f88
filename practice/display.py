"""Start and stop an Xvfb virtual display.

``VirtualDisplay`` is the single place that starts Xvfb for the demo, the tests and
docker-compose. It asks Xvfb for a free display number (``-displayfd``) so several can
run side by side, and always stops the server it started.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time

from sweeper.core import SweeperError
from sweeper.practice.lifecycle import StartedInWith

APT_HINT = "apt-get install -y xvfb chromium xdemineur wine xdotool x11-utils"


class MissingProgramError(SweeperError, RuntimeError):
    """A system program the virtual desktop needs is not installed."""


# Debian installs games (xdemineur) here, which is often not on a service's PATH.
EXTRA_PROGRAM_DIRS = "/usr/games"


def require_program(name: str) -> str:
    """Full path of ``name`` on PATH (or /usr/games), or a clear error naming the apt-get line."""
    path = shutil.which(name) or shutil.which(name, path=EXTRA_PROGRAM_DIRS)
    if path is None:
        raise MissingProgramError(f"'{name}' is not installed; install it with: {APT_HINT}")
    return path


class VirtualDisplay(StartedInWith):
    """An Xvfb server on a free display number, as a context manager.

    ``display`` holds the ``DISPLAY`` value (e.g. ``":99"``) once started.
    """

    def __init__(self, width: int = 1600, height: int = 1000, depth: int = 24) -> None:
        self.width = width
        self.height = height
        self.depth = depth
        self.display = ""
        self._process: subprocess.Popen[bytes] | None = None

    def start(self, timeout_s: float = 10.0) -> str:
        """Start Xvfb and return the ``DISPLAY`` value."""
        xvfb = require_program("Xvfb")
        read_fd, write_fd = os.pipe()
        self._process = subprocess.Popen(
            [
                xvfb,
                "-displayfd",
                str(write_fd),
                "-screen",
                "0",
                f"{self.width}x{self.height}x{self.depth}",
                "-nolisten",
                "tcp",
                "-ac",
                "-noreset",
            ],
            pass_fds=(write_fd,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(write_fd)
        try:
            self.display = ":" + _read_display_number(read_fd, timeout_s)
        except Exception:
            self.stop()
            raise
        finally:
            os.close(read_fd)
        return self.display

    def stop(self) -> None:
        """Stop the Xvfb server if it is running."""
        if self._process is not None and self._process.poll() is None:
            self._process.terminate()
            try:
                self._process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        self._process = None

    @property
    def pid(self) -> int | None:
        """The Xvfb process id while it runs, else ``None``."""
        return self._process.pid if self._process is not None else None

    def env(self) -> dict[str, str]:
        """A copy of the environment with ``DISPLAY`` pointing at this display."""
        return {**os.environ, "DISPLAY": self.display}


def _read_display_number(read_fd: int, timeout_s: float) -> str:
    deadline = time.monotonic() + timeout_s
    os.set_blocking(read_fd, False)
    text = b""
    while time.monotonic() < deadline:
        try:
            chunk = os.read(read_fd, 64)
        except BlockingIOError:
            chunk = None
        if chunk:
            text += chunk
            if text.endswith(b"\n"):
                return text.decode().strip()
        elif chunk == b"":
            break
        time.sleep(0.01)
    raise RuntimeError(f"Xvfb did not report a display number within {timeout_s:.0f} s")
