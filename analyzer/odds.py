"""Steps 1-5 together: the exact mine probability of every cell of a board.

This is the probability engine's entry point for anything that weighs moves (the
analyzer's move choice, guessing policies): :func:`board_odds` returns the probability
grid together with the pieces it came from (trivial-rule verdicts, components and their
exact placement counts) and, when every count is exact, the position as the guessing
policy weighs it, so a caller can reuse them instead of counting again.

A component whose enumeration exceeds the state limit is left out of the exact counts;
its cells get an estimate (the average, over the numbers around a cell, of the share of
their unknown neighbours that are mines) and ``exact`` is False. Z3 still decides its
certain cells (see :mod:`analyzer.deduce`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from sweeper.analyzer.constraints import read_problem
from sweeper.analyzer.enumeration import (
    MAX_STATES_PER_STEP,
    ComponentCounts,
    ComponentTooComplexError,
    count_component,
)
from sweeper.analyzer.errors import UnsatisfiableError
from sweeper.analyzer.frontier import Component, Frontier, split_frontier
from sweeper.analyzer.lookahead import Evaluation, counted, evaluation_of
from sweeper.analyzer.probability import FrontierOdds, frontier_odds
from sweeper.analyzer.trivial import TrivialResult, apply_trivial_rules
from sweeper.core import FLAG, MINE, UNOPENED, Board, Cell

FloatGrid = npt.NDArray[np.float64]


@dataclass(frozen=True)
class BoardOdds:
    """The mine probability of every cell and what it was computed from.

    ``probabilities`` is NaN for opened numbers, 1.0 for flags and revealed mines (both
    are taken as mines) and the mine probability of every other cell. ``evaluation`` is
    the same position for the guessing policy (:mod:`analyzer.guess`), None when some
    component was too complex to count exactly.
    """

    trivial: TrivialResult
    frontier: Frontier
    counts: tuple[ComponentCounts, ...]
    unenumerated: tuple[Component, ...]
    odds: FrontierOdds
    probabilities: FloatGrid
    evaluation: Evaluation | None

    @property
    def exact(self) -> bool:
        """True when every probability is exact (no component was too complex)."""
        return not self.unenumerated


def board_odds(
    board: Board,
    total_mines: int,
    deadline: float | None = None,
    max_states: int = MAX_STATES_PER_STEP,
) -> BoardOdds:
    """Exact mine probabilities of ``board``; raise naming the cells if nothing fits it."""
    trivial = apply_trivial_rules(read_problem(board, total_mines))
    frontier = split_frontier(trivial.remaining)
    counts: list[ComponentCounts] = []
    unenumerated: list[Component] = []
    for component in frontier.components:
        try:
            counts.append(_count(component, deadline, max_states))
        except ComponentTooComplexError:
            unenumerated.append(component)
    estimates = {cell: p for part in unenumerated for cell, p in _estimates(part).items()}
    if unenumerated:
        odds = _odds_around(frontier, counts, round(sum(estimates.values())))
    else:
        odds = frontier_odds(frontier, counts)
    grid = _probability_grid(board, trivial, frontier, odds, estimates)
    evaluation = None if unenumerated else evaluation_of(trivial, frontier, odds)
    return BoardOdds(
        trivial, frontier, tuple(counts), tuple(unenumerated), odds, grid, evaluation
    )


def _count(component: Component, deadline: float | None, max_states: int) -> ComponentCounts:
    """The component's counts: from the per-process cache the look-ahead fills too (most
    components survive from move to move, and a guess's look-ahead has often counted
    the position it leads to), unless a deadline or another state limit is asked for."""
    if deadline is None and max_states == MAX_STATES_PER_STEP:
        return counted(component)
    return count_component(component, deadline, max_states)


def _probability_grid(
    board: Board,
    trivial: TrivialResult,
    frontier: Frontier,
    odds: FrontierOdds,
    estimates: dict[Cell, float],
) -> FloatGrid:
    grid = np.full(board.cells.shape, np.nan)
    grid[(board.cells == FLAG) | (board.cells == MINE)] = 1.0
    if odds.off_frontier is not None:
        _fill(grid, frontier.off_frontier, odds.off_frontier.probability)
    _fill(grid, list(odds.cells), [cell_odds.mines / cell_odds.total
                                   for cell_odds in odds.cells.values()])
    _fill(grid, list(estimates), list(estimates.values()))
    _fill(grid, list(trivial.safe), 0.0)
    _fill(grid, list(trivial.mines), 1.0)
    assert not np.isnan(grid[board.cells == UNOPENED]).any(), "every unknown cell has odds"
    return grid


def _fill(grid: FloatGrid, cells: Sequence[Cell], values: float | list[float]) -> None:
    """``grid[cell] = value`` for every cell (and its value), in one assignment."""
    if cells:
        rows, cols = zip(*cells, strict=True)
        grid[rows, cols] = values


def _estimates(component: Component) -> dict[Cell, float]:
    """Per cell, the mean over its numbers of (mines needed / cells around that number)."""
    sizes = [0] * len(component.needs)
    for box in component.boxes:
        for constraint in box.constraints:
            sizes[constraint] += box.size
    return {
        cell: sum(component.needs[c] / sizes[c] for c in box.constraints) / len(box.constraints)
        for box in component.boxes
        for cell in box.cells
    }


def _odds_around(
    frontier: Frontier, counts: Sequence[ComponentCounts], assumed_mines: int
) -> FrontierOdds:
    """Odds of the enumerated part, assuming the unenumerated part holds about
    ``assumed_mines`` mines (the nearest count that fits the rest of the board)."""
    exact_part = replace(frontier, components=tuple(part.component for part in counts))
    mines_left = frontier.mines_left
    if any(not any(part.weights) for part in counts):
        frontier_odds(exact_part, counts)  # raises, naming the numbers that cannot hold
    for offset in range(mines_left + 1):
        for assumed in {assumed_mines - offset, assumed_mines + offset}:
            if 0 <= assumed <= mines_left:
                try:
                    return frontier_odds(
                        replace(exact_part, mines_left=mines_left - assumed), counts
                    )
                except UnsatisfiableError:
                    continue
    raise UnsatisfiableError("no mine placement fits the numbers and the total mine count")
