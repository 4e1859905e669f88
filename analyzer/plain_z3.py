"""The definition of a certain cell, checked literally: two Z3 checks per unopened cell.

One Boolean per unopened, unflagged cell, every number as an exact count over its
neighbours (flags and revealed mines counted as mines), and the total mine count over
all of them. A cell is certainly safe when "it is a mine" is unsat, certainly a mine when
"it is safe" is unsat. No shortcuts: this is the reference the tests hold the analyzer
to and the baseline its benchmark measures.
"""

from __future__ import annotations

import numpy as np
import z3

from sweeper.analyzer.cell_solver import Z3_LOCK, CellSolver
from sweeper.analyzer.errors import UnsatisfiableError
from sweeper.core import FLAG, MINE, UNOPENED, Board, Cell


def plain_certain_cells(board: Board, total_mines: int) -> tuple[set[Cell], set[Cell]]:
    """(safe, mines) among the unopened, unflagged cells, by two Z3 checks per cell."""
    unknowns = board.cells_where(UNOPENED)
    with Z3_LOCK:
        solver = CellSolver(unknowns)
        for row, col in np.argwhere(board.cells >= 0).tolist():
            neighbours = list(board.neighbours((row, col)))
            known = sum(board[cell] in (FLAG, MINE) for cell in neighbours)
            hidden = [cell for cell in neighbours if board[cell] == UNOPENED]
            solver.add(solver.exactly(hidden, board[row, col] - known))
        known_mines = len(board.cells_where(FLAG)) + len(board.cells_where(MINE))
        solver.add(solver.exactly(unknowns, total_mines - known_mines))
        if not solver.is_satisfiable():
            raise UnsatisfiableError("no mine placement fits the board")
        safe: set[Cell] = set()
        mines: set[Cell] = set()
        for cell in unknowns:
            is_mine = solver.mine[cell]
            if not solver.is_satisfiable(is_mine):
                safe.add(cell)
            if not solver.is_satisfiable(z3.Not(is_mine)):
                mines.add(cell)
        return safe, mines
