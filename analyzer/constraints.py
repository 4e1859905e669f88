"""Step 1: read a board into mine constraints and check them for local contradictions.

Every opened number becomes a constraint over its unopened, unflagged neighbours: how
many mines they still hold once the flags and revealed mines (``F`` and ``*``, both
taken as mines) around it are counted. Unopened cells next to no number are
"off-frontier": only the total mine count says anything about them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from sweeper.analyzer.errors import AnalysisError, UnsatisfiableError, describe_cell
from sweeper.core import (
    FLAG,
    MINE,
    UNOPENED,
    Board,
    Cell,
    cell_table,
    flat_neighbour_table,
    neighbour_sums,
)

_MAX_LISTED_PROBLEMS = 5


class NumberConstraint(NamedTuple):
    """The opened number at ``cell``: exactly ``mines`` of ``unknowns`` are mines (a named
    tuple: a board makes hundreds of them and every look-ahead reveal more)."""

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
    height, width = cells.shape
    table = cell_table(height, width)
    known_mines = int(np.count_nonzero((cells == FLAG) | (cells == MINE)))
    is_unknown = cells == UNOPENED
    unknowns = _cells_at(table, is_unknown)
    _check_mine_count(total_mines, known_mines, len(unknowns), board.width * board.height)
    numbers = cells >= 0
    # One pass for both counts: mines around a cell in the low digits, unknowns times 16.
    around = neighbour_sums(((cells == FLAG) | (cells == MINE)) + 16 * is_unknown)
    hidden, flagged = np.divmod(around, 16)
    problems = [
        _describe_problem(int(cells[cell]), int(flagged[cell]), int(hidden[cell]), cell)
        for cell in _cells_at(table, numbers & ((flagged > cells) | (cells - flagged > hidden)))
    ]
    if problems:
        raise UnsatisfiableError(_join_problems(problems))
    unknown_at: list[bool] = is_unknown.ravel().tolist()
    needs: list[int] = (cells - flagged).ravel().tolist()
    neighbours = flat_neighbour_table(height, width)
    constraints = tuple([
        NumberConstraint(
            table[index],
            tuple([table[other] for other in neighbours[index] if unknown_at[other]]),
            needs[index],
        )
        for index in np.flatnonzero(numbers & (hidden > 0)).tolist()
    ])
    return Problem(board.height, board.width, constraints, unknowns, total_mines - known_mines)


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


def _cells_at(table: tuple[Cell, ...], mask: npt.NDArray[np.bool_]) -> tuple[Cell, ...]:
    """The cells set in ``mask``, row-major (``table``: the board's cells by flat index)."""
    return tuple([table[index] for index in np.flatnonzero(mask).tolist()])


def _describe_problem(number: int, flagged: int, hidden: int, cell: Cell) -> str:
    where = f"the {number} at {describe_cell(cell)}"
    if flagged > number:
        return f"{where} has {flagged} flagged or revealed mines around it"
    return (
        f"{where} needs {number - flagged} more mines but has only "
        f"{hidden} unopened neighbours"
    )


def _join_problems(problems: list[str]) -> str:
    text = "; ".join(problems[:_MAX_LISTED_PROBLEMS])
    if len(problems) > _MAX_LISTED_PROBLEMS:
        text += f"; and {len(problems) - _MAX_LISTED_PROBLEMS} more such cells"
    return f"no mine placement fits the board: {text}"
