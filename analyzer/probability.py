"""Step 5: exact mine probabilities for every unknown cell.

Components are independent except through the total mine count. With ``L`` mines left
and ``U`` off-frontier cells, a choice of ``m_i`` mines per component weighs
``prod_i weights_i[m_i] * C(U, L - sum m_i)``. For each component, the other components
and the off-frontier cells form an "outside" weight per mine count of its own; the
component's backward pass turns that into exact per-box mine totals. The outside
weights come from one pass from the back (later components folded into the binomials)
and one from the front (earlier components convolved), so each binomial is computed
once and no product of all-but-one components is built from scratch. Everything is a Python integer
until the final division, so the probabilities are exact up to float rounding.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb

from sweeper.analyzer.enumeration import ComponentCounts
from sweeper.analyzer.errors import UnsatisfiableError, describe_cells
from sweeper.analyzer.frontier import Frontier
from sweeper.core import Cell

BINOMIALS_KEPT = 4096  # binomials C(U, L - m) kept: a board's U and L take a few hundred
# pairs over a game, each with the frontier's dozens of mine counts m


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
    frontier_mines = 1 + sum(len(table) - 1 for table in tables)
    # ways_off[j]: placements of the rest off the frontier when the frontier holds j mines.
    ways_off = [_binomial(unknown_off, mines_left - j) for j in range(frontier_mines)]
    weighted_after = _weighted_suffixes(tables, ways_off)
    total = weighted_after[0][0]
    before = [1]  # placements of the components already visited, per mine count
    cells: dict[Cell, CellOdds] = {}
    for index, component_counts in enumerate(counts):
        after = weighted_after[index + 1]
        outside = [
            sum(w * after[m + a] for a, w in enumerate(before) if w)
            for m in range(len(tables[index]))
        ]
        before = _convolve(before, tables[index])
        if total == 0:
            continue
        totals = component_counts.box_mine_totals(outside)
        for box, box_total in zip(component_counts.component.boxes, totals, strict=True):
            odds = CellOdds(box_total, total * box.size)
            cells.update((cell, odds) for cell in box.cells)
    if total == 0:
        raise _count_mismatch(before, unknown_off, mines_left)
    off_odds = None
    if unknown_off:
        # C(U, L-m) * (L-m) / U = C(U-1, L-m-1): placements with a given off cell a mine.
        off_mines = sum(
            w * ways_off[m] * (mines_left - m) // unknown_off for m, w in enumerate(before)
        )
        off_odds = CellOdds(off_mines, total)
    return FrontierOdds(total, cells, off_odds)


def _weighted_suffixes(tables: list[list[int]], ways_off: list[int]) -> list[list[int]]:
    """``result[i][t]``: placements of components ``i..`` and the off-frontier cells when the
    components before ``i`` hold ``t`` mines (so ``result[0][0]`` is the board's total)."""
    result = [ways_off]
    for table in reversed(tables):
        later = result[-1]
        result.append([
            sum(w * later[t + c] for c, w in enumerate(table) if w)
            for t in range(len(later) - len(table) + 1)
        ])
    result.reverse()
    return result


@lru_cache(maxsize=BINOMIALS_KEPT)
def _binomial(n: int, k: int) -> int:
    """``C(n, k)``, 0 outside ``0 <= k <= n``: kept, as the off-frontier cells and the
    mines left change little from one count (a look-ahead reveal, a move) to the next,
    and a binomial of a few hundred cells is a long product."""
    return comb(n, k) if 0 <= k <= n else 0


def _convolve(first: list[int], second: list[int]) -> list[int]:
    result = [0] * (len(first) + len(second) - 1)
    for i, a in enumerate(first):
        if a:
            for j, b in enumerate(second):
                result[i + j] += a * b
    return result


def _count_mismatch(frontier_table: list[int], unknown_off: int, mines_left: int) -> Exception:
    possible = [m for m, w in enumerate(frontier_table) if w]
    need = f"{possible[0]}" if possible[0] == possible[-1] else f"{possible[0]} to {possible[-1]}"
    return UnsatisfiableError(
        f"no mine placement fits the total mine count: {mines_left} mines are left (after "
        f"the flags and the mines the numbers force); the undecided cells next to numbers "
        f"hold {need} of them and only {unknown_off} unopened cells touch no number"
    )
