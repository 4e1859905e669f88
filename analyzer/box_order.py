"""The order in which enumeration visits a component's boxes.

Enumeration keeps one state per combination of mines still needed by the "open"
constraints (touched by a visited box and by one still to come), so a good order walks
along the frontier and closes constraints soon after opening them. A few candidate
orders are built (greedy and breadth-first, each from both ends of the component) and
the one with the fewest states in the worst case is kept (small components just take
the greedy order from one end). Building them takes time on components of thousands of
boxes, so it stops once the analysis's deadline has passed.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from sweeper.analyzer.clock import past
from sweeper.analyzer.errors import AnalysisTimeoutError
from sweeper.analyzer.frontier import Component, FrontierBox

# Up to this many boxes any sensible order has few states: take the first candidate.
SMALL_COMPONENT = 12
CLOCK_EVERY_STEPS = 256  # how often the greedy order looks at the deadline
REMEMBERED_SHAPES = 256  # component shapes whose candidate orders are kept: a look-ahead
# meets a few dozen a move, and they do not come back once the board has moved on

# candidate orders per component shape (its boxes and how many constraints it has)
_CANDIDATES: dict[tuple[tuple[FrontierBox, ...], int], tuple[tuple[int, ...], ...]] = {}


def box_order(component: Component, deadline: float | None = None) -> list[int]:
    """Indices of ``component.boxes`` in the order enumeration should visit them.

    Raise :class:`AnalysisTimeoutError` once ``deadline`` has passed.
    """
    if len(component.boxes) <= 2:
        return list(range(len(component.boxes)))
    candidates = _candidates(component, deadline)
    if len(candidates) == 1:
        return list(candidates[0])
    fewest: tuple[int, ...] = min(candidates, key=lambda order: state_bound(component, order))
    return list(fewest)


def _candidates(component: Component, deadline: float | None) -> tuple[tuple[int, ...], ...]:
    """The candidate orders of a component of three boxes or more. They follow from which
    constraints each box belongs to, not from the mines the constraints need, so they are
    kept per shape: a look-ahead counts the component a reveal touches once for every
    number the revealed cell may show, each time of the same shape."""
    shape = (component.boxes, len(component.needs))
    known = _CANDIDATES.get(shape)
    if known is not None:
        return known
    neighbours = _box_graph(component)
    far_end = _farthest(neighbours, 0)
    if len(component.boxes) <= SMALL_COMPONENT:
        found: tuple[tuple[int, ...], ...] = (
            tuple(_greedy(component, neighbours, far_end, deadline)),)
    else:
        other_end = _farthest(neighbours, far_end)
        found = tuple(
            tuple(order)
            for start in dict.fromkeys((far_end, other_end))
            for order in (
                _greedy(component, neighbours, start, deadline),
                _breadth_first(neighbours, start),
            )
        )
    if len(_CANDIDATES) >= REMEMBERED_SHAPES:
        _CANDIDATES.clear()
    _CANDIDATES[shape] = found
    return found


def state_bound(component: Component, order: Sequence[int]) -> int:
    """An upper bound on the states enumeration meets with ``order``, summed over steps."""
    boxes, needs = component.boxes, component.needs
    last: dict[int, int] = {}
    capacity = [0] * len(needs)
    for position, index in enumerate(order):
        size = len(boxes[index].cells)
        for constraint in boxes[index].constraints:
            last[constraint] = position
            capacity[constraint] += size
    open_constraints: set[int] = set()
    total = 0
    for position, index in enumerate(order):
        box = boxes[index]
        size = len(box.cells)
        for constraint in box.constraints:
            capacity[constraint] -= size
            open_constraints.add(constraint)
        open_constraints = {c for c in open_constraints if last[c] > position}
        states = 1
        for constraint in open_constraints:
            need, room = needs[constraint], capacity[constraint]
            states *= (need if need < room else room) + 1
        total += states
    return total


def _box_graph(component: Component) -> list[list[int]]:
    """For each box, the other boxes sharing a constraint with it."""
    boxes_of: list[list[int]] = [[] for _ in component.needs]
    for index, box in enumerate(component.boxes):
        for constraint in box.constraints:
            boxes_of[constraint].append(index)
    return [
        sorted({other for c in box.constraints for other in boxes_of[c]} - {index})
        for index, box in enumerate(component.boxes)
    ]


def _distances(neighbours: list[list[int]], start: int) -> list[int]:
    distance = [-1] * len(neighbours)
    distance[start] = 0
    queue = deque([start])
    while queue:
        current = queue.popleft()
        for other in neighbours[current]:
            if distance[other] < 0:
                distance[other] = distance[current] + 1
                queue.append(other)
    return distance


def _farthest(neighbours: list[list[int]], start: int) -> int:
    distance = _distances(neighbours, start)
    return max(range(len(distance)), key=lambda index: (distance[index], -index))


def _breadth_first(neighbours: list[list[int]], start: int) -> list[int]:
    """Cuthill-McKee: breadth-first, visiting low-degree neighbours first."""
    order = [start]
    seen = {start}
    for current in order:
        for other in sorted(neighbours[current], key=lambda box: (len(neighbours[box]), box)):
            if other not in seen:
                seen.add(other)
                order.append(other)
    return order


def _greedy(
    component: Component, neighbours: list[list[int]], start: int, deadline: float | None
) -> list[int]:
    """Repeatedly take the box that grows the open set least, nearest ``start`` on ties."""
    distance = _distances(neighbours, start)
    unvisited_boxes = [0] * len(component.needs)
    for box in component.boxes:
        for constraint in box.constraints:
            unvisited_boxes[constraint] += 1
    started = [False] * len(component.needs)
    visited = [False] * len(component.boxes)
    candidates = {start}
    order: list[int] = []

    def growth(index: int) -> tuple[int, int, int]:
        constraints = component.boxes[index].constraints
        opens = sum(not started[c] for c in constraints)
        closes = sum(unvisited_boxes[c] == 1 for c in constraints)
        return opens - closes, distance[index], index

    while candidates:
        if len(order) % CLOCK_EVERY_STEPS == 0 and past(deadline):
            raise AnalysisTimeoutError("the analysis ran out of time while ordering the frontier")
        chosen = min(candidates, key=growth)
        candidates.discard(chosen)
        order.append(chosen)
        visited[chosen] = True
        for constraint in component.boxes[chosen].constraints:
            started[constraint] = True
            unvisited_boxes[constraint] -= 1
        candidates.update(other for other in neighbours[chosen] if not visited[other])
    return order
