"""Wine's winemine (the Windows Minesweeper clone) on an X display, with a truth oracle.

``Winemine`` starts ``wine winemine`` on a given display in a fresh Wine prefix (a
temporary directory, removed again by ``stop()``) and stops every Wine process of that
prefix on exit, Ctrl-C or failure. ``truth()`` reads the running game's own memory; it is
for tests and corpus recording only, the bot never uses it.

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
import struct
import subprocess
import tempfile
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from sweeper.coordinator import start_group, stop_group
from sweeper.core import BEGINNER, EXPERT, INTERMEDIATE, GameStatus, Rect, SweeperError
from sweeper.practice.display import require_program
from sweeper.practice.lifecycle import StartedInWith, T, wait_for
from sweeper.practice.xinput import XInput

# ------------------------------------------------------------ the game's settings

REGISTRY_KEY = r"HKEY_CURRENT_USER\Software\Microsoft\WinMine"


@dataclass(frozen=True)
class Level:
    """A board size and winemine's number for it (its ``Difficulty`` setting)."""

    columns: int
    rows: int
    mines: int
    difficulty: int


LEVELS = {
    "beginner": Level(*BEGINNER, 0),
    "intermediate": Level(*INTERMEDIATE, 1),  # winemine's "Advanced"
    "expert": Level(*EXPERT, 2),
}
CUSTOM_DIFFICULTY = 3
MIN_COLUMNS, MAX_COLUMNS = 9, 30
MIN_ROWS, MAX_ROWS = 9, 24
MIN_MINES = 10

# ------------------------------------------------------------ the window's geometry

CELL = 16  # px, the cell pitch
CELLS_LEFT, CELLS_TOP = 5, 33  # the first cell, in the client area
FACE_SIZE = 24
MENU_HEIGHT = 19  # px of menu bar above the client area (Wine's default metrics)
MIN_POSITION = (3, 22)  # winemine pulls a window placed further up or left back to here

# ------------------------------------------------------------ the game's memory

# winemine keeps one static BOARD structure (programs/winemine/main.h). Offsets here are
# counted from its ``mines_rect`` field; from there on every field is 4 bytes wide, so they
# hold for 32- and 64-bit builds alike.
OFF_MINES_RECT = 0
OFF_FACE_RECT = 16
OFF_WIDTH = 64
OFF_HEIGHT = 68
OFF_TIME = 80
OFF_NUM_FLAGS = 84
OFF_ROWS = 96
OFF_COLUMNS = 100
OFF_MINES = 104
OFF_DIFFICULTY = 312
OFF_FACE = 328
OFF_STATUS = 332
OFF_BOX = 336
BOX_COLUMNS, BOX_ROWS = MAX_COLUMNS + 2, MAX_ROWS + 2  # with a border of empty cells
BOARD_BYTES = OFF_BOX + BOX_COLUMNS * BOX_ROWS * 4

# one 32-bit word per cell: bit 0 a mine, bit 1 pressed, bits 2-3 the mark, bits 4-7 the
# number of mines in the 3x3 block (the cell's own included), set once the mines are placed
MARK_NONE, MARK_QUESTION, MARK_FLAG, MARK_OPENED = 0, 1, 2, 3
WAITING, PLAYING, GAME_OVER, WON = 0, 1, 2, 3
STATUS_NAMES: dict[int, GameStatus] = {
    WAITING: "playing", PLAYING: "playing", GAME_OVER: "lost", WON: "won",
}
FACE_NAMES = ("pressed", "cool", "dead", "ooh", "smile")

WINE_ENV = {
    "WINEDEBUG": "-all",
    # no Mono or Gecko installer dialogs, no menu entries or icons written into $HOME
    "WINEDLLOVERRIDES": "mscoree,mshtml=;winemenubuilder.exe=d",
}
PREFIX_BYTES = 1 << 30  # a fresh prefix takes about 700 MB
TMPFS = Path("/dev/shm")



class OracleError(SweeperError, RuntimeError):
    """winemine's memory could not be found or read, or did not make sense."""


@dataclass(frozen=True)
class WinemineTruth:
    """winemine's state as read from its memory.

    ``board`` is the board text of what the window draws; ``mines`` the true layout (``*``
    for a mine, else the number of mines around), ``None`` until the first click places
    them. ``status`` is ``playing`` (also before the first click; see ``started``),
    ``won`` or ``lost``.
    """

    board: str
    status: GameStatus
    started: bool
    mines: str | None
    columns: int
    rows: int
    mine_count: int
    flags: int
    seconds: int
    face: str
    difficulty: int
    question_marks: tuple[tuple[int, int], ...] = ()  # drawn as "??", read as unopened

    def cell(self, row: int, col: int) -> str:
        """The character ``board`` shows for one cell."""
        return self.board.split("\n")[row][col]

    def mine_cells(self) -> set[tuple[int, int]]:
        """The cells holding a mine (empty before the first click)."""
        if self.mines is None:
            return set()
        return {(r, c) for r, line in enumerate(self.mines.split("\n"))
                for c, char in enumerate(line) if char == "*"}


def find_board(memory: bytes) -> int | None:
    """Offset of the BOARD structure's ``mines_rect`` in a block of memory, or ``None``.

    It is where winemine's geometry fields agree with each other: the cell rectangle
    starts at (5, 33) and spans ``cols`` x ``rows`` cells, and the client width and height
    follow from the same numbers.
    """
    start = 0
    anchor = struct.pack("<ii", CELLS_LEFT, CELLS_TOP)
    while (at := memory.find(anchor, start)) >= 0:
        start = at + 1
        if at % 4 or at + BOARD_BYTES > len(memory):
            continue
        if _geometry_agrees(memory, at):
            return at
    return None


def _geometry_agrees(memory: bytes, at: int) -> bool:
    def word(offset: int) -> int:
        value: int = struct.unpack_from("<I", memory, at + offset)[0]
        return value

    rows, cols, mines = word(OFF_ROWS), word(OFF_COLUMNS), word(OFF_MINES)
    if not (MIN_ROWS <= rows <= MAX_ROWS and MIN_COLUMNS <= cols <= MAX_COLUMNS):
        return False
    width, height = cols * CELL + 2 * CELLS_LEFT, rows * CELL + CELLS_TOP + CELLS_LEFT
    face_left = width // 2 - FACE_SIZE // 2
    return (
        struct.unpack_from("<4i", memory, at + OFF_MINES_RECT)
        == (CELLS_LEFT, CELLS_TOP, CELLS_LEFT + cols * CELL, CELLS_TOP + rows * CELL)
        and struct.unpack_from("<4i", memory, at + OFF_FACE_RECT)
        == (face_left, CELLS_LEFT, face_left + FACE_SIZE, CELLS_LEFT + FACE_SIZE)
        and (word(OFF_WIDTH), word(OFF_HEIGHT)) == (width, height)
        and MIN_MINES <= mines < cols * rows
        and word(OFF_STATUS) in STATUS_NAMES
    )


def decode_board(memory: bytes, at: int) -> WinemineTruth:
    """The game state in a BOARD structure whose ``mines_rect`` is at ``at``.

    Raises ``OracleError`` when the cells contradict the rest (a torn or wrong read).
    """
    rows, cols, mine_count = struct.unpack_from("<3I", memory, at + OFF_ROWS)
    status = struct.unpack_from("<I", memory, at + OFF_STATUS)[0]
    boxes: npt.NDArray[np.uint32] = np.frombuffer(
        memory, dtype="<u4", count=BOX_COLUMNS * BOX_ROWS, offset=at + OFF_BOX
    ).reshape(BOX_COLUMNS, BOX_ROWS)
    grid = boxes[: cols + 2, : rows + 2].T  # [row][col], with the border
    is_mine = (grid & 1).astype(bool)
    marks = ((grid >> 2) & 3).astype(np.uint32)
    numbers = ((grid >> 4) & 15).astype(np.uint32)
    started = status != WAITING
    placed = int(is_mine.sum())
    if placed != (mine_count if started else 0):
        raise OracleError(f"{placed} mines in memory, expected {mine_count if started else 0}")
    inner = (slice(1, rows + 1), slice(1, cols + 1))
    if started:
        padded = is_mine.astype(np.int32)
        around = sum(
            padded[1 + dr: rows + 1 + dr, 1 + dc: cols + 1 + dc]
            for dr in (-1, 0, 1) for dc in (-1, 0, 1)
        )
        if not np.array_equal(around, numbers[inner]):
            raise OracleError("the cells' mine counts do not match the mines")
    board = _drawn_board(is_mine[inner], marks[inner], numbers[inner], status)
    mines = None
    if started:
        mines = "\n".join(
            "".join("*" if is_mine[inner][r, c] else str(numbers[inner][r, c])
                    for c in range(cols))
            for r in range(rows)
        )
    face = struct.unpack_from("<I", memory, at + OFF_FACE)[0]
    shown_question = (marks[inner] == MARK_QUESTION) & ~(is_mine[inner] & (status == GAME_OVER))
    return WinemineTruth(
        board=board,
        status=STATUS_NAMES[status],
        started=started,
        mines=mines,
        columns=cols,
        rows=rows,
        mine_count=mine_count,
        flags=struct.unpack_from("<I", memory, at + OFF_NUM_FLAGS)[0],
        seconds=struct.unpack_from("<I", memory, at + OFF_TIME)[0],
        face=FACE_NAMES[face] if face < len(FACE_NAMES) else f"unknown {face}",
        difficulty=struct.unpack_from("<I", memory, at + OFF_DIFFICULTY)[0],
        question_marks=tuple((int(r), int(c)) for r, c in np.argwhere(shown_question)),
    )


def _drawn_board(
    is_mine: npt.NDArray[np.bool_], marks: npt.NDArray[np.uint32],
    numbers: npt.NDArray[np.uint32], status: int,
) -> str:
    """The board text of what winemine draws for these cells.

    While playing, and after a win: a flag is ``F``, an opened cell its number, anything
    else (also a question mark) unopened. After a loss every mine is shown, ``F`` where it
    was flagged; a flag on a safe cell is drawn crossed out and still reads ``F``.
    """
    lines = []
    for r in range(is_mine.shape[0]):
        line = []
        for c in range(is_mine.shape[1]):
            mark, mine = int(marks[r, c]), bool(is_mine[r, c])
            if mark == MARK_FLAG:
                line.append("F")
            elif mine and (status == GAME_OVER or mark == MARK_OPENED):
                line.append("*")
            elif mark == MARK_OPENED:
                line.append(str(int(numbers[r, c])))
            else:
                line.append(".")
        lines.append("".join(line))
    return "\n".join(lines)


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
        self.settings = _settings(level, columns, rows, mines)
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
        self._address: int | None = None

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
        self._address = None

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
                self._wait(lambda: not _alive(self.pid), "winemine to exit", timeout_s=3)
                return
            self.xinput.key("Escape")
        raise RuntimeError("winemine did not exit through Game > Exit")

    @property
    def running(self) -> bool:
        return self.pid != 0 and _alive(self.pid)

    def wine_processes(self) -> set[int]:
        """Live processes of this prefix (wineserver, services, winemine, ...)."""
        if self.prefix is None:
            return set()
        marker = f"WINEPREFIX={self.prefix}".encode()
        found = set()
        for entry in os.listdir("/proc"):
            if entry.isdigit() and _alive(int(entry)):
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
        last_error: OracleError | None = None
        for attempt in range(retries):
            if attempt:
                time.sleep(0.02)
            try:
                if self._address is None:
                    self._address = self._find_address()
                    if self._address is None:
                        continue
                memory = _read_memory(self.pid, self._address, BOARD_BYTES)
                if not _geometry_agrees(memory, 0):
                    self._address = None
                    continue
                return decode_board(memory, 0)
            except OracleError as error:
                last_error = error
        if last_error is not None:
            raise last_error
        return None

    def _find_address(self) -> int | None:
        for start, end in _image_data_regions(self.pid):
            memory = _read_memory(self.pid, start, end - start)
            at = find_board(memory)
            if at is not None:
                return start + at
        return None

    # ------------------------------------------------------------ helpers

    def _env(self, *, display: bool) -> dict[str, str]:
        env = {**self.display_env, **WINE_ENV, "WINEPREFIX": str(self.prefix)}
        if not display:
            # nothing can reach the screen: wineboot's "updating the configuration" window
            # has no display to appear on
            env.pop("DISPLAY")
        return env

    def _run(self, args: list[str], *, display: bool) -> None:
        """Run a Wine command to its end. Its messages go to a file, not a pipe: the Wine
        services it starts inherit the pipe and would hold it open for seconds."""
        with tempfile.TemporaryFile() as messages:
            done = subprocess.run(
                args, env=self._env(display=display), stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL, stderr=messages, timeout=self.timeout_s, check=False,
            )
            if done.returncode != 0:
                messages.seek(0)
                text = messages.read().decode(errors="replace").strip()
                raise RuntimeError(f"{' '.join(args[1:])} failed ({done.returncode}): {text}")

    def _stop_wineserver(self) -> None:
        """Kill the prefix's wineserver and with it every Wine process of the prefix."""
        server = shutil.which("wineserver")
        if server is None or self.prefix is None:
            return
        env = self._env(display=False)
        with contextlib.suppress(subprocess.TimeoutExpired):
            for flag, timeout_s in (("-k", 10), ("-w", 30)):
                subprocess.run([server, flag], env=env, stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               timeout=timeout_s, check=False)

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
        lines = ["REGEDIT4", "", f"[{REGISTRY_KEY}]"]
        lines += [f'"{name}"=dword:{value:08x}' for name, value in self.registry_values().items()]
        return "\n".join(lines) + "\n"

    def _wait_for_process(self) -> int:
        assert self._launcher is not None
        group = self._launcher.pid

        def winemine_pid() -> int | None:
            for entry in os.listdir("/proc"):
                if entry.isdigit() and _group_of(int(entry)) == group:
                    with contextlib.suppress(OSError):
                        comm = Path(f"/proc/{entry}/comm").read_text().strip()
                        if comm.lower() == "winemine.exe" and _alive(int(entry)):
                            return int(entry)
            return None

        return self._wait(winemine_pid, "the winemine process")

    def _wait_for_window(self) -> int:
        def window() -> int | None:
            if not _alive(self.pid):
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


def _settings(level: str, columns: int | None, rows: int | None, mines: int | None) -> Level:
    if level != "custom":
        if level not in LEVELS:
            raise ValueError(f"level {level!r} is not one of {[*LEVELS, 'custom']}")
        if (columns, rows, mines) != (None, None, None):
            raise ValueError("columns, rows and mines are only for level='custom'")
        return LEVELS[level]
    if columns is None or rows is None or mines is None:
        raise ValueError("level='custom' needs columns, rows and mines")
    if not (MIN_COLUMNS <= columns <= MAX_COLUMNS and MIN_ROWS <= rows <= MAX_ROWS):
        raise ValueError(f"winemine boards are {MIN_COLUMNS}-{MAX_COLUMNS} columns by "
                         f"{MIN_ROWS}-{MAX_ROWS} rows, not {columns}x{rows}")
    most = (columns - 1) * (rows - 1)
    if not MIN_MINES <= mines <= most:
        raise ValueError(f"a {columns}x{rows} winemine board holds {MIN_MINES}-{most} mines")
    return Level(columns, rows, mines, CUSTOM_DIFFICULTY)


def default_prefix_parent() -> Path:
    """Where fresh prefixes go: /dev/shm if it has room (twice as fast), else the temp dir."""
    with contextlib.suppress(OSError):
        if os.access(TMPFS, os.W_OK) and shutil.disk_usage(TMPFS).free > 2 * PREFIX_BYTES:
            return TMPFS
    return Path(tempfile.gettempdir())


def _image_data_regions(pid: int) -> list[tuple[int, int]]:
    """The writable memory inside winemine.exe's image (its data and .bss)."""
    try:
        lines = Path(f"/proc/{pid}/maps").read_text().splitlines()
    except OSError as error:
        raise OracleError(f"cannot read the memory map of process {pid}: {error}") from error
    spans = [_span(line) for line in lines if line.lower().endswith("winemine.exe")]
    if not spans:
        raise OracleError(f"process {pid} has no winemine.exe image mapped")
    low, high = min(s for s, _ in spans), max(e for _, e in spans)
    regions = []
    for line in lines:
        start, end = _span(line)
        if low <= start and end <= high and line.split()[1].startswith("rw"):
            regions.append((start, end))
    return regions


def _span(line: str) -> tuple[int, int]:
    start, end = line.split(maxsplit=1)[0].split("-")
    return int(start, 16), int(end, 16)


def _read_memory(pid: int, address: int, size: int) -> bytes:
    try:
        with open(f"/proc/{pid}/mem", "rb", buffering=0) as memory:
            memory.seek(address)
            data = memory.read(size)
    except PermissionError as error:
        raise OracleError(
            f"no permission to read process {pid}'s memory: the oracle needs ptrace rights "
            "over winemine (same user and kernel.yama.ptrace_scope=0, or CAP_SYS_PTRACE)"
        ) from error
    except OSError as error:
        raise OracleError(f"cannot read process {pid}'s memory: {error}") from error
    if len(data) != size:
        raise OracleError(f"short read of process {pid}'s memory")
    return data


def _group_of(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return int(stat.read().rsplit(")", 1)[1].split()[2])
    except (OSError, ValueError, IndexError):
        return None


def _alive(pid: int) -> bool:
    """The process exists and is not a zombie."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False
