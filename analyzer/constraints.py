"""Step 1: read a board into mine constraints and check them for local contradictions.

Every opened number becomes a constraint over its unopened, unflagged neighbours: how
many mines they still hold once the flags and revealed mines (``F`` and ``*``, both
taken as mines) around it are counted. Unopened cells next to no number are
"off-frontier": only the total mine count says anything about them.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analyzer.board import FLAG, MINE, UNOPENED, Board, Cell
from analyzer.errors import AnalysisError, UnsatisfiableError, describe_cell

_MAX_LISTED_PROBLEMS = 5


@dataclass(frozen=True)
class NumberConstraint:
    """The opened number at ``cell``: exactly ``mines`` of ``unknowns`` are mines."""

    cell: Cell
    unknowns: tuple[Cell, ...]
    mines: int


@dataclass(frozen=True)
class Problem:
    """What the board says about its unopened, unflagged cells."""

    height: int
    width: int
    constraints: tuple[NumberConstraint, ...]  # only numbers that still touch unknowns
    unknowns: tuple[Cell, ...]  # every unopened, unflagged cell, row-major
    mines_left: int  # total mines minus the flags and revealed mines

    @property
    def frontier(self) -> set[Cell]:
        """Unknown cells next to at least one constraint."""
        return {cell for constraint in self.constraints for cell in constraint.unknowns}


def read_problem(board: Board, total_mines: int) -> Problem:
    """The constraints of ``board``; raise naming the cells if they contradict themselves."""
    if total_mines < 0:
        raise AnalysisError(f"total_mines must be 0 or more, not {total_mines}")
    cells = board.cells
    known_mines = int(np.count_nonzero((cells == FLAG) | (cells == MINE)))
    unknowns = tuple(board.cells_where(UNOPENED))
    _check_mine_count(total_mines, known_mines, len(unknowns), board.width * board.height)
    grid: list[list[int]] = cells.tolist()
    constraints: list[NumberConstraint] = []
    problems: list[str] = []
    for row, col in zip(*np.nonzero(cells >= 0), strict=True):
        cell = (int(row), int(col))
        constraint, problem = _number_constraint(grid, cell)
        if problem:
            problems.append(problem)
        elif constraint.unknowns:
            constraints.append(constraint)
    if problems:
        raise UnsatisfiableError(_join_problems(problems))
    return Problem(
        board.height, board.width, tuple(constraints), unknowns, total_mines - known_mines
    )


def _check_mine_count(total: int, known: int, unknown: int, size: int) -> None:
    if total > size:
        raise AnalysisError(f"total_mines {total} is more than the {size} cells of the board")
    if known > total:
        raise UnsatisfiableError(
            f"the board shows {known} flags and revealed mines but total_mines is only {total}"
        )
    if total - known > unknown:
        raise UnsatisfiableError(
            f"total_mines {total} leaves {total - known} mines after the {known} flags and "
            f"revealed mines, but only {unknown} cells are unopened"
        )


def _number_constraint(grid: list[list[int]], cell: Cell) -> tuple[NumberConstraint, str]:
    """The constraint of the number at ``cell`` and a description of what is wrong, if any."""
    row, col = cell
    number = grid[row][col]
    flagged = 0
    unknowns: list[Cell] = []
    for r in range(max(row - 1, 0), min(row + 2, len(grid))):
        line = grid[r]
        for c in range(max(col - 1, 0), min(col + 2, len(line))):
            code = line[c]
            if code in (FLAG, MINE):
                flagged += 1
            elif code == UNOPENED:
                unknowns.append((r, c))
    constraint = NumberConstraint(cell, tuple(unknowns), number - flagged)
    where = f"the {number} at {describe_cell(cell)}"
    if flagged > number:
        return constraint, f"{where} has {flagged} flagged or revealed mines around it"
    if number - flagged > len(unknowns):
        return constraint, (
            f"{where} needs {number - flagged} more mines but has only "
            f"{len(unknowns)} unopened neighbours"
        )
    return constraint, ""


def _join_problems(problems: list[str]) -> str:
    text = "; ".join(problems[:_MAX_LISTED_PROBLEMS])
    if len(problems) > _MAX_LISTED_PROBLEMS:
        text += f"; and {len(problems) - _MAX_LISTED_PROBLEMS} more such cells"
    return f"no mine placement fits the board: {text}"
