"""Hypothetical reveals: what opening one cell could show, how likely each number is, and
how safe the best next move is after it.

Everything is built on the analyzer's exact engine (constraints, trivial rules, frontier,
component counts, odds). A hypothetical reveal is the board's :class:`Problem` with the
cell removed from the unknowns and one more constraint (its number); only the component
the new constraint touches has to be counted again, the others come from a per-process
cache keyed by the (immutable, hashable) component itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from sweeper.analyzer.constraints import NumberConstraint, Problem
from sweeper.analyzer.enumeration import ComponentCounts, count_component
from sweeper.analyzer.errors import UnsatisfiableError
from sweeper.analyzer.frontier import Component, Frontier, split_frontier
from sweeper.analyzer.probability import FrontierOdds, frontier_odds
from sweeper.analyzer.trivial import TrivialResult, apply_trivial_rules
from sweeper.core import Cell

# Components whose counts are kept. A game meets a few dozen (a hard one a few hundred) and
# they never come back in the next game, so more would only hold memory: about 20 KB each.
COUNTED_COMPONENTS = 1024


@dataclass(frozen=True)
class Evaluation:
    """Exact odds of a (possibly hypothetical) problem after the trivial rules.

    ``weight`` counts the mine placements that fit; ``safe`` and ``mines`` are the cells
    certainly safe / certainly mines (from the trivial rules and the exact odds).
    """

    problem: Problem
    weight: int
    odds: FrontierOdds
    safe: frozenset[Cell]
    mines: frozenset[Cell]

    def p_mine(self, cell: Cell) -> float:
        """The exact mine probability of an unknown cell (0 or 1 for decided cells)."""
        known = self._p_mine.get(cell)
        if known is not None:
            return known
        if cell in self.safe:
            return 0.0
        if cell in self.mines:
            return 1.0
        odds = self.odds.cells.get(cell, self.odds.off_frontier)
        assert odds is not None, f"{cell} is not an unknown cell"
        self._p_mine[cell] = odds.probability
        return self._p_mine[cell]

    @cached_property
    def _p_mine(self) -> dict[Cell, float]:
        """The probabilities of undecided cells worked out so far (a guess weighs the
        same cells many times)."""
        return {}

    def best_safety(self) -> float:
        """The highest chance of survival any single open offers (1 when a safe cell exists)."""
        if self.safe:
            return 1.0
        lowest = min((odds.probability for odds in self.odds.cells.values()), default=1.0)
        if self.odds.off_frontier is not None:
            lowest = min(lowest, self.odds.off_frontier.probability)
        return 1.0 - lowest


@dataclass(frozen=True)
class Outcome:
    """One number a cell may show: its weight (placements) and the position after it."""

    value: int
    weight: int
    after: Evaluation


@lru_cache(maxsize=COUNTED_COMPONENTS)
def counted(component: Component) -> ComponentCounts:
    """The component's exact counts, memoised: most components survive from move to move."""
    return count_component(component)


def evaluate(problem: Problem) -> Evaluation | None:
    """Exact odds of ``problem``; None when no placement fits (weight 0)."""
    try:
        trivial = apply_trivial_rules(problem)
        frontier = split_frontier(trivial.remaining)
        counts = [counted(component) for component in frontier.components]
        odds = frontier_odds(frontier, counts)
    except UnsatisfiableError:
        return None
    return evaluation_of(trivial, frontier, odds)


def evaluation_of(trivial: TrivialResult, frontier: Frontier, odds: FrontierOdds) -> Evaluation:
    """The :class:`Evaluation` of a position already counted: ``odds`` are the exact odds
    of ``frontier``, the split of what the ``trivial`` rules left undecided."""
    safe = set(trivial.safe)
    mines = set(trivial.mines)
    for cell, cell_odds in odds.cells.items():
        if cell_odds.certainly_safe:
            safe.add(cell)
        elif cell_odds.certainly_mine:
            mines.add(cell)
    off = odds.off_frontier
    if off is not None and (off.certainly_safe or off.certainly_mine):
        (safe if off.certainly_safe else mines).update(frontier.off_frontier)
    return Evaluation(
        trivial.remaining, odds.total_weight, odds, frozenset(safe), frozenset(mines)
    )


def reveal(problem: Problem, cell: Cell, value: int) -> Problem:
    """``problem`` after ``cell`` (an unknown) is opened and shows ``value``.

    ``value`` counts the mines around the cell that are still unknown in ``problem``
    (decided mines must already be subtracted by the caller, see :func:`outcomes`).
    """
    return _Opened(problem, cell).showing(value)


class _Opened:
    """``problem`` with ``cell`` opened, whatever number it shows: what every reveal of
    that cell shares, worked out once."""

    def __init__(self, problem: Problem, cell: Cell) -> None:
        self.problem, self.cell = problem, cell
        self.unknowns = tuple([other for other in problem.unknowns if other != cell])
        near = _neighbours(cell)
        self.around = tuple([other for other in self.unknowns if other in near])
        constraints = [
            NumberConstraint(c.cell, tuple([u for u in c.unknowns if u != cell]), c.mines)
            if cell in c.unknowns else c
            for c in problem.constraints
        ]
        self.constraints = [c for c in constraints if c.unknowns]

    def showing(self, value: int) -> Problem:
        """The problem once the cell shows ``value`` (see :func:`reveal`)."""
        constraints = self.constraints
        if self.around:
            constraints = [*constraints, NumberConstraint(self.cell, self.around, value)]
        problem = self.problem
        return Problem(problem.height, problem.width, tuple(constraints), self.unknowns,
                       problem.mines_left)


def outcomes(evaluation: Evaluation, cell: Cell) -> list[Outcome]:
    """Every number ``cell`` can show if it is safe, with its exact weight and aftermath.

    The weights of all outcomes add up to the placements in which ``cell`` is safe.
    """
    problem = evaluation.problem
    if cell not in problem.unknowns:  # decided by the trivial rules: re-add nothing
        raise ValueError(f"{cell} is not undecided in this position")
    opened = _Opened(problem, cell)
    results = []
    for value in range(len(opened.around) + 1):  # the unknown cells around it
        after = evaluate(opened.showing(value))
        if after is not None and after.weight:
            results.append(Outcome(value, after.weight, after))
    return results


def _neighbours(cell: Cell) -> frozenset[Cell]:
    """The eight cells around ``cell`` (some may lie off the board: they are no unknowns)."""
    row, col = cell
    return frozenset((row + dr, col + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc)


__all__ = [
    "Evaluation",
    "Outcome",
    "counted",
    "evaluate",
    "evaluation_of",
    "outcomes",
    "reveal",
]
