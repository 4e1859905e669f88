"""Choosing a guess when no cell is certainly safe: one-step look-ahead over the best cells.

For a candidate cell ``c`` with exact survival chance ``s``, every number ``v`` it could
show has an exact probability ``P(v | c safe)`` (the weights of the hypothetical
positions, see :mod:`analyzer.lookahead`), and after it the best next move survives
with ``s_v`` (1 when the reveal proves some cell safe). The score is the chance of
surviving this click and the next, ``s * sum_v P(v) * s_v``. Only cells whose own
survival chance is close to the best are looked at, most promising first (how close and
how many: :class:`GuessOptions`), and the search stops as soon as no remaining candidate
can beat the best score.
"""

from __future__ import annotations

from dataclasses import dataclass

from sweeper.analyzer import endgame
from sweeper.analyzer.clock import past
from sweeper.analyzer.endgame import best_endgame_move, independent_regions
from sweeper.analyzer.lookahead import Evaluation, outcomes
from sweeper.analyzer.move import TIE_TOLERANCE
from sweeper.core import Cell


@dataclass(frozen=True)
class GuessOptions:
    """Which cells the look-ahead rates (the README's "Guessing policy" measures them)."""

    candidate_margin: float = 0.10
    """A cell is a candidate when its mine probability is within this of the lowest one."""
    max_frontier_candidates: int = 8
    """At most this many candidates next to a number, the most promising ones."""
    max_off_frontier_candidates: int = 3
    """At most this many candidates next to no number (all share one probability)."""
    lookahead: bool = True
    """Rate the candidates one reveal ahead; False opens the first one (safest, likeliest 0)."""

    def __post_init__(self) -> None:
        if self.candidate_margin < 0:
            raise ValueError(f"candidate_margin must be >= 0, not {self.candidate_margin}")
        if min(self.max_frontier_candidates, self.max_off_frontier_candidates) < 1:
            raise ValueError("at least one frontier and one off-frontier candidate is needed")


DEFAULT_GUESS_OPTIONS = GuessOptions()


@dataclass(frozen=True)
class Guess:
    """The cell to open, its exact mine probability and why it was chosen."""

    cell: Cell
    p_mine: float
    reason: str


@dataclass(frozen=True)
class Rating:
    """How good opening one cell looks after one step of look-ahead."""

    cell: Cell
    safety: float  # chance the cell is not a mine
    next_safety: float  # expected survival chance of the best next move, given a safe reveal
    progress: float  # chance the reveal proves at least one other cell safe

    @property
    def score(self) -> float:
        """The chance of surviving this click and the best next one."""
        return self.safety * self.next_safety


def choose_guess(
    evaluation: Evaluation,
    deadline: float | None = None,
    options: GuessOptions = DEFAULT_GUESS_OPTIONS,
) -> Guess:
    """The best guess of ``evaluation`` (a position with no certainly-safe cell).

    Past ``deadline`` the exact searches give up and the look-ahead keeps the best
    candidate rated so far (always at least the safest one), so an answer still comes.
    """
    undecided = [cell for cell in evaluation.problem.unknowns if cell not in evaluation.mines]
    if not undecided:
        raise ValueError("no undecided cell to guess")
    lowest = min(evaluation.p_mine(cell) for cell in undecided)
    cell, why = _pick(evaluation, undecided, deadline, options)
    p_mine = evaluation.p_mine(cell)
    if p_mine <= lowest + TIE_TOLERANCE:
        risk = f"lowest mine probability ({p_mine:.4f})"
    else:
        risk = f"mine probability {p_mine:.4f} (lowest {lowest:.4f})"
    return Guess(cell, p_mine, f"{risk}, no cell is certainly safe; {why}")


def _pick(
    evaluation: Evaluation, undecided: list[Cell], deadline: float | None, options: GuessOptions
) -> tuple[Cell, str]:
    """The guess and why: isolated region, exact endgame, or one-step look-ahead."""
    for region in independent_regions(evaluation.problem):
        local = best_endgame_move(region, deadline=deadline)
        if local is not None:
            return local.cell, (
                f"isolated region of {len(region.unknowns)} cells no other reveal can "
                f"inform, played out first: wins {local.win_probability:.3f} of it"
            )
    if evaluation.weight <= endgame.MAX_SOLUTIONS:
        exact = best_endgame_move(evaluation.problem, deadline=deadline)
        if exact is not None:
            return exact.cell, (
                f"exact endgame: wins {exact.win_probability:.3f} "
                f"over {exact.solutions} placements"
            )
    if not options.lookahead:
        return candidates(evaluation, undecided, options)[0], "safest cell, likeliest 0"
    best = best_rating(evaluation, undecided, 1, deadline, options)
    return best.cell, (
        f"look-ahead: next move survives {best.next_safety:.3f}, "
        f"proves a cell safe {best.progress:.3f}"
    )


def best_rating(
    evaluation: Evaluation,
    undecided: list[Cell],
    depth: int,
    deadline: float | None = None,
    options: GuessOptions = DEFAULT_GUESS_OPTIONS,
) -> Rating:
    """The best-rated candidate, looking ``depth`` reveals ahead (safest candidates first);
    past ``deadline`` no further candidate is rated."""
    best: Rating | None = None
    for cell in candidates(evaluation, undecided, options):
        safety = 1.0 - evaluation.p_mine(cell)
        if best is not None and (safety <= best.score or past(deadline)):
            break
        rating = rate(evaluation, cell, depth, options)
        if best is None or rating.score > best.score:
            best = rating
    assert best is not None
    return best


def candidates(
    evaluation: Evaluation, undecided: list[Cell], options: GuessOptions = DEFAULT_GUESS_OPTIONS
) -> list[Cell]:
    """The cells worth a look-ahead, safest first (likeliest 0 first among equals)."""
    lowest = min(evaluation.p_mine(cell) for cell in undecided)
    frontier = evaluation.problem.frontier
    margin = options.candidate_margin
    close = [cell for cell in undecided if evaluation.p_mine(cell) <= lowest + margin]
    unopened = set(evaluation.problem.unknowns) | evaluation.mines

    promises: dict[Cell, tuple[float, float, Cell]] = {}  # each worked out once

    def promise(cell: Cell) -> tuple[float, float, Cell]:
        known = promises.get(cell)
        if known is None:
            known = promises[cell] = (
                evaluation.p_mine(cell), -zero_estimate(evaluation, cell, unopened), cell)
        return known

    on = sorted((cell for cell in close if cell in frontier), key=promise)
    off = sorted((cell for cell in close if cell not in frontier), key=promise)
    chosen = on[: options.max_frontier_candidates] + off[: options.max_off_frontier_candidates]
    return sorted(chosen, key=promise)


def zero_estimate(evaluation: Evaluation, cell: Cell, unopened: set[Cell]) -> float:
    """A quick stand-in for the chance ``cell`` shows 0: prod of (1 - p) over its neighbours."""
    chance = 1.0
    for neighbour in _around(cell):
        if neighbour in unopened:
            chance *= 1.0 - evaluation.p_mine(neighbour)
    return chance


def rate(
    evaluation: Evaluation,
    cell: Cell,
    depth: int = 1,
    options: GuessOptions = DEFAULT_GUESS_OPTIONS,
) -> Rating:
    """Look ``depth`` reveals ahead from opening ``cell``.

    After a reveal that proves no cell safe, the next move is worth its own survival
    chance (``depth`` 1) or, deeper, the rating of the best of its ``options`` candidates
    one level down. The policy looks one reveal ahead: two measured no better.
    """
    safety = 1.0 - evaluation.p_mine(cell)
    results = outcomes(evaluation, cell)
    total = sum(outcome.weight for outcome in results)
    next_safety = progress = 0.0
    for outcome in results:
        share = outcome.weight / total
        after = outcome.after
        if after.safe or not after.problem.unknowns:
            progress += share
            next_safety += share
        elif depth > 1:
            undecided = [c for c in after.problem.unknowns if c not in after.mines]
            next_safety += share * best_rating(after, undecided, depth - 1, options=options).score
        else:
            next_safety += share * after.best_safety()
    return Rating(cell, safety, next_safety, progress)


def _around(cell: Cell) -> list[Cell]:
    row, col = cell
    return [(row + dr, col + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]
