"""Step 4: count one component's mine placements exactly, per number of mines.

The boxes are taken one at a time in an order that keeps few constraints "open"
(touched by a placed box and by a box still to come; see :mod:`analyzer.box_order`).
The state after each box is the tuple of mines those open constraints still need, so
placements that agree on it are counted together: a forward pass gives, per state, a
polynomial in the number of mines placed so far (coefficients are exact integer counts
of cell-level placements, each box count weighted by a binomial). This is exhaustive
enumeration with identical sub-problems merged, so it stays fast on long frontiers
where plain backtracking explodes.

A backward pass, given how much every mine count of this component weighs once the
rest of the board is taken into account, yields each box's weighted mine total, hence
its exact probability.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from operator import mul
from typing import NamedTuple

from sweeper.analyzer.box_order import box_order
from sweeper.analyzer.clock import past
from sweeper.analyzer.errors import AnalysisTimeoutError
from sweeper.analyzer.frontier import Component
from sweeper.core import SweeperError

State = tuple[int, ...]
# One way through a box: (mines in the box, their binomial weight, the next state).
Move = tuple[int, int, State]

MAX_STATES_PER_STEP = 20_000


class ComponentTooComplexError(SweeperError):
    """The component has too many distinct states for exact enumeration."""


class _Step(NamedTuple):
    """How one box changes the state: which needs it reads and what the next state holds
    (a named tuple: made once per box of every component counted, so made cheaply)."""

    box: int
    size: int
    sources: tuple[tuple[int, int], ...]  # per touched constraint: (state position or -1, need)
    capacities: tuple[int, ...]  # per touched constraint: cells still to come after this box
    next_state: tuple[tuple[bool, int], ...]  # per entry: (from a touched need?, its index)
    binomials: tuple[int, ...]  # ways to put m mines in the box, by m


@dataclass(frozen=True)
class ComponentCounts:
    """Exact placement counts of one component.

    ``weights[m]`` is the number of ways to put exactly ``m`` mines into the component's
    cells so that every one of its constraints holds.
    """

    component: Component
    weights: tuple[int, ...]
    _steps: tuple[_Step, ...]
    _layers: tuple[dict[State, list[int]], ...]
    _moves: tuple[dict[State, list[Move]], ...]

    def box_mine_totals(self, outside: Sequence[int]) -> list[int]:
        """Per box: the sum over placements of (mines in the box) x ``outside[m]``.

        ``outside[m]`` is the weight of the rest of the board when this component holds
        ``m`` mines; divided by the box size and the board's total weight this is the
        box's exact mine probability.
        """
        totals = [0] * len(self.component.boxes)
        after: dict[State, list[int]] = {(): _padded(outside, len(self.weights))}
        for level in reversed(range(len(self._steps))):
            step = self._steps[level]
            after, totals[step.box] = _backward_step(
                self._layers[level], self._moves[level], after
            )
        return totals


def count_component(
    component: Component,
    deadline: float | None = None,
    max_states: int = MAX_STATES_PER_STEP,
) -> ComponentCounts:
    """Count the placements of ``component``.

    Raise :class:`ComponentTooComplexError` when a step has more than ``max_states``
    distinct states, :class:`AnalysisTimeoutError` once ``deadline`` (a
    ``time.perf_counter()`` value) has passed.
    """
    steps = _plan(component, box_order(component, deadline))
    layers: list[dict[State, list[int]]] = [{(): [1]}]
    moves: list[dict[State, list[Move]]] = []
    for step in steps:
        if past(deadline):
            raise AnalysisTimeoutError("the analysis ran out of time while counting placements")
        layer, step_moves = _forward_step(step, layers[-1])
        if len(layer) > max_states:
            raise ComponentTooComplexError(f"more than {max_states} states in one step")
        layers.append(layer)
        moves.append(step_moves)
    weights = tuple(layers[-1].get((), []))
    return ComponentCounts(component, weights, tuple(steps), tuple(layers), tuple(moves))


def _forward_step(
    step: _Step, layer: dict[State, list[int]]
) -> tuple[dict[State, list[int]], dict[State, list[Move]]]:
    following: dict[State, list[int]] = {}
    all_moves: dict[State, list[Move]] = {}
    for state, counts in layer.items():
        state_moves = all_moves[state] = _moves_from(step, state)
        for mines, weight, target in state_moves:
            _add_shifted(following.setdefault(target, []), counts, weight, mines)
    return following, all_moves


def _moves_from(step: _Step, state: State) -> list[Move]:
    """Every mine count the box may take in ``state`` and the state it leads to."""
    needs = [state[position] if position >= 0 else need for position, need in step.sources]
    low, high = 0, step.size
    for need, capacity in zip(needs, step.capacities, strict=True):
        low = max(low, need - capacity)
        high = min(high, need)
    next_state, binomials = step.next_state, step.binomials
    return [
        (
            mines,
            binomials[mines],
            tuple([needs[index] - mines if touched else state[index]
                   for touched, index in next_state]),
        )
        for mines in range(low, high + 1)
    ]


def _backward_step(
    layer: dict[State, list[int]],
    moves: dict[State, list[Move]],
    after: dict[State, list[int]],
) -> tuple[dict[State, list[int]], int]:
    """Fold one box into the completion weights; return them and the box's mine total."""
    before: dict[State, list[int]] = {}
    box_total = 0
    for state, counts in layer.items():
        length = len(counts)
        completion = [0] * length
        for mines, weight, target in moves[state]:
            rest = after[target][mines:mines + length]  # as long as counts: see _padded
            completion = [done + weight * value
                          for done, value in zip(completion, rest, strict=True)]
            box_total += mines * weight * sum(map(mul, counts, rest))
        before[state] = completion
    return before, box_total


def _add_shifted(target: list[int], source: list[int], factor: int, shift: int) -> None:
    """``target += factor * x**shift * source`` on coefficient lists."""
    needed = len(source) + shift
    if len(target) < needed:
        target.extend([0] * (needed - len(target)))
    for index, value in enumerate(source):
        if value:
            target[index + shift] += factor * value


def _padded(values: Sequence[int], length: int) -> list[int]:
    return [values[index] if index < len(values) else 0 for index in range(length)]


@lru_cache(maxsize=64)
def _binomials(size: int) -> tuple[int, ...]:
    """``comb(size, m)`` for every ``m`` from 0 to ``size``."""
    return tuple(comb(size, mines) for mines in range(size + 1))


def _plan(component: Component, order: list[int]) -> list[_Step]:
    """Precompute, for each box in ``order``, how it reads and rewrites the state."""
    boxes, needs = component.boxes, component.needs
    first: dict[int, int] = {}
    last: dict[int, int] = {}
    capacity = [0] * len(needs)
    for position, index in enumerate(order):
        box = boxes[index]
        size = len(box.cells)
        for constraint in box.constraints:
            first.setdefault(constraint, position)
            last[constraint] = position
            capacity[constraint] += size
    steps: list[_Step] = []
    open_constraints: list[int] = []
    for position, index in enumerate(order):
        box = boxes[index]
        size = len(box.cells)
        in_state = {constraint: slot for slot, constraint in enumerate(open_constraints)}
        sources = tuple([
            (in_state.get(constraint, -1), needs[constraint]) for constraint in box.constraints
        ])
        for constraint in box.constraints:
            capacity[constraint] -= size
        touched = {constraint: slot for slot, constraint in enumerate(box.constraints)}
        still_open = [c for c in open_constraints if last[c] > position] + [
            c for c in box.constraints if first[c] == position and last[c] > position
        ]
        steps.append(_Step(
            box=index,
            size=size,
            sources=sources,
            capacities=tuple([capacity[constraint] for constraint in box.constraints]),
            next_state=tuple([
                (True, touched[c]) if c in touched else (False, in_state[c]) for c in still_open
            ]),
            binomials=_binomials(size),
        ))
        open_constraints = still_open
    return steps
