"""Wine's winemine (the Windows Minesweeper clone) on an X display, with a truth oracle.

``Winemine`` starts ``wine winemine`` on a given display in a fresh Wine prefix (a
temporary directory, removed again by ``stop()``) and stops every Wine process of that
prefix on exit, Ctrl-C or failure. ``truth()`` reads the running game's own memory; it is
for tests and corpus recording only, the bot never uses it. Its levels and window geometry
are in :mod:`~practice.winemine_layout`, the memory oracle in
:mod:`~practice.winemine_oracle`, and Wine's prefix and processes in :mod:`~practice.wine`.

What a screen reader needs to know (measured with Debian's Wine 8.0 on Xvfb; the long
version is kept with the recorded screenshots):

- Look: there is no window manager, so no title bar or frame is drawn; the X window is
  the menu bar (``Game  Help``, white, 19 px) over the client area. The client area is
  black: two green seven-segment counters (time left, mines minus flags right) and a
  yellow 24x24 face centred between them, then the cells, 16x16 px each (the pitch),
  starting 5 px from the left and 33 px below the client's top. Unopened cells are green
  with a lime/navy bevel; opened ones black, a 0 with solid white right and bottom edges,
  a number with dotted grey ones and a coloured digit (1 lime, 2 white, 3 aqua, 4 yellow,
  5 blue, 6 magenta, 7 red, 8 grey); a flag is a red flag on green, a question mark an
  aqua ``??``. A cell under a held button is drawn like an opened 0. These colours are
  those of winemine's own bitmaps (16-colour, lime/green/navy for the bevel), not an
  effect of Xvfb: depths 16 and 24 show the same picture.
- After a loss every mine is drawn (black on flat green; the one clicked on red), a
  wrong flag as a crossed-out mine, a question mark stays; the face is dead. After a win
  every mine still hidden is flagged and the face wears sunglasses.
- A win in a standard level that beats the level's best time (always, in a fresh prefix:
  the best times start at 999 s) opens two modal dialogs, one after the other, at the
  client area's top-left corner, over the timer and the first rows: "Congratulations!"
  (name entry, OK) and then "Fastest Times" (Reset Results, OK). Meanwhile the face shows
  the open mouth, not the sunglasses. Keys go to the window under the pointer as long as
  no program holds the X focus (Chromium takes it when it starts; a click does not move
  it without a window manager): move the pointer onto the dialog and press Enter, or
  click OK. Until both are closed the board, the face and F2 do nothing. Custom games
  never show them; ``record_dialogs=False`` stores best times of 0 s so no win does.
- The first click is always safe: mines are placed after it, anywhere but on that cell
  (it need not open an area). Mines are seeded from the clock in whole seconds.
- F2 (keyboard focus as above) or a click on the face starts a new game. The Game menu
  has the levels and Exit (no Alt+X in Wine 8).
- winemine keeps its (undrawn) title bar and frame on the screen, so its X window is
  never higher than y=22 or further left than x=3; ``position`` must respect that.
- Any X window mapped later covers it (nothing raises it).
- Start-up takes about 3 s with the prefix on /dev/shm and 4.5 s on disk (10 s or more
  when nothing of Wine is in the page cache yet); the prefix takes about 700 MB.
- The oracle reads ``/proc/<pid>/mem``, which needs ptrace rights over winemine. Wine
  re-parents it to init, so where Yama's ptrace_scope is 1 a non-root reader may be
  refused (untested: measured as root without Yama); the error says so.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from sweeper.coordinator import start_group, stop_group
from sweeper.core import Rect
from sweeper.practice.display import require_program
from sweeper.practice.lifecycle import StartedInWith, T, wait_for
from sweeper.practice.wine import (
    alive,
    default_prefix_parent,
    group_of,
    registry_file,
    run_wine,
    stop_wineserver,
    wine_env,
)
from sweeper.practice.winemine_layout import (
    CELL,
    CELLS_LEFT,
    CELLS_TOP,
    FACE_SIZE,
    MENU_HEIGHT,
    MIN_POSITION,
    REGISTRY_KEY,
    settings,
)
from sweeper.practice.winemine_oracle import BoardInMemory, OracleError, WinemineTruth
from sweeper.practice.xinput import XInput

# ------------------------------------------------------------ the running game


@dataclass(frozen=True)
class WinemineDialog:
    """A dialog winemine shows (after a record win): its X window, title and place."""

    window_id: int
    title: str
    rect: Rect


class Winemine(StartedInWith):
    """``wine winemine`` on the display named in ``env["DISPLAY"]``; a context manager.

    ``level`` is ``beginner``, ``intermediate``, ``expert`` or ``custom`` (then give
    ``columns``, ``rows`` and ``mines``). ``position`` is where the window's top-left
    corner (its menu bar) goes on the screen. The level, position and question-mark
    setting are written into winemine's registry settings before it starts, as the game
    itself would have saved them.
    """

    def __init__(
        self,
        env: Mapping[str, str],
        *,
        level: str = "expert",
        columns: int | None = None,
        rows: int | None = None,
        mines: int | None = None,
        position: tuple[int, int] = (40, 40),
        question_marks: bool = True,
        record_dialogs: bool = True,
        timeout_s: float = 120.0,
        prefix_parent: Path | None = None,
    ) -> None:
        if "DISPLAY" not in env:
            raise ValueError("env needs DISPLAY")
        self.settings = settings(level, columns, rows, mines)
        if position[0] < MIN_POSITION[0] or position[1] < MIN_POSITION[1]:
            raise ValueError(
                f"position {position} is off limits: winemine keeps its title bar and frame "
                f"on the screen, so its window starts at x >= {MIN_POSITION[0]}, "
                f"y >= {MIN_POSITION[1]}"
            )
        self.position = position
        self.question_marks = question_marks
        self.record_dialogs = record_dialogs
        self.timeout_s = timeout_s
        self.prefix_parent = prefix_parent
        self.display_env = dict(env)
        self.prefix: Path | None = None
        self.timings: dict[str, float] = {}
        self.window_id = 0
        self.pid = 0
        self._launcher: subprocess.Popen[bytes] | None = None
        self._xinput: XInput | None = None
        self._memory: BoardInMemory | None = None

    # ------------------------------------------------------------ life cycle

    def start(self) -> Winemine:
        """Create the prefix, write the settings, start winemine and wait for its window."""
        wine = require_program("wine")
        require_program("wineserver")
        try:
            started = time.monotonic()
            parent = self.prefix_parent or default_prefix_parent()
            self.prefix = Path(tempfile.mkdtemp(prefix="sweeper-wine-", dir=parent))
            self._run([wine, "wineboot", "--init"], display=False)
            self._stop_wineserver()  # its services started without a display
            self.timings["prefix_s"] = time.monotonic() - started
            mark = time.monotonic()
            settings = self.prefix / "winemine-settings.reg"
            settings.write_text(self._registry_file())
            self._run([wine, "reg", "import", str(settings)], display=True)
            self.timings["settings_s"] = time.monotonic() - mark
            mark = time.monotonic()
            self._launcher = start_group([wine, "winemine"], self._env(display=True))
            self.pid = self._wait_for_process()
            self.window_id = self._wait_for_window()
            self._place_window()
            self._wait(lambda: self._read_truth(retries=1) is not None, "winemine's board")
            self.timings["window_s"] = time.monotonic() - mark
            self.timings["total_s"] = time.monotonic() - started
        except BaseException:
            self.stop()
            raise
        return self

    def stop(self) -> None:
        """Stop every Wine process of the prefix and remove it; safe to call more than once."""
        if self._launcher is not None:
            stop_group(self._launcher, timeout_s=2)
            self._launcher = None
        if self.prefix is not None:
            self._stop_wineserver()
            shutil.rmtree(self.prefix, ignore_errors=True)
            self.prefix = None
        self._memory = None

    def close(self) -> None:
        """Quit as a user would: a click on the Game menu, then its Exit item's key (x).

        Waits until winemine has exited. (Wine 8's winemine has no Alt+X shortcut.)
        """
        self.xinput.focus_follows_pointer()
        for _ in range(3):
            rect = self.rect
            self.xinput.click((rect.left + 18, rect.top + MENU_HEIGHT // 2))
            time.sleep(0.3)  # the menu opens
            self.xinput.key("x")
            with contextlib.suppress(TimeoutError):
                self._wait(lambda: not alive(self.pid), "winemine to exit", timeout_s=3)
                return
            self.xinput.key("Escape")
        raise RuntimeError("winemine did not exit through Game > Exit")

    @property
    def running(self) -> bool:
        return self.pid != 0 and alive(self.pid)

    def wine_processes(self) -> set[int]:
        """Live processes of this prefix (wineserver, services, winemine, ...)."""
        if self.prefix is None:
            return set()
        marker = f"WINEPREFIX={self.prefix}".encode()
        found = set()
        for entry in os.listdir("/proc"):
            if entry.isdigit() and alive(int(entry)):
                with contextlib.suppress(OSError):
                    if marker in Path(f"/proc/{entry}/environ").read_bytes().split(b"\0"):
                        found.add(int(entry))
        return found

    # ------------------------------------------------------------ the window

    @property
    def xinput(self) -> XInput:
        if self._xinput is None:
            self._xinput = XInput(self.display_env)
        return self._xinput

    @property
    def rect(self) -> Rect:
        """Where the window (menu bar and client area) is on the screen now."""
        return self.xinput.window_rect(self.window_id)

    def cell_center(self, row: int, col: int) -> tuple[int, int]:
        """The screen point at the centre of a cell."""
        left, top = self.cells_origin()
        return left + col * CELL + CELL // 2, top + row * CELL + CELL // 2

    def cells_origin(self) -> tuple[int, int]:
        """The screen point of the first cell's top-left corner."""
        rect = self.rect
        truth = self.truth()
        client_height = truth.rows * CELL + CELLS_TOP + CELLS_LEFT
        return rect.left + CELLS_LEFT, rect.top + rect.height - client_height + CELLS_TOP

    def face_center(self) -> tuple[int, int]:
        """The screen point at the centre of the face."""
        rect = self.rect
        top = self.cells_origin()[1]
        return rect.left + rect.width // 2, top - CELLS_TOP + CELLS_LEFT + FACE_SIZE // 2

    def click_cell(self, row: int, col: int, button: str = "left") -> None:
        """A real X click on a cell (pointer moved there), then a moment for winemine."""
        self.xinput.click(self.cell_center(row, col), button)
        self.settle()

    def settle(self) -> None:
        """Give winemine a moment to handle the input and paint."""
        time.sleep(0.08)

    def new_game(self) -> WinemineTruth:
        """F2 as a user presses it, to the window under the pointer (the pointer is moved
        onto the window if it is elsewhere). Waits for the fresh board."""
        if self.dialogs():
            raise RuntimeError("winemine ignores F2 while its dialogs are open")
        self.xinput.focus_follows_pointer()
        self._pointer_into_window()
        self.xinput.key("F2")
        self._wait(lambda: not self.truth().started, "a new game after F2")
        return self.truth()

    def dialogs(self) -> list[WinemineDialog]:
        """winemine's visible windows other than its main one (the record-win dialogs)."""
        found = []
        for window_id in self._visible_windows():
            if window_id != self.window_id:
                try:
                    title = self.xinput.run("getwindowname", str(window_id)).strip()
                    rect = self.xinput.window_rect(window_id)
                except RuntimeError:  # closed in the meantime
                    continue
                found.append(WinemineDialog(window_id, title, rect))
        return found

    def dismiss_dialogs(self, settle_s: float = 0.5) -> list[str]:
        """Close every dialog as a user would: pointer on it, Enter. Returns their titles."""
        closed: list[str] = []
        self.xinput.focus_follows_pointer()
        deadline = time.monotonic() + self.timeout_s
        quiet_since = time.monotonic()
        while time.monotonic() - quiet_since < settle_s:
            if time.monotonic() > deadline:
                raise RuntimeError(f"winemine's dialogs did not close: {self.dialogs()}")
            shown = self.dialogs()
            if not shown:
                time.sleep(0.05)
                continue
            dialog = shown[0]
            point = (dialog.rect.left + dialog.rect.width // 2, dialog.rect.top + 8)
            self.xinput.move(point)
            self.xinput.key("Return")
            self._wait_closed(dialog)
            closed.append(dialog.title)
            quiet_since = time.monotonic()
        return closed

    def _wait_closed(self, dialog: WinemineDialog) -> None:
        self._wait(lambda: dialog.window_id not in self._visible_windows(),
                   f"the dialog {dialog.title!r} to close")

    # ------------------------------------------------------------ the oracle

    def truth(self) -> WinemineTruth:
        """The board as the window shows it, the status and the true mines (tests only)."""
        truth = self._read_truth(retries=5)
        if truth is None:
            raise OracleError(f"no winemine board found in the memory of process {self.pid}")
        return truth

    def _read_truth(self, retries: int) -> WinemineTruth | None:
        if self._memory is None or self._memory.pid != self.pid:
            self._memory = BoardInMemory(self.pid)
        return self._memory.read(retries)

    # ------------------------------------------------------------ helpers

    def _env(self, *, display: bool) -> dict[str, str]:
        return wine_env(self.display_env, self.prefix, display=display)

    def _run(self, args: list[str], *, display: bool) -> None:
        run_wine(args, self._env(display=display), self.timeout_s)

    def _stop_wineserver(self) -> None:
        """Kill the prefix's wineserver and with it every Wine process of the prefix."""
        if self.prefix is not None:
            stop_wineserver(self._env(display=False))

    def registry_values(self) -> dict[str, int]:
        """The settings winemine reads at start (``HKCU\\Software\\Microsoft\\WinMine``)."""
        level = self.settings
        left, top = self.position
        values = {
            "Difficulty": level.difficulty,
            "Width": level.columns,
            "Height": level.rows,
            "Mines": level.mines,
            "Xpos": left,  # the client area's top-left: below the menu bar
            "Ypos": top + MENU_HEIGHT,
            "Mark": int(self.question_marks),
        }
        if not self.record_dialogs:
            values |= {f"Time{n}": 0 for n in (1, 2, 3)}  # no win can beat 0 s
        return values

    def _registry_file(self) -> str:
        return registry_file(REGISTRY_KEY, self.registry_values())

    def _wait_for_process(self) -> int:
        assert self._launcher is not None
        group = self._launcher.pid

        def winemine_pid() -> int | None:
            for entry in os.listdir("/proc"):
                if entry.isdigit() and group_of(int(entry)) == group:
                    with contextlib.suppress(OSError):
                        comm = Path(f"/proc/{entry}/comm").read_text().strip()
                        if comm.lower() == "winemine.exe" and alive(int(entry)):
                            return int(entry)
            return None

        return self._wait(winemine_pid, "the winemine process")

    def _wait_for_window(self) -> int:
        def window() -> int | None:
            if not alive(self.pid):
                raise RuntimeError("winemine exited before showing its window")
            shown = self._visible_windows()
            return shown[0] if shown else None

        return self._wait(window, "winemine's window")

    def _visible_windows(self) -> list[int]:
        try:
            found = self.xinput.run("search", "--all", "--onlyvisible", "--pid", str(self.pid),
                                    "--classname", "winemine.exe")
        except RuntimeError:  # xdotool exits 1 when nothing matches
            return []
        return [int(word) for word in found.split()]

    def _place_window(self) -> None:
        """Move the window to ``position`` if the menu bar's height was not the guessed one."""
        rect = self.rect
        if (rect.left, rect.top) == self.position:
            return
        self.xinput.run("windowmove", "--sync", str(self.window_id), *map(str, self.position))
        self._wait(lambda: (self.rect.left, self.rect.top) == self.position,
                   f"winemine's window at {self.position}")

    def _pointer_into_window(self) -> None:
        """Put the pointer on the window's client area (left of the face) unless it is there."""
        x, y = self.xinput.pointer()
        rect = self.rect
        if rect.left <= x < rect.left + rect.width and rect.top + MENU_HEIGHT <= y < (
            rect.top + rect.height
        ):
            return
        face_x, face_y = self.face_center()
        self.xinput.move(((rect.left + face_x) // 2, face_y))

    def _wait(self, probe: Callable[[], T | None], what: str,
              timeout_s: float | None = None) -> T:
        """Poll ``probe`` until it returns something true; ``TimeoutError`` after a while."""
        return wait_for(probe, what, self.timeout_s if timeout_s is None else timeout_s, 0.05)

