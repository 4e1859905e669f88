"""Exact endgame: the move with the highest probability of winning, by game-tree search.

When few mine placements fit the board, they are listed one by one (every placement is
equally likely: mines are placed uniformly and the board only rules placements out).
A set of placements is an int bitmask; for every cell and every number it can show the
placements where it shows that number are precomputed, so a reveal splits a set with a
few ``&``. The search:

- a set of one placement is won (every cell is known);
- a cell safe in every placement of the set is opened for free; if it splits the set,
  the position is worth the weighted sum over the parts;
- otherwise every undecided cell is tried as a guess; its worth is the sum over the
  numbers it can show of (placements showing that number / all) x the worth of that part.

Positions are memoised on their set of placements. A node budget bounds the work, and a
depth budget the recursion (a long line of reveals that each rule out a few placements
would otherwise exhaust Python's stack); when either runs out the search gives up
(returns None) rather than answering inexactly. Placements are listed only for frontiers
of at most :data:`MAX_FRONTIER_CELLS` cells, for the same reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from sweeper.analyzer.clock import past
from sweeper.analyzer.constraints import Problem
from sweeper.analyzer.frontier import split_frontier
from sweeper.analyzer.lookahead import counted
from sweeper.core import Cell

MAX_SOLUTIONS = 2000
MAX_NODES = 200_000
MAX_DEPTH = 100  # reveals in one line of play; each costs three Python frames
MAX_FRONTIER_CELLS = 200  # the lister recurses two frames per frontier cell
CLOCK_EVERY_NODES = 256  # how often the search looks at the deadline


@dataclass(frozen=True)
class EndgameMove:
    """The best first guess and the exact probability of winning the position with it."""

    cell: Cell
    win_probability: float
    solutions: int


class _OutOfBudgetError(Exception):
    pass


def list_solutions(problem: Problem, limit: int | None = None) -> list[frozenset[Cell]] | None:
    """Every mine placement of ``problem`` (as the set of mined cells), or None past ``limit``
    (default :data:`MAX_SOLUTIONS`) or when the frontier is too long to list."""
    if len(problem.frontier) > MAX_FRONTIER_CELLS:
        return None
    lister = _Lister(problem, MAX_SOLUTIONS if limit is None else limit)
    return lister.solutions if lister.place(0) else None


class _Lister:
    """Backtracking over the frontier cells, then every spread of the rest off the frontier."""

    def __init__(self, problem: Problem, limit: int) -> None:
        self.limit = limit
        self.mines_left = problem.mines_left
        self.frontier = sorted(problem.frontier)
        self.off = [cell for cell in problem.unknowns if cell not in problem.frontier]
        self.members: dict[Cell, list[int]] = {cell: [] for cell in self.frontier}
        for index, constraint in enumerate(problem.constraints):
            for cell in constraint.unknowns:
                self.members[cell].append(index)
        self.needs = [constraint.mines for constraint in problem.constraints]
        self.room = [len(constraint.unknowns) for constraint in problem.constraints]
        self.chosen: list[Cell] = []
        self.solutions: list[frozenset[Cell]] = []

    def place(self, position: int) -> bool:
        """Extend ``chosen`` from ``frontier[position]``; False once past the limit."""
        if position == len(self.frontier):
            return self._spread_off_frontier()
        touched = self.members[self.frontier[position]]
        for index in touched:
            self.room[index] -= 1
        going = self._try(position, touched, 0) and self._try(position, touched, 1)
        for index in touched:
            self.room[index] += 1
        return going

    def _try(self, position: int, touched: list[int], mine: int) -> bool:
        if mine and len(self.chosen) >= self.mines_left:
            return True
        if not all(0 <= self.needs[i] - mine <= self.room[i] for i in touched):
            return True
        for index in touched:
            self.needs[index] -= mine
        if mine:
            self.chosen.append(self.frontier[position])
        going = self.place(position + 1)
        if mine:
            self.chosen.pop()
        for index in touched:
            self.needs[index] += mine
        return going

    def _spread_off_frontier(self) -> bool:
        rest = self.mines_left - len(self.chosen)
        if not 0 <= rest <= len(self.off):
            return True
        for extra in combinations(self.off, rest):
            self.solutions.append(frozenset(self.chosen).union(extra))
            if len(self.solutions) > self.limit:
                return False
        return True


def best_endgame_move(
    problem: Problem,
    limit: int | None = None,
    max_nodes: int | None = None,
    deadline: float | None = None,
) -> EndgameMove | None:
    """The guess that wins ``problem`` most often, exactly; None if it is too large or
    ``deadline`` passes first."""
    solutions = list_solutions(problem, limit)
    if not solutions:
        return None
    nodes = MAX_NODES if max_nodes is None else max_nodes
    search = _Search(problem, solutions, nodes, deadline)
    try:
        worth, cell = search.best_guess(search.everything, 0)
    except _OutOfBudgetError:
        return None
    if cell is None:
        return None
    return EndgameMove(cell, worth, len(solutions))


def win_probability(
    problem: Problem, limit: int | None = None, max_nodes: int | None = None
) -> float | None:
    """The exact probability of winning ``problem`` with best play (safe cells opened first)."""
    solutions = list_solutions(problem, limit)
    if not solutions:
        return None
    search = _Search(problem, solutions, MAX_NODES if max_nodes is None else max_nodes, None)
    try:
        return search.worth(search.everything, 0)
    except _OutOfBudgetError:
        return None


def independent_regions(problem: Problem) -> list[Problem]:
    """Parts of the board no future reveal elsewhere can inform, as sub-problems.

    A frontier component is independent when none of its cells touches an unknown cell
    outside it and every placement that fits it holds the same number of mines (so the
    total count says nothing more either). Such a region must be played out by itself
    sooner or later, whatever happens elsewhere: an isolated 50/50 is the smallest case.
    """
    unknown = set(problem.unknowns)
    regions = []
    for component in split_frontier(problem).components:
        cells = set(component.cells)
        if any(n in unknown and n not in cells for cell in cells for n in _around(cell)):
            continue
        mine_counts = [m for m, weight in enumerate(counted(component).weights) if weight]
        if len(mine_counts) != 1:
            continue
        constraints = tuple(c for c in problem.constraints if cells.issuperset(c.unknowns))
        regions.append(Problem(
            problem.height, problem.width, constraints, tuple(sorted(cells)), mine_counts[0]
        ))
    return regions


def _around(cell: Cell) -> list[Cell]:
    row, col = cell
    return [(row + dr, col + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]


class _Search:
    """The memoised game-tree search over a fixed list of placements."""

    def __init__(
        self,
        problem: Problem,
        solutions: list[frozenset[Cell]],
        max_nodes: int,
        deadline: float | None,
    ) -> None:
        self.cells = list(problem.unknowns)
        self.everything = (1 << len(solutions)) - 1
        # per cell: bitmask of placements where it is a mine; per shown number, where it shows it
        self.mine_masks: list[int] = []
        self.value_masks: list[list[int]] = []
        ever_mined = frozenset().union(*solutions)
        for cell in self.cells:
            # a neighbour no placement mines adds nothing to the number a cell shows
            neighbours = [other for other in _around(cell) if other in ever_mined]
            mine_mask = 0
            by_value = [0] * 9
            for index, solution in enumerate(solutions):
                if cell in solution:
                    mine_mask |= 1 << index
                else:
                    by_value[sum(other in solution for other in neighbours)] |= 1 << index
            self.mine_masks.append(mine_mask)
            self.value_masks.append([mask for mask in by_value if mask])
        # the cells that can tell placements apart (two numbers or more), for free splits:
        # a cell showing one number in every placement shows one in every subset too
        self.splitters = [(mine_mask, value_masks) for mine_mask, value_masks
                          in zip(self.mine_masks, self.value_masks, strict=True)
                          if len(value_masks) > 1]
        # the cells that can be guesses somewhere: mined in some placements, not all
        self.guessable = [(index, mine_mask) for index, mine_mask in enumerate(self.mine_masks)
                          if mine_mask and mine_mask != self.everything]
        self.memo: dict[int, float] = {}
        self.nodes_left = max_nodes
        self.deadline = deadline

    def worth(self, placements: int, depth: int) -> float:
        """The probability of winning from the set ``placements`` with best play, reached
        ``depth`` reveals into the search."""
        if placements & (placements - 1) == 0:
            return 1.0
        known = self.memo.get(placements)
        if known is not None:
            return known
        self.nodes_left -= 1
        if self.nodes_left < 0 or depth > MAX_DEPTH or self._out_of_time():
            raise _OutOfBudgetError
        result = self._free_split(placements, depth)
        if result is None:
            result, _ = self.best_guess(placements, depth)
        self.memo[placements] = result
        return result

    def _out_of_time(self) -> bool:
        return self.nodes_left % CLOCK_EVERY_NODES == 0 and past(self.deadline)

    def _free_split(self, placements: int, depth: int) -> float | None:
        """Worth via a cell that is safe everywhere but still tells placements apart."""
        for mine_mask, value_masks in self.splitters:
            if placements & mine_mask:
                continue
            # the cell is safe in every placement, so its numbers partition them: it
            # splits them unless the first number it shows there holds them all
            for mask in value_masks:
                if first := placements & mask:
                    break
            if first == placements:
                continue
            wins = 0.0  # added up in the parts' order, as a sum() would
            for mask in value_masks:
                if part := placements & mask:
                    # a single placement is won (worth's own first answer, without a call)
                    wins += part.bit_count() * (
                        1.0 if part & (part - 1) == 0 else self.worth(part, depth + 1))
            return wins / placements.bit_count()
        return None

    def best_guess(self, placements: int, depth: int) -> tuple[float, Cell | None]:
        """The best cell to open in ``placements`` and the winning probability it gives."""
        total = placements.bit_count()
        options = []
        for index, mine_mask in self.guessable:
            mined = (placements & mine_mask).bit_count()
            if 0 < mined < total:
                options.append((total - mined, index))
        options.sort(reverse=True)
        best_worth, best_cell = 0.0, None
        for safe_count, index in options:
            if safe_count <= best_worth * total:
                break
            wins = 0.0
            for mask in self.value_masks[index]:
                part = placements & mask
                if part:
                    wins += part.bit_count() * (
                        1.0 if part & (part - 1) == 0 else self.worth(part, depth + 1))
            if wins / total > best_worth:
                best_worth, best_cell = wins / total, self.cells[index]
        return best_worth, best_cell
