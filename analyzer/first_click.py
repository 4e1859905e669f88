"""Where to open on an untouched board, per rules (measured with ``sweeper simulate``).

Under ``safe`` the first click only promises no mine, so a corner is best: it has the
fewest neighbours and is the likeliest to be a 0 (an opening). Under ``opening`` the
first click is always a 0, and a cell a little inside the board opens the largest area
while the opening's border stays short.
"""

from __future__ import annotations

from analyzer.board import UNOPENED, Board, Cell
from analyzer.rules import Rules

# rules -> how far from the top-left corner to click (row, col offsets, clamped to the board)
FIRST_CLICK_OFFSET: dict[Rules, tuple[int, int]] = {
    "safe": (0, 0),
    "opening": (2, 2),
}


def first_click(board: Board, rules: Rules) -> Cell | None:
    """The cell to open first: the unopened cell nearest the preferred one (flags avoided)."""
    row, col = FIRST_CLICK_OFFSET[rules]
    preferred = (min(row, board.height - 1), min(col, board.width - 1))
    unopened = board.cells_where(UNOPENED)
    if not unopened:
        return None
    return min(
        unopened,
        key=lambda cell: (abs(cell[0] - preferred[0]) + abs(cell[1] - preferred[1]), cell),
    )


def first_click_description(rules: Rules) -> str:
    """Where the first click goes, in words (for the move's reason)."""
    row, col = FIRST_CLICK_OFFSET[rules]
    if (row, col) == (0, 0):
        return "a corner"
    return f"{row} rows and {col} columns in from the corner"
