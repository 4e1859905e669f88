"""Which proven-safe cells need a press: the others open by themselves.

Opening a 0 opens its eight neighbours, and a neighbour that is a 0 goes on opening
(the cascade every classic Minesweeper has). A cell is certainly a 0 when every one of
its neighbours is open or proven safe, so of a group of such touching cells one press
opens the whole group and every cell around it. Fewer presses make a turn quicker on a
game that redraws itself after each one. A game without the cascade only costs a turn:
the cells not pressed are still unopened next time and proven safe again.
"""

from __future__ import annotations

from collections.abc import Collection

from sweeper.core import UNOPENED, Board, Cell


def cells_to_press(board: Board, safe: Collection[Cell]) -> list[Cell]:
    """The cells of ``safe`` (unopened, proven safe on ``board``) that must be pressed
    for all of ``safe`` to open: one per group of touching certain 0s, and every safe
    cell no pressed 0 opens. The 0s come first, each group led by its first cell."""
    proven = set(safe)
    zeros = {cell for cell in proven if _certain_zero(board, cell, proven)}
    pressed: list[Cell] = []
    opened: set[Cell] = set()
    for cell in sorted(zeros):
        if cell not in opened:
            pressed.append(cell)
            opened |= _cascade(board, cell, zeros)
    pressed += sorted(cell for cell in proven - zeros if cell not in opened)
    return pressed


def _certain_zero(board: Board, cell: Cell, proven: set[Cell]) -> bool:
    """Whether every neighbour of ``cell`` is open or proven safe: then it shows a 0."""
    return all(board[other] >= 0 or other in proven for other in board.neighbours(cell))


def _cascade(board: Board, start: Cell, zeros: set[Cell]) -> set[Cell]:
    """The cells a press on the certain 0 ``start`` opens: the touching certain 0s and
    all their neighbours still unopened."""
    reached: set[Cell] = {start}
    pending = [start]
    while pending:
        cell = pending.pop()
        for other in board.neighbours(cell):
            if other in reached or board[other] != UNOPENED:
                continue
            reached.add(other)
            if other in zeros:
                pending.append(other)
    return reached
