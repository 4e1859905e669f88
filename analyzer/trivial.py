"""Step 2: the trivial rules, iterated to a fixed point.

A number whose remaining mines are 0 makes all its unknown neighbours safe; one whose
remaining mines equal its unknown neighbours makes them all mines. Each decided cell
is removed from the other constraints, which may trigger the rules again. The rules
only follow from the numbers, so every cell they decide is certain.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from sweeper.analyzer.constraints import NumberConstraint, Problem
from sweeper.analyzer.errors import UnsatisfiableError, describe_cell, describe_cells
from sweeper.core import Cell


@dataclass(frozen=True)
class TrivialResult:
    """Cells the trivial rules decided and the problem that is left over."""

    safe: frozenset[Cell]
    mines: frozenset[Cell]
    remaining: Problem


def apply_trivial_rules(problem: Problem) -> TrivialResult:
    """Apply the trivial rules until nothing changes; raise if they meet a contradiction."""
    if _no_rule_applies(problem):  # a look-ahead's reveal often leaves nothing to apply
        _check_count(problem, frozenset(), frozenset())
        return TrivialResult(frozenset(), frozenset(), problem)
    members = [set(constraint.unknowns) for constraint in problem.constraints]
    needs = [constraint.mines for constraint in problem.constraints]
    by_cell: dict[Cell, list[int]] = {}
    for index, constraint in enumerate(problem.constraints):
        for cell in constraint.unknowns:
            by_cell.setdefault(cell, []).append(index)
    decided: dict[Cell, bool] = {}
    queue = deque(range(len(members)))
    while queue:
        index = queue.popleft()
        if not members[index] or 0 < needs[index] < len(members[index]):
            continue
        is_mine = needs[index] > 0
        for cell in sorted(members[index]):
            decided[cell] = is_mine
            for other in by_cell[cell]:
                members[other].discard(cell)
                needs[other] -= is_mine
                if not 0 <= needs[other] <= len(members[other]):
                    raise _contradiction(problem.constraints, other, index)
                queue.append(other)
    mines = frozenset(cell for cell, is_mine in decided.items() if is_mine)
    safe = frozenset(decided) - mines
    _check_count(problem, mines, safe)
    remaining = Problem(
        problem.height,
        problem.width,
        tuple(
            NumberConstraint(constraint.cell, tuple(sorted(members[index])), needs[index])
            for index, constraint in enumerate(problem.constraints)
            if members[index]
        ),
        tuple([cell for cell in problem.unknowns if cell not in decided]) if decided
        else problem.unknowns,
        problem.mines_left - len(mines),
    )
    return TrivialResult(safe, mines, remaining)


def _no_rule_applies(problem: Problem) -> bool:
    """Whether every number still needs some but not all of its unknown neighbours (so
    neither rule applies anywhere) and lists them as the rules' result would: sorted,
    once each. The problem is then its own result."""
    return all(
        0 < constraint.mines < len(constraint.unknowns)
        and list(constraint.unknowns) == sorted(set(constraint.unknowns))
        for constraint in problem.constraints
    )


def _contradiction(
    constraints: tuple[NumberConstraint, ...], broken: int, cause: int
) -> UnsatisfiableError:
    broken_cell, cause_cell = constraints[broken].cell, constraints[cause].cell
    return UnsatisfiableError(
        "no mine placement fits the board: the number at "
        f"{describe_cell(cause_cell)} and the number at {describe_cell(broken_cell)} "
        "contradict each other"
    )


def _check_count(problem: Problem, mines: frozenset[Cell], safe: frozenset[Cell]) -> None:
    """The forced mines must fit the mines left, the forced safe cells leave room for them."""
    if len(mines) > problem.mines_left:
        raise UnsatisfiableError(
            f"no mine placement fits the total mine count: the numbers force {len(mines)} "
            f"mines (at {describe_cells(mines)}) but only {problem.mines_left} are left "
            "after the flags"
        )
    room = len(problem.unknowns) - len(safe)
    if problem.mines_left > room:
        raise UnsatisfiableError(
            f"no mine placement fits the total mine count: {problem.mines_left} mines are "
            f"left after the flags but the numbers leave only {room} cells that can hold one"
        )
