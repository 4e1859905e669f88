"""Step 3: group the frontier into boxes and independent components.

A box is a set of frontier cells that belong to exactly the same constraints: the
constraints only see how many mines a box holds, so enumeration runs over mine counts
per box and weighs each count by a binomial. Boxes linked through shared constraints
form a component; different components only interact through the total mine count.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from sweeper.analyzer.constraints import Problem
from sweeper.core import Cell


class FrontierBox(NamedTuple):
    """Cells with identical constraint membership (indices into the component's lists; a
    named tuple: made for every box of every split, and hashed with its component)."""

    cells: tuple[Cell, ...]
    constraints: tuple[int, ...]

    @property
    def size(self) -> int:
        return len(self.cells)


@dataclass(frozen=True)
class Component:
    """Boxes linked by shared constraints: ``needs[i]`` mines among the boxes of ``i``."""

    boxes: tuple[FrontierBox, ...]
    needs: tuple[int, ...]
    number_cells: tuple[Cell, ...]  # the opened number behind each constraint

    @property
    def cells(self) -> list[Cell]:
        return [cell for box in self.boxes for cell in box.cells]


@dataclass(frozen=True)
class Frontier:
    """The components of a problem, the off-frontier cells and the mines left."""

    components: tuple[Component, ...]
    off_frontier: tuple[Cell, ...]
    mines_left: int


def split_frontier(problem: Problem) -> Frontier:
    """Group the problem's frontier into boxes, then into independent components."""
    membership: dict[Cell, list[int]] = {}
    for index, constraint in enumerate(problem.constraints):
        for cell in constraint.unknowns:
            membership.setdefault(cell, []).append(index)
    boxes: dict[tuple[int, ...], list[Cell]] = {}
    for cell in sorted(membership):
        boxes.setdefault(tuple(membership[cell]), []).append(cell)
    components = [
        _component(problem, [(key, boxes[key]) for key in keys])
        for keys in _linked_groups(list(boxes), len(problem.constraints))
    ]
    off_frontier = tuple([cell for cell in problem.unknowns if cell not in membership])
    return Frontier(tuple(components), off_frontier, problem.mines_left)


def _linked_groups(
    box_keys: list[tuple[int, ...]], constraint_count: int
) -> list[list[tuple[int, ...]]]:
    """Partition box keys into groups connected through shared constraints (union-find)."""
    parent = list(range(constraint_count))

    def root(index: int) -> int:
        while parent[index] != index:
            parent[index] = parent[parent[index]]
            index = parent[index]
        return index

    for key in box_keys:
        for other in key[1:]:
            parent[root(other)] = root(key[0])
    groups: dict[int, list[tuple[int, ...]]] = {}
    for key in box_keys:
        groups.setdefault(root(key[0]), []).append(key)
    return list(groups.values())


def _component(problem: Problem, boxes: list[tuple[tuple[int, ...], list[Cell]]]) -> Component:
    """Renumber the constraints of one group of boxes from 0."""
    global_ids = sorted({index for key, _ in boxes for index in key})
    local = {index: position for position, index in enumerate(global_ids)}
    return Component(
        boxes=tuple(
            FrontierBox(tuple(cells), tuple(local[index] for index in key)) for key, cells in boxes
        ),
        needs=tuple(problem.constraints[index].mines for index in global_ids),
        number_cells=tuple(problem.constraints[index].cell for index in global_ids),
    )
