"""The standard board sizes, said once: beginner, intermediate and expert."""

from __future__ import annotations

# name -> (width, height, mines)
DIFFICULTIES: dict[str, tuple[int, int, int]] = {
    "beginner": (9, 9, 10),
    "intermediate": (16, 16, 40),
    "expert": (30, 16, 99),
}
# (rows, cols) -> mines: the mine count of a board of a standard size
STANDARD_MINES: dict[tuple[int, int], int] = {
    (height, width): mines for width, height, mines in DIFFICULTIES.values()
}
