"""winemine's truth oracle: the game's state read from its own memory (tests and corpus
recording only; the bot never uses it).

winemine keeps one static BOARD structure; :func:`find_board` finds it in a block of the
process's memory by its geometry fields, :func:`decode_board` reads the cells as the window
draws them, and :class:`BoardInMemory` reads it from the running process's memory through
``/proc`` (which needs ptrace rights over it).
"""

from __future__ import annotations

import struct
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from sweeper.core import GameStatus, SweeperError
from sweeper.practice.process_memory import read_memory
from sweeper.practice.winemine_layout import (
    CELL,
    CELLS_LEFT,
    CELLS_TOP,
    FACE_SIZE,
    MAX_COLUMNS,
    MAX_ROWS,
    MIN_COLUMNS,
    MIN_MINES,
    MIN_ROWS,
)

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


class OracleError(SweeperError, RuntimeError):
    """winemine's memory could not be found or read, or did not make sense."""


# what reading winemine's memory takes (said when it is refused)
PTRACE_RIGHTS = ("the oracle needs ptrace rights over winemine (same user and "
                 "kernel.yama.ptrace_scope=0, or CAP_SYS_PTRACE)")


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
        if geometry_agrees(memory, at):
            return at
    return None


def geometry_agrees(memory: bytes, at: int) -> bool:
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


class BoardInMemory:
    """winemine's BOARD structure in the memory of process ``pid``: where it lies is found
    once, and looked for again when what lies there stops making sense."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self._address: int | None = None

    def read(self, retries: int) -> WinemineTruth | None:
        """The game's state, or None if no board was found in ``retries`` tries (a torn
        read is tried again; the last error is raised if every try failed with one)."""
        last_error: OracleError | None = None
        for attempt in range(retries):
            if attempt:
                time.sleep(0.02)
            try:
                if self._address is None:
                    self._address = self._find_address()
                    if self._address is None:
                        continue
                memory = read_memory(self.pid, self._address, BOARD_BYTES,
                                     needs=PTRACE_RIGHTS, error=OracleError)
                if not geometry_agrees(memory, 0):
                    self._address = None
                    continue
                return decode_board(memory, 0)
            except OracleError as error:
                last_error = error
        if last_error is not None:
            raise last_error
        return None

    def _find_address(self) -> int | None:
        for start, end in image_data_regions(self.pid):
            memory = read_memory(self.pid, start, end - start, needs=PTRACE_RIGHTS,
                                 error=OracleError)
            at = find_board(memory)
            if at is not None:
                return start + at
        return None


def image_data_regions(pid: int) -> list[tuple[int, int]]:
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
