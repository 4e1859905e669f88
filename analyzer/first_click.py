"""Where to open on an untouched board, per rules (measured with ``sweeper simulate``).

Under ``safe`` the first click only promises no mine, so a corner is best: it has the
fewest neighbours and is the likeliest to be a 0 (an opening). Under ``opening`` the
first click is always a 0, and a cell a little inside the board opens the largest area
while the opening's border stays short.
"""

from __future__ import annotations

from analyzer.board import Cell
from analyzer.rules import Rules

# rules -> how far from the top-left corner to click (row, col offsets, clamped to the board)
FIRST_CLICK_OFFSET: dict[Rules, tuple[int, int]] = {
    "safe": (0, 0),
    "opening": (2, 2),
}


def first_click(height: int, width: int, rules: Rules) -> Cell:
    """The cell to open first on an untouched ``height`` x ``width`` board."""
    row, col = FIRST_CLICK_OFFSET[rules]
    return min(row, height - 1), min(col, width - 1)
