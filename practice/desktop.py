"""The virtual desktop: Xvfb, a loopback server for the game, Chromium showing it, and the
desktop clones xdemineur and Wine's winemine.

``VirtualDesktop`` is the one place the demo, the tests and docker-compose use to put the
practice target on a screen. Everything it starts (Xvfb, the HTTP server thread,
Chromium and its children, xdemineur, winemine with its Wine prefix, temporary profiles)
is stopped again on exit, Ctrl-C or failure.

Run ``sweeper desktop`` or ``python -m sweeper.practice`` to keep one running until Ctrl-C.
"""

from __future__ import annotations

import json
import subprocess
import time
from dataclasses import dataclass
from typing import Any

from sweeper.coordinator import start_group, stop_group
from sweeper.core import EXPERT, Rect
from sweeper.practice.browser_desktop import BrowserDesktop
from sweeper.practice.display import require_program
from sweeper.practice.server import WEB_DIR, GameParams
from sweeper.practice.winemine import Winemine

READY_EXPRESSION = (
    "document.readyState === 'complete' && typeof window.__state === 'function'"
    " && location.href === {url}"
)


@dataclass
class XdemineurWindow:
    """A running xdemineur and where its window is on the screen."""

    process: subprocess.Popen[bytes]
    window_id: int
    rect: Rect


class VirtualDesktop(BrowserDesktop):
    """Xvfb + the game in a Chromium app window (+ xdemineur, winemine on request); a
    context manager.

    ``game_params`` are the game's URL parameters (width, height, mines, seed, rules, cell).
    With ``fit_window`` the window is resized so that its page is exactly the game's canvas.
    ``page`` is ``index.html`` (the game alone) or ``desk.html`` (the game's window among
    other windows and lattice-like widgets; its own parameters ``tooltip=1`` and
    ``game=none`` ride along with the game's).
    """

    def __init__(
        self,
        *,
        screen_size: tuple[int, int] = (1600, 1000),
        window_position: tuple[int, int] = (0, 0),
        game_params: GameParams | None = None,
        window_size: tuple[int, int] = (1024, 768),
        fit_window: bool = True,
        timeout_s: float = 30.0,
        page: str = "index.html",
    ) -> None:
        super().__init__(folder=WEB_DIR, screen_size=screen_size,
                         window_position=window_position, window_size=window_size,
                         timeout_s=timeout_s)
        self.game_params: GameParams = dict(game_params or {})
        self.fit_window = fit_window
        self.page = page
        self._xdemineurs: list[XdemineurWindow] = []
        self._winemines: list[Winemine] = []

    # ------------------------------------------------------------ life cycle

    def stop(self) -> None:
        """Stop everything this desktop started; safe to call more than once."""
        for winemine in self._winemines:
            winemine.stop()
        self._winemines.clear()
        for xdemineur in self._xdemineurs:
            stop_group(xdemineur.process)
        self._xdemineurs.clear()
        super().stop()

    def _first_url(self) -> str:
        return self.server.url(self.game_params, self.page)

    def _show(self) -> None:
        self._wait_for_page()

    # ------------------------------------------------------------ the game page

    @property
    def url(self) -> str:
        """The game page's current URL."""
        return self.chromium.url

    def new_game(self, game_params: GameParams | None = None) -> dict[str, Any]:
        """Load the game with new URL parameters (``None``: the current ones) and wait for it.

        Returns the fresh page state.
        """
        if game_params is not None:
            self.game_params = dict(game_params)
        self.chromium.navigate(self.server.url(self.game_params, self.page))
        self._wait_for_page()
        return self.page_state()

    def page_state(self) -> dict[str, Any]:
        """The page's ``window.__state()`` (the true game state; for tests, never for the bot)."""
        state: dict[str, Any] = self.chromium.evaluate("window.__state()")
        return state

    def canvas_rect(self) -> Rect:
        """Where the game's canvas is on the screen."""
        viewport = self.chromium.viewport_rect()
        left, top, width, height = self.chromium.evaluate(
            "(r => [r.left, r.top, r.width, r.height])"
            "(document.getElementById('game').getBoundingClientRect())"
        )
        return Rect(left=viewport.left + round(left), top=viewport.top + round(top),
                    width=round(width), height=round(height))

    def cell_center(self, row: int, col: int) -> tuple[int, int]:
        """The screen point at the centre of a cell of the game."""
        layout = self.page_state()["layout"]
        canvas = self.canvas_rect()
        cell = int(self.page_state()["cell"])
        return (canvas.left + layout["cellsLeft"] + col * cell + cell // 2,
                canvas.top + layout["cellsTop"] + row * cell + cell // 2)

    def face_center(self) -> tuple[int, int]:
        """The screen point at the centre of the smiley button."""
        face = self.page_state()["layout"]["face"]
        canvas = self.canvas_rect()
        return (canvas.left + face["x"] + face["w"] // 2, canvas.top + face["y"] + face["h"] // 2)

    def _wait_for_page(self) -> None:
        chromium = self.chromium
        chromium.wait_until(READY_EXPRESSION.format(url=json.dumps(chromium.url)), "the game page")
        state = self.page_state()
        if self.fit_window and state.get("error") is None:
            layout = state["layout"]
            chromium.resize_viewport(layout["canvasWidth"], layout["canvasHeight"])

    # ------------------------------------------------------------ xdemineur

    def start_xdemineur(
        self,
        columns: int = EXPERT.width,
        rows: int = EXPERT.height,
        mines: int = EXPERT.mines,
        position: tuple[int, int] = (0, 0),
    ) -> XdemineurWindow:
        """Start xdemineur (the desktop-clone target) on this display at a screen position."""
        program = require_program("xdemineur")
        geometry = f"{columns}x{rows}+{position[0]}+{position[1]}"
        process = start_group([program, "-geometry", geometry, "-m", str(mines)], self.env())
        try:
            window_id = self._find_window(process, "xdemineur")
            rect = self._window_rect(window_id)
        except BaseException:
            stop_group(process)
            raise
        started = XdemineurWindow(process, window_id, rect)
        self._xdemineurs.append(started)
        return started

    # ------------------------------------------------------------ winemine

    def start_winemine(
        self,
        level: str = "expert",
        *,
        columns: int | None = None,
        rows: int | None = None,
        mines: int | None = None,
        position: tuple[int, int] = (40, 40),
        record_dialogs: bool = True,
    ) -> Winemine:
        """Start Wine's winemine on this display, in a fresh Wine prefix, at a screen position.

        ``level``: ``beginner``, ``intermediate``, ``expert`` or ``custom`` (with ``columns``,
        ``rows`` and ``mines``). The returned ``Winemine`` has the window, its rectangle and
        the truth oracle; it is stopped with the desktop (or earlier by its ``stop()``).
        """
        winemine = Winemine(
            self.env(), level=level, columns=columns, rows=rows, mines=mines,
            position=position, record_dialogs=record_dialogs,
            timeout_s=max(self.timeout_s, 120.0),
        )
        winemine.start()
        self._winemines.append(winemine)
        return winemine

    def _find_window(self, process: subprocess.Popen[bytes], class_name: str) -> int:
        deadline = time.monotonic() + self.timeout_s
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise RuntimeError(f"{class_name} exited at once with code {process.returncode}")
            try:
                found = self.xinput.run("search", "--onlyvisible", "--classname", class_name)
                return int(found.split()[0])
            except RuntimeError:
                time.sleep(0.1)
        raise RuntimeError(f"no {class_name} window appeared within {self.timeout_s:.0f} s")

    def _window_rect(self, window_id: int) -> Rect:
        shell = self.xinput.run("getwindowgeometry", "--shell", str(window_id))
        values = dict(line.split("=", 1) for line in shell.split() if "=" in line)
        return Rect(left=int(values["X"]), top=int(values["Y"]),
                    width=int(values["WIDTH"]), height=int(values["HEIGHT"]))
