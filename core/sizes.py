"""The standard board sizes, said once: beginner, intermediate and expert."""

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
# (rows, cols) -> mines: the mine count of a board of a standard size
STANDARD_MINES: dict[tuple[int, int], int] = {
    (size.height, size.width): size.mines for size in DIFFICULTIES.values()
}


def mine_count(rows: int, cols: int, given: int | None = None) -> int | None:
    """A game's mine count: ``given``, else the standard one of a ``rows`` x ``cols`` board
    (None for a size that is not standard)."""
    return given if given is not None else STANDARD_MINES.get((rows, cols))
