"""A Z3 solver over one Boolean per cell ("is a mine") with pseudo-Boolean constraints.

The constraints are built through Z3's C API: the Python wrappers (``PbEq``,
``Solver.add``) spend tens of microseconds per constraint on argument checks, which
would dominate the analysis of a whole board. Z3's Python bindings share one context
that is not thread-safe, so every use goes through :data:`Z3_LOCK`. Its objects may
still be freed in any thread, outside the lock (an exception's traceback carries solvers
out of it; the garbage collector runs anywhere), so the context is told to take
reference-count decrements from any thread; without that, such a free while another
thread builds formulas crashes the process.
"""

from __future__ import annotations

import ctypes
import threading
from collections.abc import Iterable, Sequence
from typing import Any

import z3
from z3 import z3core

from sweeper.analyzer.errors import AnalysisTimeoutError
from sweeper.core import Cell

Z3_LOCK = threading.RLock()
z3core.Z3_enable_concurrent_dec_ref(z3.main_ctx().ref())


class CellSolver:
    """An incremental Z3 solver whose variables are ``mine(cell)`` for the given cells."""

    def __init__(self, cells: Iterable[Cell], timeout_ms: int | None = None) -> None:
        self._context = z3.main_ctx()
        self._ref = self._context.ref()
        # QF_FD: Z3's SAT-based solver for finite domains, the fastest here by far.
        self._solver = z3.SolverFor("QF_FD", ctx=self._context)
        if timeout_ms is not None:
            self._solver.set("timeout", max(1, timeout_ms))
        self._bool_sort = z3.BoolSort(self._context)
        self.mine = {cell: self._variable(cell) for cell in cells}
        self.checks = 0

    def exactly(self, cells: Sequence[Cell], count: int) -> z3.BoolRef:
        """The formula "exactly ``count`` of ``cells`` are mines"."""
        size, variables = self._variables(cells)
        coefficients = (ctypes.c_int * size)(*([1] * size))
        return self._formula(z3core.Z3_mk_pbeq(self._ref, size, variables, coefficients, count))

    def at_most(self, cells: Sequence[Cell], count: int) -> z3.BoolRef:
        """The formula "at most ``count`` of ``cells`` are mines"."""
        if count < 0 or count >= len(cells):  # the C API takes an unsigned bound
            return z3.BoolVal(count >= 0, self._context)
        size, variables = self._variables(cells)
        return self._formula(z3core.Z3_mk_atmost(self._ref, size, variables, count))

    def at_least(self, cells: Sequence[Cell], count: int) -> z3.BoolRef:
        """The formula "at least ``count`` of ``cells`` are mines"."""
        if count <= 0 or count > len(cells):
            return z3.BoolVal(count <= 0, self._context)
        size, variables = self._variables(cells)
        return self._formula(z3core.Z3_mk_atleast(self._ref, size, variables, count))

    def set_timeout(self, timeout_ms: int) -> None:
        """Give every later check at most ``timeout_ms`` milliseconds."""
        self._solver.set("timeout", max(1, timeout_ms))

    def add(self, formula: z3.BoolRef) -> None:
        """Assert ``formula`` for every later check."""
        z3core.Z3_solver_assert(self._ref, self._solver.solver, formula.as_ast())

    def is_satisfiable(self, *assumptions: z3.BoolRef) -> bool:
        """Check under ``assumptions``; raise :class:`AnalysisTimeoutError` if Z3 gives up."""
        self.checks += 1
        result = self._solver.check(*assumptions)
        if result == z3.unknown:
            raise AnalysisTimeoutError(f"Z3 gave up: {self._solver.reason_unknown()}")
        return bool(result == z3.sat)

    def model_values(self) -> dict[Cell, bool]:
        """Mine or not for every cell in the model of the last satisfiable check."""
        model = self._solver.model()
        return {
            cell: z3.is_true(model.eval(variable, model_completion=True))
            for cell, variable in self.mine.items()
        }

    def any_differs(self, safe: Iterable[Cell], mines: Iterable[Cell]) -> z3.BoolRef:
        """The formula "some cell of ``safe`` is a mine or some cell of ``mines`` is not"."""
        literals = [self.mine[cell] for cell in safe]
        literals += [z3.Not(self.mine[cell], self._context) for cell in mines]
        return z3.Or(literals) if len(literals) != 1 else literals[0]

    def _variable(self, cell: Cell) -> z3.BoolRef:
        """``mine(cell)``, named by the number row * 65536 + col (cheaper than a string)."""
        symbol = z3core.Z3_mk_int_symbol(self._ref, cell[0] * 65536 + cell[1])
        return self._formula(z3core.Z3_mk_const(self._ref, symbol, self._bool_sort.ast))

    def _variables(self, cells: Sequence[Cell]) -> tuple[int, Any]:
        size = len(cells)
        return size, (z3.Ast * size)(*(self.mine[cell].as_ast() for cell in cells))

    def _formula(self, ast: Any) -> z3.BoolRef:
        return z3.BoolRef(ast, self._context)
