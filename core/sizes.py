"""The standard board sizes, said once: beginner, intermediate and expert, and the web's
three levels after Google's, and the expert board turned upright."""

from __future__ import annotations

from typing import NamedTuple


class BoardSize(NamedTuple):
    """A board's width and height in cells and its mine count; unpacks as ``w, h, mines``."""

    width: int
    height: int
    mines: int


BEGINNER = BoardSize(9, 9, 10)
INTERMEDIATE = BoardSize(16, 16, 40)
EXPERT = BoardSize(30, 16, 99)

DIFFICULTIES: dict[str, BoardSize] = {
    "beginner": BEGINNER,
    "intermediate": INTERMEDIATE,
    "expert": EXPERT,
}
# the levels of Google's Minesweeper (easy, medium, hard), which many web games copy
WEB_LEVELS = (BoardSize(10, 8, 10), BoardSize(18, 14, 40), BoardSize(24, 20, 99))
# the expert board turned upright, as games laid out for a tall window draw it
TURNED = (BoardSize(EXPERT.height, EXPERT.width, EXPERT.mines),)
# (rows, cols) -> mines: the mine count of a board of a standard size
STANDARD_MINES: dict[tuple[int, int], int] = {
    (size.height, size.width): size.mines for size in (*DIFFICULTIES.values(), *WEB_LEVELS, *TURNED)
}


def mine_count(rows: int, cols: int, given: int | None = None) -> int | None:
    """A game's mine count: ``given``, else the standard one of a ``rows`` x ``cols`` board
    (None for a size that is not standard)."""
    return given if given is not None else STANDARD_MINES.get((rows, cols))
