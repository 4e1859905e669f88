"""The cells of a component that the numbers settle by themselves, without a solver.

Two rules, iterated on the component's boxes until nothing changes:

- trivial: a number that needs no more mines makes its boxes safe; one that needs as many
  mines as its boxes hold makes them all mines;
- overlap: where two numbers share boxes, the shared boxes hold at least and at most
  what both numbers allow; the rest of one number's boxes then holds its need minus
  that, so they are all mines when even the most the shared boxes hold leaves them full,
  and all safe when even the fewest leaves them nothing. (When one number's boxes are
  all among the other's, this is the subset rule: the rest holds the difference.)

Both follow from the numbers alone, so every cell they settle is certain: exactly what
a solver would prove, found in a fraction of the time (:mod:`analyzer.deduce` asks Z3
only about the cells these rules leave).
"""

from __future__ import annotations

from sweeper.analyzer.frontier import Component
from sweeper.core import Cell


def settled_cells(component: Component) -> dict[Cell, bool]:
    """The cells the trivial and subset rules settle: mine (True) or safe (False)."""
    members = [set[int]() for _ in component.needs]
    for index, box in enumerate(component.boxes):
        for constraint in box.constraints:
            members[constraint].add(index)
    rules = _Rules(component, members)
    while rules.apply_trivial() or rules.apply_overlaps():
        pass
    return {cell: is_mine for index, is_mine in rules.decided.items()
            for cell in component.boxes[index].cells}


class _Rules:
    """The component's numbers as sets of undecided boxes, and the boxes decided."""

    def __init__(self, component: Component, members: list[set[int]]) -> None:
        self.sizes = [box.size for box in component.boxes]
        self.of_box = [box.constraints for box in component.boxes]
        self.members = members
        self.needs = list(component.needs)
        self.decided: dict[int, bool] = {}

    def apply_trivial(self) -> bool:
        """Settle the boxes of every number the trivial rule applies to; True if any."""
        found = False
        for constraint, boxes in enumerate(self.members):
            if boxes:
                need = self.needs[constraint]
                if need == 0 or need == self._room(boxes):
                    self._decide(set(boxes), is_mine=need > 0)
                    found = True
        return found

    def apply_overlaps(self) -> bool:
        """Settle boxes by the overlap rule on the first pair it applies to; True if any."""
        for inner, boxes in enumerate(self.members):
            if not boxes:
                continue
            sharing = set().union(*(self.of_box[box] for box in boxes)) - {inner}
            for outer in sorted(sharing):
                rest = self.members[outer] - boxes
                if not rest:
                    continue
                shared = self.members[outer] & boxes
                room, shared_room = self._room(rest), self._room(shared)
                inner_need, outer_need = self.needs[inner], self.needs[outer]
                # the mines the shared boxes can hold, as each number sees it
                fewest = max(0, inner_need - self._room(boxes - shared), outer_need - room)
                most = min(inner_need, outer_need, shared_room)
                if outer_need - most == room or outer_need - fewest == 0:
                    self._decide(rest, is_mine=outer_need - most == room)
                    return True
        return False

    def _room(self, boxes: set[int]) -> int:
        return sum(self.sizes[box] for box in boxes)

    def _decide(self, boxes: set[int], *, is_mine: bool) -> None:
        for box in boxes:
            self.decided[box] = is_mine
            for constraint in self.of_box[box]:
                self.members[constraint].discard(box)
                if is_mine:
                    self.needs[constraint] -= self.sizes[box]
