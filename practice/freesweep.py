"""freesweep (a curses Minesweeper) in tmux in an xterm on an X display, with its truth.

``Freesweep`` starts ``xterm -e tmux ... freesweep`` on a given display with the window at
a given place, in a temporary home (freesweep's preferences and best times go there) and
with a tmux server of its own (a socket in that home). ``truth()`` reads the game's own
text off the terminal (``tmux capture-pane``); it is for tests and corpus recording only.
Keys go in through ``tmux send-keys``, as typed into the terminal.

What a screen reader needs to know (measured with Debian's freesweep 1.0.2 in xterm 379
with its default ``fixed`` 6x13 font, colour on):

- Look: white-on-black text. The board is framed with ``+---+`` and ``|``; each cell is
  three characters wide and one line high (18x13 px): `` - `` a hidden cell, blank an
  opened 0, a digit (1 blue, 2 cyan, 3 green, ...), ``#`` a flag. The cursor is drawn as
  angle brackets round the cell it is on (``<->``, ``< >``, ``<2>``), always somewhere.
  Right of the board a panel shows the title, ``Time: Ns``, ``Loc: col, row``,
  ``Mines: N``, ``Marks: N`` and ``Percentage``.
- The mine count: ``Mines`` is the number of mines (it does not go down with flags);
  ``Marks`` counts the flags.
- A loss shows every mine as ``o``, the one stepped on as a red ``*``, and a message box
  under the board: ``BOOM! Any key to continue, 'q' to quit.``; a key starts a new game.
  A win shows ``You Win! Press a key to continue.`` there.
- A new game: the ``n`` key (or any key after the game's end).
- Keys: arrows or h/j/k/l move the cursor, space opens, ``f`` flags, a number before a key
  repeats it.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from sweeper.coordinator import start_group, stop_group
from sweeper.core import GameStatus, Rect, SweeperError
from sweeper.practice.display import require_program
from sweeper.practice.lifecycle import StartedInWith, T, wait_for
from sweeper.practice.xinput import XInput

TERMINAL = (120, 24)  # columns, lines: the board of 30 columns and the panel fit
SESSION = "freesweep"
# what freesweep draws for a cell -> the board text's character
CELL_CHARS = {"-": ".", " ": "0", "#": "F", "o": "*", "*": "*"} | {
    str(n): str(n) for n in range(1, 9)}
LOST_MESSAGE, WON_MESSAGE = "BOOM!", "You Win!"



class ScreenTextError(SweeperError, RuntimeError):
    """The terminal does not show a freesweep board that can be read."""


@dataclass(frozen=True)
class FreesweepTruth:
    """The game as the terminal shows it: the board text, the status, the cursor."""

    board: str
    status: GameStatus
    cursor: tuple[int, int]  # row, column
    mine_count: int
    flags: int
    screen: str  # the whole terminal text

    def cell(self, row: int, col: int) -> str:
        """The character ``board`` shows for one cell."""
        return self.board.split("\n")[row][col]


def parse_screen(text: str, rows: int, columns: int) -> FreesweepTruth:
    """Read freesweep's text: the framed board at the top left, the panel, the message."""
    lines = text.split("\n")
    if len(lines) < rows + 2 or not lines[0].startswith("+" + "-" * (3 * columns) + "+"):
        raise ScreenTextError("no freesweep board at the top of the terminal")
    board, cursor = [], None
    for row in range(rows):
        line = lines[1 + row].ljust(3 * columns + 2)
        if line[0] != "|" or line[3 * columns + 1] != "|":
            raise ScreenTextError(f"row {row} is not framed: {line[:3 * columns + 2]!r}")
        cells = ""
        for col in range(columns):
            char = line[2 + 3 * col]
            if (line[1 + 3 * col], line[3 + 3 * col]) == ("<", ">"):
                cursor = (row, col)
            if char not in CELL_CHARS:
                raise ScreenTextError(f"row {row}, column {col}: unknown cell {char!r}")
            cells += CELL_CHARS[char]
        board.append(cells)
    if cursor is None:
        raise ScreenTextError("no cursor on the board")
    status: GameStatus = ("lost" if LOST_MESSAGE in text else "won" if WON_MESSAGE in text
                          else "playing")
    return FreesweepTruth(board="\n".join(board), status=status, cursor=cursor,
                          mine_count=_panel_number(text, "Mines:"),
                          flags=_panel_number(text, "Marks:"), screen=text)


def _panel_number(text: str, label: str) -> int:
    at = text.find(label)
    if at < 0:
        raise ScreenTextError(f"no {label!r} in the panel")
    return int(text[at + len(label):].split(maxsplit=1)[0])


class Freesweep(StartedInWith):
    """freesweep in tmux in an xterm on the display named in ``env["DISPLAY"]``; a
    context manager. ``position`` is where the xterm window's top-left corner goes;
    ``font`` a TrueType family and point size for xterm (``-fa``/``-fs``), else xterm's
    default bitmap font."""

    def __init__(self, env: Mapping[str, str], *, columns: int = 30, rows: int = 16,
                 mines: int = 99, position: tuple[int, int] = (40, 40),
                 font: tuple[str, int] | None = None, timeout_s: float = 20.0) -> None:
        if "DISPLAY" not in env:
            raise ValueError("env needs DISPLAY")
        self.env = dict(env)
        self.columns, self.rows, self.mines = columns, rows, mines
        self.position = position
        self.font = font
        self.timeout_s = timeout_s
        self.home: Path | None = None
        self.window_id = 0
        self._process: subprocess.Popen[bytes] | None = None
        self._xinput: XInput | None = None

    def start(self) -> Freesweep:
        """Write the preferences, start the xterm and wait for the board."""
        xterm, tmux = require_program("xterm"), require_program("tmux")
        game = require_program("freesweep")
        self.home = Path(tempfile.mkdtemp(prefix="sweeper-freesweep-"))
        (self.home / ".sweeprc").write_text(
            f"Height={self.rows}\nWidth={self.columns}\nMines={self.mines}\n"
            "FastStart=1\nColor=1\nLineDraw=0\nAlert=None\n")
        (self.home / "tmux.conf").write_text("set -g status off\n")
        left, top = self.position
        title = f"freesweep-{self.home.name}"
        args = [xterm, "-T", title, "-geometry", f"{TERMINAL[0]}x{TERMINAL[1]}+{left}+{top}"]
        if self.font is not None:
            args += ["-fa", self.font[0], "-fs", str(self.font[1])]
        args += ["-e", tmux, "-S", str(self.socket), "-f", str(self.home / "tmux.conf"),
                "new-session", "-s", SESSION, game]
        self._process = start_group(args, {**self.env, "HOME": str(self.home)})
        try:
            self.window_id = self._wait(lambda: self._find_window(title), "the xterm window")
            self._wait(self._read, "freesweep's board")
        except BaseException:
            self.stop()
            raise
        return self

    def stop(self) -> None:
        """Stop tmux, freesweep and the xterm; remove the home. Safe to call twice."""
        if self.home is not None and self.socket.exists():
            subprocess.run([require_program("tmux"), "-S", str(self.socket), "kill-server"],
                           capture_output=True, timeout=10, check=False)
        if self._process is not None:
            stop_group(self._process, timeout_s=2)
            self._process = None
        if self.home is not None:
            shutil.rmtree(self.home, ignore_errors=True)
            self.home = None

    @property
    def socket(self) -> Path:
        if self.home is None:
            raise RuntimeError("freesweep is not running")
        return self.home / "tmux.socket"

    @property
    def xinput(self) -> XInput:
        if self._xinput is None:
            self._xinput = XInput(self.env)
        return self._xinput

    @property
    def rect(self) -> Rect:
        """The xterm window on the screen."""
        shell = self.xinput.run("getwindowgeometry", "--shell", str(self.window_id))
        values = dict(line.split("=", 1) for line in shell.split() if "=" in line)
        return Rect(left=int(values["X"]), top=int(values["Y"]),
                    width=int(values["WIDTH"]), height=int(values["HEIGHT"]))

    # ------------------------------------------------------------ playing

    def keys(self, *names: str) -> None:
        """Type keys into the game (tmux key names: ``Space``, ``f``, ``j``, ...)."""
        self._tmux("send-keys", "-t", SESSION, *names)

    def act(self, row: int, col: int, key: str = "Space") -> FreesweepTruth:
        """Move the cursor to a cell and press ``key`` there (Space opens, ``f`` flags);
        returns the truth once the board or the status has changed. Opening a cell that
        is open already (a cascade got there first) does nothing."""
        before = self.truth()
        if key == "Space" and before.cell(row, col) != ".":
            return before
        down, right = row - before.cursor[0], col - before.cursor[1]
        moves = ["j" if down > 0 else "k"] * abs(down) + ["l" if right > 0 else "h"] * abs(right)
        self.keys(*moves)
        self._wait(lambda: self.truth().cursor == (row, col), f"the cursor on {(row, col)}")
        self.keys(key)
        self._wait(lambda: self._changed(before), f"{key} on {(row, col)} to show", 3.0)
        return self.truth()

    def new_game(self) -> FreesweepTruth:
        """``n`` (or, after a game's end, the key that continues). Waits for a fresh board."""
        ended = self.truth().status != "playing"
        self.keys("x" if ended else "n")
        self._wait(lambda: set(self.truth().board) <= {".", "\n"}, "a fresh board")
        return self.truth()

    # ------------------------------------------------------------ the truth

    def screen_text(self) -> str:
        """The terminal's text as tmux keeps it."""
        return self._tmux("capture-pane", "-p", "-t", SESSION)

    def truth(self, retries: int = 10) -> FreesweepTruth:
        """The board, status and cursor the terminal shows. A screen caught while
        freesweep redraws it is read again a moment later."""
        for _ in range(retries - 1):
            try:
                return parse_screen(self.screen_text(), self.rows, self.columns)
            except ScreenTextError:
                time.sleep(0.02)
        return parse_screen(self.screen_text(), self.rows, self.columns)

    def _read(self) -> FreesweepTruth | None:
        try:
            return self.truth()
        except (ScreenTextError, RuntimeError):
            return None

    def _changed(self, before: FreesweepTruth) -> bool:
        now = self.truth()
        return (now.board, now.status) != (before.board, before.status)

    # ------------------------------------------------------------ helpers

    def _tmux(self, *args: str) -> str:
        done = subprocess.run([require_program("tmux"), "-S", str(self.socket), *args],
                              capture_output=True, text=True, timeout=10, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"tmux {' '.join(args)} failed: {done.stderr.strip()}")
        return done.stdout

    def _find_window(self, title: str) -> int | None:
        if self._process is not None and self._process.poll() is not None:
            raise RuntimeError(f"xterm exited ({self._process.returncode}) before its window")
        try:
            found = self.xinput.run("search", "--onlyvisible", "--name", f"^{title}$")
        except RuntimeError:
            return None
        windows = [int(word) for word in found.split()]
        return windows[0] if windows else None

    def _wait(self, probe: Callable[[], T | None], what: str,
              timeout_s: float | None = None) -> T:
        """Poll ``probe`` until it returns something true; ``TimeoutError`` after a while."""
        return wait_for(probe, what, self.timeout_s if timeout_s is None else timeout_s, 0.03)
