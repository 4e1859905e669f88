"""A virtual display showing a folder of web pages in one Chromium app window.

``BrowserDesktop`` is what the bundled game's desktop (:mod:`practice.desktop`) and a
third-party site's (:mod:`practice.sites`) have in common: Xvfb, a loopback server of the
folder, and Chromium showing one page of it, all stopped again on exit, Ctrl-C or failure.
Subclasses say which page to show and what "ready" means (``_show``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Self

from sweeper.practice.chromium import ChromiumApp
from sweeper.practice.display import VirtualDisplay, require_program
from sweeper.practice.lifecycle import StartedInWith
from sweeper.practice.server import GameServer
from sweeper.practice.xinput import XInput


class BrowserDesktop(StartedInWith):
    """Xvfb + a loopback server of ``folder`` + a Chromium app window; a context manager."""

    def __init__(
        self, *, folder: Path, screen_size: tuple[int, int], window_position: tuple[int, int],
        window_size: tuple[int, int], timeout_s: float = 30.0, scale: float = 1.0,
    ) -> None:
        self.display = VirtualDisplay(*screen_size)
        self.server = GameServer(folder)
        self.window_position = window_position
        self.window_size = window_size
        self.timeout_s = timeout_s
        self.scale = scale
        self._chromium: ChromiumApp | None = None
        self._xinput: XInput | None = None

    def start(self) -> Self:
        """Start the display, the server and Chromium, then show the page (``_show``)."""
        require_program("chromium")
        try:
            self.display.start(self.timeout_s)
            self.server.start()
            self._chromium = ChromiumApp(
                self.display.env(), self._first_url(), self.window_position,
                self.window_size, self.timeout_s, scale=self.scale,
                flags=self._chromium_flags(),
            )
            self._chromium.start()
            self._show()
        except BaseException:
            self.stop()
            raise
        return self

    def stop(self) -> None:
        """Stop everything this desktop started; safe to call more than once."""
        if self._chromium is not None:
            self._chromium.stop()
            self._chromium = None
        self.server.stop()
        self.display.stop()

    def _first_url(self) -> str:
        """The page Chromium opens with (the server is running)."""
        raise NotImplementedError

    def _show(self) -> None:
        """Wait until the page is ready to be played (Chromium is running)."""
        raise NotImplementedError

    def _chromium_flags(self) -> list[str]:
        """Chromium flags of this desktop's own (the server is running)."""
        return []

    @property
    def chromium(self) -> ChromiumApp:
        if self._chromium is None:
            raise RuntimeError("the virtual desktop is not running")
        return self._chromium

    @property
    def xinput(self) -> XInput:
        """Real X mouse and keyboard on this desktop's display."""
        if self._xinput is None:
            self._xinput = XInput(self.display.env())
        return self._xinput

    def env(self) -> dict[str, str]:
        """The environment with ``DISPLAY`` set to this desktop."""
        return self.display.env()
