"""Step 5: exact mine probabilities for every unknown cell.

Components are independent except through the total mine count. With ``L`` mines left
and ``U`` off-frontier cells, a choice of ``m_i`` mines per component weighs
``prod_i weights_i[m_i] * C(U, L - sum m_i)``. Convolving the components' count tables
gives the board's total weight; for each component, the other components and the
off-frontier cells form an "outside" weight per mine count, and the component's
backward pass turns it into exact per-box mine totals. Everything is a Python integer
until the final division, so the probabilities are exact up to float rounding.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

from analyzer.board import Cell
from analyzer.enumeration import ComponentCounts
from analyzer.errors import UnsatisfiableError, describe_cells
from analyzer.frontier import Frontier


@dataclass(frozen=True)
class CellOdds:
    """A cell's exact mine probability as the fraction ``mines / total`` (integers)."""

    mines: int
    total: int

    @property
    def probability(self) -> float:
        return self.mines / self.total

    @property
    def certainly_safe(self) -> bool:
        return self.mines == 0

    @property
    def certainly_mine(self) -> bool:
        return self.mines == self.total


@dataclass(frozen=True)
class FrontierOdds:
    """Exact odds of every frontier and off-frontier cell of a :class:`Frontier`.

    ``total_weight`` is the number of mine placements consistent with the board (not
    counting the cells the trivial rules already decided).
    """

    total_weight: int
    cells: dict[Cell, CellOdds]
    off_frontier: CellOdds | None  # shared by every off-frontier cell; None if there are none


def frontier_odds(frontier: Frontier, counts: Sequence[ComponentCounts]) -> FrontierOdds:
    """Combine the components' counts into exact odds; raise if nothing fits the board."""
    for component_counts in counts:
        if not any(component_counts.weights):
            raise UnsatisfiableError(
                "no mine placement fits the numbers at "
                + describe_cells(component_counts.component.number_cells)
            )
    unknown_off = len(frontier.off_frontier)
    mines_left = frontier.mines_left
    tables = [list(component_counts.weights) for component_counts in counts]
    everything = _convolve_all(tables)
    ways_off = [_binomial(unknown_off, mines_left - m) for m in range(len(everything))]
    total = sum(w * ways for w, ways in zip(everything, ways_off, strict=True))
    if total == 0:
        raise _count_mismatch(everything, unknown_off, mines_left)
    cells: dict[Cell, CellOdds] = {}
    for index, component_counts in enumerate(counts):
        others = _convolve_all(tables[:index] + tables[index + 1 :])
        outside = [
            sum(w * _binomial(unknown_off, mines_left - m - k) for k, w in enumerate(others))
            for m in range(len(component_counts.weights))
        ]
        totals = component_counts.box_mine_totals(outside)
        for box, box_total in zip(component_counts.component.boxes, totals, strict=True):
            odds = CellOdds(box_total, total * box.size)
            cells.update((cell, odds) for cell in box.cells)
    off_odds = None
    if unknown_off:
        # C(U, L-m) * (L-m) / U = C(U-1, L-m-1): placements with a given off cell a mine.
        off_mines = sum(
            w * _binomial(unknown_off - 1, mines_left - m - 1) for m, w in enumerate(everything)
        )
        off_odds = CellOdds(off_mines, total)
    return FrontierOdds(total, cells, off_odds)


def _binomial(n: int, k: int) -> int:
    return comb(n, k) if 0 <= k <= n else 0


def _convolve(first: list[int], second: list[int]) -> list[int]:
    result = [0] * (len(first) + len(second) - 1)
    for i, a in enumerate(first):
        if a:
            for j, b in enumerate(second):
                result[i + j] += a * b
    return result


def _convolve_all(tables: list[list[int]]) -> list[int]:
    result = [1]
    for table in tables:
        result = _convolve(result, table)
    return result


def _count_mismatch(frontier_table: list[int], unknown_off: int, mines_left: int) -> Exception:
    possible = [m for m, w in enumerate(frontier_table) if w]
    need = f"{possible[0]}" if possible[0] == possible[-1] else f"{possible[0]} to {possible[-1]}"
    return UnsatisfiableError(
        f"no mine placement fits the total mine count: {mines_left} mines are left (after "
        f"the flags and the mines the numbers force); the undecided cells next to numbers "
        f"hold {need} of them and only {unknown_off} unopened cells touch no number"
    )
