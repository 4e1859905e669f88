"""The board text format: the one place that parses and prints boards.

A board is a grid of cells, one character each (see docs/design.md, "The board text"):
``.`` unopened, ``F`` flagged, ``*`` a revealed mine, ``0``..``8`` an opened cell.
Internally a board is a small integer array so that the analyzer, recognizer and
simulator can work on it with numpy.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from sweeper.core.errors import SweeperError

UNOPENED = -1
FLAG = -2
MINE = -3

Cell = tuple[int, int]

# The longest board text read: a board of 10,000 cells (the analyzer's limit, a 100x100
# board) with room for "\r\n" after every row of a 1-wide one.
MAX_BOARD_TEXT = 30_000

_CHAR_TO_CODE = {".": UNOPENED, "F": FLAG, "*": MINE} | {str(n): n for n in range(9)}
_CODE_TO_CHAR = {code: char for char, code in _CHAR_TO_CODE.items()}


class BoardError(SweeperError, ValueError):
    """A board text that cannot be read; the message names the row and column."""


@dataclass(frozen=True)
class Board:
    """An immutable grid of cell codes (``UNOPENED``, ``FLAG``, ``MINE``, 0..8)."""

    cells: npt.NDArray[np.int8]

    def __post_init__(self) -> None:
        if self.cells.ndim != 2 or self.cells.size == 0:
            raise BoardError("a board needs at least one row and one column")
        self.cells.setflags(write=False)

    @property
    def height(self) -> int:
        return int(self.cells.shape[0])

    @property
    def width(self) -> int:
        return int(self.cells.shape[1])

    def __getitem__(self, cell: Cell) -> int:
        return int(self.cells[cell])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and np.array_equal(self.cells, other.cells)

    def __hash__(self) -> int:
        return hash(self.cells.tobytes()) ^ hash(self.cells.shape)

    def __str__(self) -> str:
        return format_board(self)

    def in_bounds(self, cell: Cell) -> bool:
        row, col = cell
        return 0 <= row < self.height and 0 <= col < self.width

    def neighbours(self, cell: Cell) -> Iterator[Cell]:
        """The up to eight cells around ``cell`` that lie on the board."""
        row, col = cell
        for d_row in (-1, 0, 1):
            for d_col in (-1, 0, 1):
                if (d_row or d_col) and self.in_bounds((row + d_row, col + d_col)):
                    yield (row + d_row, col + d_col)

    def cells_where(self, code: int) -> list[Cell]:
        """All cells holding ``code``, in row-major order."""
        return [(row, col) for row, col in np.argwhere(self.cells == code).tolist()]

    def count(self, code: int) -> int:
        """How many cells hold ``code``."""
        return int(np.count_nonzero(self.cells == code))

    @property
    def unrevealed(self) -> int:
        """How many cells may hold a mine: unopened, flagged or a mine shown."""
        return int(np.count_nonzero(self.cells < 0))

    @property
    def is_fresh(self) -> bool:
        """True when no cell has been opened or marked yet."""
        return bool(np.all(self.cells == UNOPENED))

    @classmethod
    def unopened(cls, height: int, width: int) -> Board:
        return cls(np.full((height, width), UNOPENED, dtype=np.int8))

    @classmethod
    def from_rows(cls, rows: list[list[int]]) -> Board:
        return cls(np.array(rows, dtype=np.int8))


def parse_board(text: str) -> Board:
    """Read board text; raise :class:`BoardError` naming the row and column at fault."""
    if not isinstance(text, str):
        raise BoardError(f"board text must be a string, not {type(text).__name__}")
    if len(text) > MAX_BOARD_TEXT:
        raise BoardError(
            f"the board text has {len(text)} characters; at most {MAX_BOARD_TEXT} are read"
        )
    lines = text.replace("\r\n", "\n").split("\n")
    while lines and lines[-1] == "":
        lines.pop()
    if not lines:
        raise BoardError("the board is empty: expected at least one row")
    width = len(lines[0])
    codes: list[list[int]] = []
    for row, line in enumerate(lines):
        if len(line) != width:
            raise BoardError(
                f"row {row} has {len(line)} cells but row 0 has {width}: "
                "all rows must have the same length"
            )
        codes.append([_char_code(char, row, col) for col, char in enumerate(line)])
    return Board(np.array(codes, dtype=np.int8))


def _char_code(char: str, row: int, col: int) -> int:
    try:
        return _CHAR_TO_CODE[char]
    except KeyError:
        raise BoardError(
            f"row {row}, column {col}: unknown cell character {char!r} "
            "(expected '.', 'F', '*' or a digit 0-8)"
        ) from None


def format_board(board: Board) -> str:
    """Print a board as text, one line per row, with a final newline."""
    return "".join("".join(_CODE_TO_CHAR[int(code)] for code in row) + "\n" for row in board.cells)
