"""xbomb (Debian's Athena-widget Minesweeper) on an X display, with a truth oracle.

``Xbomb`` starts ``xbomb -square -LEVEL`` on a given display with its window at a given
place and stops it again. ``truth()`` reads the running game's own memory; it is for
tests and corpus recording only, the bot never uses it.

What a screen reader needs to know (measured with Debian's xbomb 2.2b-1+b1 on Xvfb, with
the xfonts-100dpi/75dpi fonts an ``xorg`` install brings):

- Look: a white form with the buttons Restart, Level, Game Type, Hi-Scores and Quit on
  top, the grid below, and two boxes under it: ``Time : N`` and ``UXB : N``. With
  ``-square`` the grid is 20 px cells in 2 px black lines; a hidden cell is a grey
  50 % stipple, an opened one white with its number in Lucida Sans bold 24 (the
  app-defaults' ``grid.font``), which is wider and taller than the cell: a digit spills
  into the next cell to the right and below where that cell is opened. A flag is a black
  flag on orange. Colours (app-defaults): 1 navy, 2 dark green, 3 dark red, 4 black,
  5 turquoise, 6 orange, 7 violet, 8 light green.
- The mine count: ``UXB`` (unexploded bombs) is the mines minus the flags.
- The first click is always safe (mines are placed after it, not under it) and opens
  the cells round it (it may open more).
- A game is won when every safe cell is open AND every mine is flagged: opening the last
  safe cell is not enough. Then the clock stops and shows milliseconds
  (``Time : 46.604``); the board stays as it was (all mines flagged). No dialog opens;
  the best times go to /var/games/xbomb.
- A loss uncovers the whole board: every number, every mine drawn as a black bomb on red;
  the cells the player had opened get green lines, the mine clicked and every correctly
  flagged mine a green box; a wrong flag is drawn as a blank white cell. The clock
  stops showing milliseconds.
- A new game: the Restart button or the ``s`` key; ``1``/``2``/``3`` change the level and
  start a new game when the level differs (keys go to the window under the pointer while
  no program holds the X focus).
- Levels: 1 is 8x8 with 10 mines, 2 is 16x16 with 40, 3 is 30x16 with 99.
- xbomb is setgid ``games``, so the kernel marks it not dumpable: reading its memory
  needs CAP_SYS_PTRACE (root), being the same user is not enough.
"""

from __future__ import annotations

import contextlib
import struct
import subprocess
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from sweeper.coordinator import start_group, stop_group
from sweeper.core import GameStatus, Rect, SweeperError, neighbour_sums
from sweeper.practice.display import require_program
from sweeper.practice.lifecycle import StartedInWith, T, wait_for
from sweeper.practice.process_memory import read_memory
from sweeper.practice.xinput import XInput

LEVELS = {1: (8, 8, 10), 2: (16, 16, 40), 3: (30, 16, 99)}  # columns, rows, mines
CELL = 20  # px, the square grid's pitch

# ------------------------------------------------------------ the game's memory

# xbomb's static data holds its level tables: mines, rows and columns per level (index 0
# unused). Everything else is found from there (offsets measured on Debian's amd64 build).
LEVEL_TABLE = struct.pack("<12i", 0, 10, 40, 99, 0, 8, 16, 16, 0, 8, 16, 30)
OFF_STATE = -4  # int: WAITING before the first click, PLAYING, OVER (won or lost)
OFF_FLAGS = 0x84C  # int: cells flagged
OFF_HIDDEN = 0x850  # int: cells not opened (flags included)
OFF_GRID = 0x86C  # one byte per cell, column after column
COLUMN_STRIDE = 30  # bytes from one column to the next
OFF_SIZE = 0x14DC  # ints: rows, columns, (unknown), mines of the game on the grid
SPAN = OFF_SIZE + 16 - OFF_STATE  # bytes read from the state on

WAITING, PLAYING, OVER = 4, 0, 1
# a cell's byte: the number of mines round it in the low bits, and these flags
HIDDEN, FLAGGED, MINE, MARKED = 0x40, 0x20, 0x10, 0x80  # MARKED: green box after a loss
COUNT = 0x0F



class XbombMemoryError(SweeperError, RuntimeError):
    """xbomb's memory could not be found or read, or did not make sense."""


# what reading xbomb's memory takes (said when it is refused)
PTRACE_RIGHTS = "xbomb is setgid, so the oracle needs CAP_SYS_PTRACE (run as root)"


@dataclass(frozen=True)
class XbombTruth:
    """xbomb's state as read from its memory.

    ``board`` is the board text of what the window draws (after a loss: every number,
    ``*`` for every mine, flagged or not, and ``0`` for a wrong flag, which xbomb draws
    as a blank white cell); ``mines`` the true layout (``*`` or the number of mines
    around), ``None`` until the first click places them.
    """

    board: str
    status: GameStatus
    started: bool
    mines: str | None
    columns: int
    rows: int
    mine_count: int
    flags: int

    def cell(self, row: int, col: int) -> str:
        """The character ``board`` shows for one cell."""
        return self.board.split("\n")[row][col]

    def mine_cells(self) -> set[tuple[int, int]]:
        """The cells holding a mine (empty before the first click)."""
        if self.mines is None:
            return set()
        return {(r, c) for r, line in enumerate(self.mines.split("\n"))
                for c, char in enumerate(line) if char == "*"}


def find_tables(memory: bytes) -> int | None:
    """Offset of the level tables in a block of memory, or ``None``."""
    at = memory.find(LEVEL_TABLE)
    return at if at >= 0 else None


def decode(memory: bytes) -> XbombTruth:
    """The game in ``memory``, read from the state field on (``SPAN`` bytes).

    Raises ``XbombMemoryError`` when the fields contradict each other (a torn or wrong read).
    """
    base = -OFF_STATE
    state = _int(memory, 0)
    rows, columns = _int(memory, base + OFF_SIZE), _int(memory, base + OFF_SIZE + 4)
    mine_count = _int(memory, base + OFF_SIZE + 12)
    if (columns, rows, mine_count) not in LEVELS.values() or state not in (
        WAITING, PLAYING, OVER,
    ):
        raise XbombMemoryError(f"no xbomb game here: state {state}, {columns}x{rows}/{mine_count}")
    cells = _cells(memory, base, rows, columns)
    started = state != WAITING
    _check(cells, memory, base, started=started, state=state, mine_count=mine_count)
    is_mine = (cells & MINE) > 0
    lost = state == OVER and bool((is_mine & ((cells & HIDDEN) == 0)).any())
    status: GameStatus = "lost" if lost else "won" if state == OVER else "playing"
    return XbombTruth(
        board=_drawn_board(cells, lost), status=status, started=started,
        mines=_layout(cells) if started else None, columns=columns, rows=rows,
        mine_count=mine_count, flags=_int(memory, base + OFF_FLAGS),
    )


def _int(memory: bytes, offset: int) -> int:
    value: int = struct.unpack_from("<i", memory, offset)[0]
    return value


def _cells(memory: bytes, base: int, rows: int, columns: int) -> npt.NDArray[np.uint8]:
    """The cell bytes as [row][column]."""
    raw = np.frombuffer(memory, dtype=np.uint8, count=columns * COLUMN_STRIDE,
                        offset=base + OFF_GRID)
    return raw.reshape(columns, COLUMN_STRIDE)[:, :rows].T.copy()


def _check(cells: npt.NDArray[np.uint8], memory: bytes, base: int, *, started: bool,
           state: int, mine_count: int) -> None:
    """Raise ``XbombMemoryError`` unless the cells agree with the mine, flag and hidden counts."""
    is_mine = (cells & MINE) > 0
    placed = int(is_mine.sum())
    if placed != (mine_count if started else 0):
        raise XbombMemoryError(f"{placed} mines in memory, expected {mine_count if started else 0}")
    if started and not np.array_equal(neighbour_sums(is_mine) * ~is_mine, cells & COUNT):
        raise XbombMemoryError("the cells' mine counts do not match the mines")
    if state != OVER and _int(memory, base + OFF_HIDDEN) != int(((cells & HIDDEN) > 0).sum()):
        raise XbombMemoryError("the hidden-cell count does not match the cells")
    if _int(memory, base + OFF_FLAGS) != int(((cells & FLAGGED) > 0).sum()):
        raise XbombMemoryError("the flag count does not match the cells")


def _drawn_board(cells: npt.NDArray[np.uint8], lost: bool) -> str:
    lines = []
    for row in cells:
        line = []
        for value in map(int, row):
            if lost and value & MINE:
                line.append("*")
            elif lost and value & FLAGGED:
                line.append("0")  # a wrong flag: xbomb draws it as a blank white cell
            elif value & HIDDEN:
                line.append("F" if value & FLAGGED else ".")
            else:
                line.append(str(value & COUNT))
        lines.append("".join(line))
    return "\n".join(lines)


def _layout(cells: npt.NDArray[np.uint8]) -> str:
    return "\n".join("".join("*" if value & MINE else str(value & COUNT) for value in map(int, row))
                     for row in cells)


# ------------------------------------------------------------ the running game


class Xbomb(StartedInWith):
    """``xbomb -square -LEVEL`` on the display named in ``env["DISPLAY"]``; a context
    manager. ``position`` is where the window's top-left corner goes (``-geometry``)."""

    def __init__(self, env: Mapping[str, str], *, level: int = 3,
                 position: tuple[int, int] = (40, 40), timeout_s: float = 20.0) -> None:
        if "DISPLAY" not in env:
            raise ValueError("env needs DISPLAY")
        if level not in LEVELS:
            raise ValueError(f"xbomb's levels are {sorted(LEVELS)}, not {level}")
        self.env = dict(env)
        self.level = level
        self.position = position
        self.timeout_s = timeout_s
        self.pid = 0
        self.window_id = 0
        self._process: subprocess.Popen[bytes] | None = None
        self._xinput: XInput | None = None
        self._address: int | None = None

    def start(self) -> Xbomb:
        """Start xbomb and wait for its window and its board in memory."""
        program = require_program("xbomb")
        left, top = self.position
        args = [program, "-square", f"-{self.level}", "-geometry", f"+{left}+{top}"]
        self._process = start_group(args, self.env)
        self.pid = self._process.pid
        try:
            self.window_id = self._wait(self._find_window, "xbomb's window")
            self._wait(lambda: self._read(retries=1), "xbomb's board in memory")
        except BaseException:
            self.stop()
            raise
        return self

    def stop(self) -> None:
        """Stop xbomb; safe to call more than once."""
        if self._process is not None:
            stop_group(self._process, timeout_s=2)
            self._process = None
        self._address = None

    @property
    def xinput(self) -> XInput:
        if self._xinput is None:
            self._xinput = XInput(self.env)
        return self._xinput

    # ------------------------------------------------------------ the window

    @property
    def rect(self) -> Rect:
        """The whole xbomb window on the screen."""
        return self.xinput.window_rect(self.window_id)

    def grid_rect(self) -> Rect:
        """The grid (the cells, without the frame) on the screen."""
        truth = self.truth()
        width, height = truth.columns * CELL, truth.rows * CELL
        for rect in _inner_windows(self.env["DISPLAY"], self.window_id):
            if (rect.width, rect.height) == (width, height):
                return rect
        raise RuntimeError(f"no {width}x{height} grid window inside xbomb's window")

    def cell_center(self, row: int, col: int) -> tuple[int, int]:
        """The screen point at the centre of a cell."""
        grid = self.grid_rect()
        return grid.left + col * CELL + CELL // 2, grid.top + row * CELL + CELL // 2

    def click_cell(self, row: int, col: int, button: str = "left") -> XbombTruth:
        """A real X click on a cell; returns the truth once xbomb has handled it."""
        before = self.truth()
        self.xinput.click(self.cell_center(row, col), button)
        with contextlib.suppress(TimeoutError):
            self._wait(lambda: self.truth() != before, "xbomb to take the click", 2.0)
        time.sleep(0.05)  # the drawing follows the memory
        return self.truth()

    def new_game(self) -> XbombTruth:
        """The ``s`` key, to the window under the pointer (the pointer is moved onto the
        grid first). Waits for the fresh board."""
        self.xinput.focus_follows_pointer()
        grid = self.grid_rect()
        self.xinput.move((grid.left + grid.width // 2, grid.top + grid.height // 2))
        self.xinput.key("s")
        self._wait(lambda: not self.truth().started, "a new game after s")
        return self.truth()

    # ------------------------------------------------------------ the oracle

    def truth(self) -> XbombTruth:
        """The board as the window shows it, the status and the true mines (tests only)."""
        truth = self._read(retries=5)
        if truth is None:
            raise XbombMemoryError(f"no xbomb game found in the memory of process {self.pid}")
        return truth

    def _read(self, retries: int) -> XbombTruth | None:
        last_error: XbombMemoryError | None = None
        for attempt in range(retries):
            if attempt:
                time.sleep(0.02)
            try:
                if self._address is None:
                    self._address = self._find_address()
                    if self._address is None:
                        continue
                return decode(read_memory(self.pid, self._address + OFF_STATE, SPAN,
                                          needs=PTRACE_RIGHTS, error=XbombMemoryError))
            except XbombMemoryError as error:
                last_error = error
        if last_error is not None and retries > 1:
            raise last_error
        return None

    def _find_address(self) -> int | None:
        for start, end in _data_regions(self.pid):
            at = find_tables(read_memory(self.pid, start, end - start, needs=PTRACE_RIGHTS,
                                         error=XbombMemoryError))
            if at is not None:
                return start + at
        return None

    # ------------------------------------------------------------ helpers

    def _find_window(self) -> int | None:
        if self._process is not None and self._process.poll() is not None:
            raise RuntimeError(f"xbomb exited ({self._process.returncode}) before its window")
        try:
            found = self.xinput.run("search", "--onlyvisible", "--classname", "^xbomb$")
        except RuntimeError:  # nothing found yet
            return None
        windows = [int(word) for word in found.split()]
        return windows[0] if windows else None


    def _wait(self, probe: Callable[[], T | None], what: str,
              timeout_s: float | None = None) -> T:
        """Poll ``probe`` until it returns something true; ``TimeoutError`` after a while."""
        return wait_for(probe, what, self.timeout_s if timeout_s is None else timeout_s, 0.03)


def _inner_windows(display_name: str, window_id: int) -> list[Rect]:
    """Where every window inside ``window_id`` is on the screen (inside its border)."""
    from Xlib import display

    connection = display.Display(display_name)
    try:
        root = connection.screen().root
        found: list[Rect] = []
        pending = [connection.create_resource_object("window", window_id)]
        while pending:
            for child in pending.pop().query_tree().children:
                size = child.get_geometry()
                corner = child.translate_coords(root, 0, 0)
                found.append(Rect(left=-corner.x, top=-corner.y, width=size.width,
                                  height=size.height))
                pending.append(child)
        return found
    finally:
        connection.close()


def _data_regions(pid: int) -> list[tuple[int, int]]:
    """The writable mappings of the xbomb executable (its data)."""
    try:
        lines = Path(f"/proc/{pid}/maps").read_text().splitlines()
    except OSError as error:
        raise XbombMemoryError(f"cannot read the memory map of process {pid}: {error}") from error
    regions = []
    for line in lines:
        fields = line.split()
        if fields[1].startswith("rw") and len(fields) > 5 and fields[5].endswith("/xbomb"):
            start, end = (int(part, 16) for part in fields[0].split("-"))
            regions.append((start, end))
    return regions
