"""Drive and inspect the bundled game page over DevTools: for tests and tools only.

The bot never uses this; it reads the screen. Tests use it to click precisely, to read
the page's true state (``window.__state()``) and to check pixels of the canvas.
"""

from __future__ import annotations

import base64
import time
from typing import Any

from sweeper.core import MINE, Board, Cell, parse_board
from sweeper.practice.desktop import VirtualDesktop

CDP_BUTTONS = {"left": 1, "right": 2, "middle": 4}
PLACED_WITHIN_S = 2.0  # how long the first click's mines may take to be placed (a loaded
# machine once read the state before the page had handled a click it took)
PLACED_POLL_S = 0.02  # between two reads of the state meanwhile


class GamePage:
    """The game in the shared desktop, driven the way tests need it.

    ``click`` and ``chord`` send DevTools mouse events (fast); ``x_click`` and
    ``x_chord`` go through real X input with xdotool.
    """

    def __init__(self, desktop: VirtualDesktop) -> None:
        self.desktop = desktop

    def load(self, **params: str | int) -> dict[str, Any]:
        """Load a new game with these URL parameters and return its fresh state."""
        return self.desktop.new_game(params)

    def state(self) -> dict[str, Any]:
        return self.desktop.page_state()

    def board(self) -> Board:
        return parse_board(self.state()["board"])

    def truth(self) -> Board:
        """The true layout: every cell revealed (``*`` mines, numbers elsewhere); the
        first click's mines are waited for up to ``PLACED_WITHIN_S`` (a click the page
        has taken may not be handled yet on a loaded machine)."""
        deadline = time.monotonic() + PLACED_WITHIN_S
        mines = self.state()["mines"]
        while mines is None and time.monotonic() < deadline:
            time.sleep(PLACED_POLL_S)
            mines = self.state()["mines"]
        assert mines is not None, "no mines are placed before the first click"
        return parse_board(mines)

    def mine_cells(self) -> set[Cell]:
        return set(self.truth().cells_where(MINE))

    def safe_cells(self) -> set[Cell]:
        truth = self.truth()
        every = {(r, c) for r in range(truth.height) for c in range(truth.width)}
        return every - set(truth.cells_where(MINE))

    def page_point(self, row: int, col: int) -> tuple[int, int]:
        layout = self.state()["layout"]
        cell = int(self.state()["cell"])
        return (layout["cellsLeft"] + col * cell + cell // 2,
                layout["cellsTop"] + row * cell + cell // 2)

    def mouse(self, kind: str, point: tuple[int, int], button: str, buttons: int) -> None:
        self.desktop.chromium.session.call(
            "Input.dispatchMouseEvent", type=kind, x=point[0], y=point[1], button=button,
            buttons=buttons, clickCount=1,
        )

    def click(self, row: int, col: int, button: str = "left") -> None:
        point = self.page_point(row, col)
        self.mouse("mousePressed", point, button, CDP_BUTTONS[button])
        self.mouse("mouseReleased", point, button, 0)

    def chord(self, row: int, col: int) -> None:
        """Both buttons down on a cell, then both up (left first down, right first up)."""
        point = self.page_point(row, col)
        self.mouse("mousePressed", point, "left", 1)
        self.mouse("mousePressed", point, "right", 3)
        self.mouse("mouseReleased", point, "right", 1)
        self.mouse("mouseReleased", point, "left", 0)

    def click_face(self) -> None:
        face = self.state()["layout"]["face"]
        point = (face["x"] + face["w"] // 2, face["y"] + face["h"] // 2)
        self.mouse("mousePressed", point, "left", 1)
        self.mouse("mouseReleased", point, "left", 0)

    def x_click(self, row: int, col: int, button: str = "left") -> None:
        self.desktop.xinput.click(self.desktop.cell_center(row, col), button)
        self.settle()

    def x_chord(self, row: int, col: int) -> None:
        self.desktop.xinput.chord(self.desktop.cell_center(row, col))
        self.settle()

    def settle(self) -> None:
        """Let X events reach the page (one animation frame is plenty)."""
        self.next_frame()
        time.sleep(0.05)

    def next_frame(self) -> None:
        """Wait until the page has drawn its next animation frame (it draws only then)."""
        self.desktop.chromium.evaluate(
            "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(0))))"
        )

    def canvas_pixel(self, x: int, y: int) -> tuple[int, int, int]:
        """The colour of one canvas pixel, read back from the canvas itself."""
        self.next_frame()
        rgba = self.desktop.chromium.evaluate(
            "Array.from(document.getElementById('game').getContext('2d')"
            f".getImageData({x}, {y}, 1, 1).data)"
        )
        return (rgba[0], rgba[1], rgba[2])

    def tile_colours(self, row: int, col: int) -> set[str]:
        """Every colour (``#rrggbb``) drawn inside one tile of the canvas."""
        self.next_frame()
        cell = int(self.state()["cell"])
        layout = self.state()["layout"]
        x = layout["cellsLeft"] + col * cell
        y = layout["cellsTop"] + row * cell
        colours: list[str] = self.desktop.chromium.evaluate(
            "(d => { const s = new Set(); for (let i = 0; i < d.length; i += 4)"
            " s.add('#' + [d[i], d[i+1], d[i+2]].map(v => v.toString(16).padStart(2, '0'))"
            ".join('')); return [...s]; })(document.getElementById('game').getContext('2d')"
            f".getImageData({x}, {y}, {cell}, {cell}).data)"
        )
        return set(colours)

    def tile_pixel(self, row: int, col: int, dx: int, dy: int) -> tuple[int, int, int]:
        """The colour at (dx, dy) inside a tile (negative: from its right/bottom edge)."""
        cell = int(self.state()["cell"])
        layout = self.state()["layout"]
        x = layout["cellsLeft"] + col * cell + (dx % cell)
        y = layout["cellsTop"] + row * cell + (dy % cell)
        return self.canvas_pixel(x, y)

    def region_png(self, x: int, y: int, width: int, height: int) -> bytes:
        """A PNG of a region of the page, captured by Chromium."""
        self.next_frame()
        shot = self.desktop.chromium.session.call(
            "Page.captureScreenshot", format="png",
            clip={"x": x, "y": y, "width": width, "height": height, "scale": 1},
        )
        return base64.b64decode(shot["data"])
