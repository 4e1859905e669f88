"""Step 6: the certain cells beyond the trivial rules, each proved: Z3 is the arbiter.

A cell is certain when Z3 finds no placement (all numbers and the total mine count
holding) in which it takes the other value. Exact odds already show that a cell with a
probability strictly between 0 and 1 can take both values, so only cells whose odds are
exactly 0 or 1 are candidates, and every one of them is proved:

0. per component, when the trivial and overlap rules (:mod:`analyzer.subsets`) settle
   exactly its candidates, each the same way, that is their proof and Z3 is not asked
   (most components: the rules are a few set operations, a solver a few milliseconds);
1. otherwise per component, one check that no placement makes *any* candidate differ
   from its verdict; unsat confirms all of them at once (each per-cell check would be
   unsat too).
   It keeps the component's numbers and bounds its mines by what the total count allows
   with the rest of the board left free, a relaxation: unsat there is unsat on the board;
2. if that is satisfiable (the verdict needs the count or other components), the same
   check on the whole board;
3. should Z3 still find a counterexample, per-cell checks decide those cells.

Components too large to enumerate have no exact odds; their cells are decided by
per-cell Z3 checks, skipped for cells already seen with both values in earlier models.
Off-frontier cells are decided by the total count alone: they can be mines iff the
frontier can hold fewer than the mines left, and safe iff it can hold more than the mines
left minus their number; Z3 checks exactly that.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import z3

from sweeper.analyzer.cell_solver import Z3_LOCK, CellSolver
from sweeper.analyzer.errors import AnalysisTimeoutError, UnsatisfiableError
from sweeper.analyzer.frontier import Component, Frontier
from sweeper.analyzer.probability import FrontierOdds
from sweeper.analyzer.subsets import settled_cells
from sweeper.core import Cell


@dataclass(frozen=True)
class Deductions:
    """Certain cells found beyond the trivial rules, and how many Z3 checks it took."""

    safe: frozenset[Cell]
    mines: frozenset[Cell]
    z3_checks: int


def certain_cells(
    frontier: Frontier,
    odds: FrontierOdds,
    unenumerated: Sequence[Component] = (),
    deadline: float | None = None,
) -> Deductions:
    """Every certain unknown cell of ``frontier``, each confirmed by Z3 (see the module)."""
    wait_s = -1.0 if deadline is None else max(0.0, deadline - time.perf_counter())
    if not Z3_LOCK.acquire(timeout=wait_s):
        raise AnalysisTimeoutError("the analysis ran out of time waiting for Z3 (busy)")
    try:
        return _Deducer(frontier, deadline).run(odds, unenumerated)
    finally:
        Z3_LOCK.release()


class _Deducer:
    def __init__(self, frontier: Frontier, deadline: float | None) -> None:
        self.frontier = frontier
        self.deadline = deadline
        self.frontier_cells = [cell for part in frontier.components for cell in part.cells]
        self.safe: set[Cell] = set()
        self.mines: set[Cell] = set()
        self.checks = 0
        self._whole_board: CellSolver | None = None

    def run(self, odds: FrontierOdds, unenumerated: Sequence[Component]) -> Deductions:
        hard = {id(component) for component in unenumerated}
        for component in self.frontier.components:
            if id(component) not in hard:
                self._confirm_component(component, odds)
        if unenumerated:
            cells = [cell for component in unenumerated for cell in component.cells]
            self._decide_each(self.whole_board(), cells)
            self._decide_off_frontier(may_be_safe=True, may_be_mine=True)
        elif odds.off_frontier is not None:
            self._decide_off_frontier(
                may_be_safe=odds.off_frontier.certainly_safe,
                may_be_mine=odds.off_frontier.certainly_mine,
            )
        return Deductions(frozenset(self.safe), frozenset(self.mines), self.checks)

    def _confirm_component(self, component: Component, odds: FrontierOdds) -> None:
        safe = [cell for cell in component.cells if odds.cells[cell].certainly_safe]
        mines = [cell for cell in component.cells if odds.cells[cell].certainly_mine]
        if not safe and not mines:
            return
        if _settle_alike(component, safe, mines):
            self.safe.update(safe)
            self.mines.update(mines)
            return
        if self._no_counterexample(self._component_solver(component), safe, mines) or (
            self._no_counterexample(self.whole_board(), safe, mines)
        ):
            self.safe.update(safe)
            self.mines.update(mines)
        else:
            self._decide_each(self.whole_board(), safe + mines)

    def _no_counterexample(self, solver: CellSolver, safe: list[Cell], mines: list[Cell]) -> bool:
        """True when no placement makes a cell of ``safe`` a mine or one of ``mines`` safe."""
        return not self._check(solver, solver.any_differs(safe, mines))

    def _component_solver(self, component: Component) -> CellSolver:
        cells = component.cells
        solver = CellSolver(cells, self._timeout_ms())
        _add_numbers(solver, [component])
        others = len(self.frontier_cells) - len(cells) + len(self.frontier.off_frontier)
        solver.add(solver.at_most(cells, self.frontier.mines_left))
        solver.add(solver.at_least(cells, self.frontier.mines_left - others))
        return solver

    def whole_board(self) -> CellSolver:
        """All numbers, and the count: the frontier holds between L - U and L mines."""
        if self._whole_board is None:
            solver = CellSolver(self.frontier_cells, self._timeout_ms())
            _add_numbers(solver, self.frontier.components)
            mines_left = self.frontier.mines_left
            solver.add(solver.at_most(self.frontier_cells, mines_left))
            off_frontier = len(self.frontier.off_frontier)
            solver.add(solver.at_least(self.frontier_cells, mines_left - off_frontier))
            self._whole_board = solver
        return self._whole_board

    def _decide_each(self, solver: CellSolver, cells: Iterable[Cell]) -> None:
        """Per-cell checks, skipping cells already seen both ways in a model."""
        if not self._check(solver):
            raise UnsatisfiableError("no mine placement fits the numbers and the total count")
        seen: dict[Cell, set[bool]] = {}
        _record(seen, solver.model_values())
        for cell in cells:
            values = seen[cell]
            if len(values) == 2:
                continue
            (value,) = values
            variable = solver.mine[cell]
            if self._check(solver, z3.Not(variable) if value else variable):
                _record(seen, solver.model_values())
            else:
                (self.mines if value else self.safe).add(cell)

    def _decide_off_frontier(self, *, may_be_safe: bool, may_be_mine: bool) -> None:
        """An off-frontier cell can be a mine iff the frontier can hold fewer than L mines."""
        off_frontier = len(self.frontier.off_frontier)
        if not off_frontier or not (may_be_safe or may_be_mine):
            return
        solver = self.whole_board()
        mines_left = self.frontier.mines_left
        fewer = solver.at_most(self.frontier_cells, mines_left - 1)
        if may_be_safe and not self._check(solver, fewer):
            self._off_frontier_verdict(is_mine=False)
            return
        more = solver.at_least(self.frontier_cells, mines_left - off_frontier + 1)
        if may_be_mine and not self._check(solver, more):
            self._off_frontier_verdict(is_mine=True)

    def _off_frontier_verdict(self, *, is_mine: bool) -> None:
        (self.mines if is_mine else self.safe).update(self.frontier.off_frontier)

    def _check(self, solver: CellSolver, *assumptions: z3.BoolRef) -> bool:
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise AnalysisTimeoutError("the analysis ran out of time while checking with Z3")
        timeout_ms = self._timeout_ms()
        if timeout_ms is not None:
            solver.set_timeout(timeout_ms)  # what is left now, not when the solver was made
        self.checks += 1
        return solver.is_satisfiable(*assumptions)

    def _timeout_ms(self) -> int | None:
        if self.deadline is None:
            return None
        return int((self.deadline - time.perf_counter()) * 1000)


def _settle_alike(component: Component, safe: list[Cell], mines: list[Cell]) -> bool:
    """Whether the trivial and subset rules settle exactly ``safe`` and ``mines`` in the
    component (a proof of each, so Z3 is not asked)."""
    settled = settled_cells(component)
    return (
        len(settled) == len(safe) + len(mines)
        and all(settled.get(cell) is False for cell in safe)
        and all(settled.get(cell) is True for cell in mines)
    )


def _add_numbers(solver: CellSolver, components: Iterable[Component]) -> None:
    for component in components:
        members: list[list[Cell]] = [[] for _ in component.needs]
        for box in component.boxes:
            for constraint in box.constraints:
                members[constraint].extend(box.cells)
        for cells, need in zip(members, component.needs, strict=True):
            solver.add(solver.exactly(cells, need))


def _record(seen: dict[Cell, set[bool]], model: dict[Cell, bool]) -> None:
    for cell, value in model.items():
        seen.setdefault(cell, set()).add(value)

