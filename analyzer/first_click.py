"""Where to open on an untouched board, per rules and board size.

Under ``safe`` the first click only promises no mine, so a corner is best: it has the
fewest neighbours and is the likeliest to be a 0 (an opening). Under ``opening`` the
first click is always a 0, and a cell a little inside the board opens the largest area
while the opening's border stays short: two cells in from the corner on beginner and
intermediate boards, three on expert-sized ones. These choices agree with our own runs
of ``sweeper simulate`` and with published per-cell win rates of exhaustive solvers
measured on 10^8 games per board (see docs/measurements.md, "Win rate").
"""

from __future__ import annotations

from sweeper.core import UNOPENED, Board, Cell, Rules

# Boards with at least this many cells count as large (expert is 480, intermediate 256).
LARGE_BOARD_CELLS = 400
# (rules, large board?) -> how far from the top-left corner to click (clamped to the board)
FIRST_CLICK_OFFSET: dict[tuple[Rules, bool], int] = {
    ("safe", False): 0,
    ("safe", True): 0,
    ("opening", False): 2,
    ("opening", True): 3,
}


def first_click(board: Board, rules: Rules) -> Cell | None:
    """The cell to open first: the unopened cell nearest the preferred one (flags avoided)."""
    offset = first_click_offset(board, rules)
    preferred = (min(offset, board.height - 1), min(offset, board.width - 1))
    unopened = board.cells_where(UNOPENED)
    if not unopened:
        return None
    return min(
        unopened,
        key=lambda cell: (abs(cell[0] - preferred[0]) + abs(cell[1] - preferred[1]), cell),
    )


def first_click_offset(board: Board, rules: Rules) -> int:
    """How many rows and columns in from the top-left corner the first click goes."""
    large = board.height * board.width >= LARGE_BOARD_CELLS
    return FIRST_CLICK_OFFSET[(rules, large)]


def first_click_description(board: Board, rules: Rules) -> str:
    """Where the first click goes, in words (for the move's reason)."""
    offset = first_click_offset(board, rules)
    if offset == 0:
        return "a corner"
    return f"{offset} rows and {offset} columns in from the corner"
