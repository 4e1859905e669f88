"""What winemine is, as a screen and its settings show it: its levels and their limits, the
registry key it reads them from, and its window's geometry (see :mod:`~practice.winemine`
for how it was measured)."""

from __future__ import annotations

from dataclasses import dataclass

from sweeper.core import BEGINNER, EXPERT, INTERMEDIATE

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


def settings(level: str, columns: int | None, rows: int | None, mines: int | None) -> Level:
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
