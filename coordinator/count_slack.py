"""Deciding under a mine count that may be off.

A count the game states (``--mines``, or shown on its screen) may be off by a mine or two
(a game that places one fewer or more than it says): when the board fits no placement
of it, the nearest count at most :data:`MINE_COUNT_SLACK` away that fits is played on.

The standard count of a size whose game shows none is only assumed: such a game may lay
its mines by a density, up to :data:`ASSUMED_COUNT_SLACK` from it. A cell is then certain
only if it is certain under every count that fits within that slack; what the assumed
count alone proves (the cells away from the numbers all safe, a last cell a mine) is a
guess of no risk under that count, played as a guess, never as a proof. Where the assumed
count does not fit, the count that makes every closed cell a mine is left out when others
fit: the board is in play, a safe cell is left.

Only counts :func:`_spanning_step` apart need deciding: the frontier's placements a
count allows are those whose mines leave between 0 and ``I`` mines for the ``I`` closed
cells away from the numbers, so counts ``I + 1`` apart allow, together, every placement
any count between them allows.
"""

from __future__ import annotations

from sweeper.analyzer import Move
from sweeper.coordinator.decide import AnalyzerRejectedError, Decider, Decision
from sweeper.coordinator.facts import ASSUMED_COUNT_SLACK, MINE_COUNT_SLACK, GameFacts
from sweeper.core import UNOPENED, Board, Cell


def decide_with_count_slack(decider: Decider, board: Board,
                            facts: GameFacts) -> tuple[Decision, GameFacts]:
    """Decide on ``board`` of a game with ``facts`` (see the module's description).

    Return the decision and the facts it rests on: ``facts``, or the same with the count
    that fitted. A board no count near it fits (a number at odds with its neighbours) is
    rejected as it was.
    """
    total_mines = facts.mines
    if total_mines is None:
        raise AnalyzerRejectedError("the game's mine count is not known")
    if facts.mines_from == "standard":
        return _decide_under_assumed_count(decider, board, facts, total_mines), facts
    try:
        return decider.decide(board, total_mines, facts.rules), facts
    except AnalyzerRejectedError as rejection:
        for count in _counts_near(total_mines, MINE_COUNT_SLACK):
            try:
                return decider.decide(board, count, facts.rules), facts.with_mines(count)
            except AnalyzerRejectedError:
                continue
        raise rejection


def _decide_under_assumed_count(decider: Decider, board: Board, facts: GameFacts,
                                assumed: int) -> Decision:
    """The decision at the ``assumed`` count, keeping as certain only the cells certain
    at every count that fits within :data:`ASSUMED_COUNT_SLACK`; the rest of what it
    proves is left to its odds, the safest guess."""
    try:
        decision = decider.decide(board, assumed, facts.rules)
    except AnalyzerRejectedError as rejection:
        return _decide_for_every_count(decider, board, facts, assumed, rejection)
    if not (decision.safe or decision.mines):
        return decision
    others = _spanning_decisions(decider, board, facts, assumed)
    safe, mines = _certain_at_every_count([decision, *others])
    if len(safe) == len(decision.safe) and len(mines) == len(decision.mines):
        return decision
    move = None if safe else (
        _least_risky(decision.probabilities, "no mine there if the game holds the assumed count")
        or _fewer_than_assumed(others))
    return Decision(safe=sorted(safe), mines=sorted(mines), probabilities=decision.probabilities,
                    move=move, elapsed_ms=decision.elapsed_ms + sum(
                        other.elapsed_ms for other in others))


def _fewer_than_assumed(others: list[Decision]) -> Move | None:
    """The guess where every closed cell is a mine at the assumed count (a board that
    would be won, but the game says it is not): the cell of least chance of a mine over
    the other counts that fit."""
    return _least_risky(_worst_odds(others), "the game holds fewer mines than assumed: "
                        "least chance of a mine over the counts that fit") if others else None


def _spanning_decisions(decider: Decider, board: Board, facts: GameFacts,
                        assumed: int) -> list[Decision]:
    """Decisions at counts on each side of ``assumed`` (which fits) out to the slack's
    ends, at most :func:`_spanning_step` apart; where a count does not fit, the last one
    that does is found by halving, so that the decided counts span every fitting one."""
    step = _spanning_step(board)
    decisions: list[Decision] = []
    for end in (max(0, assumed - ASSUMED_COUNT_SLACK), assumed + ASSUMED_COUNT_SLACK):
        fits = assumed
        while fits != end:
            count = fits + max(-step, min(step, end - fits))
            try:
                decisions.append(decider.decide(board, count, facts.rules))
                fits = count
            except AnalyzerRejectedError:
                decisions += _decisions_to_edge(decider, board, facts, fits, count)
                break
    return decisions


def _decisions_to_edge(decider: Decider, board: Board, facts: GameFacts,
                       fits: int, misses: int) -> list[Decision]:
    """Decisions at the counts found fitting while halving between ``fits`` and
    ``misses`` (which does not fit) down to the last count that fits."""
    decisions: list[Decision] = []
    while abs(misses - fits) > 1:
        middle = (fits + misses) // 2
        try:
            decisions.append(decider.decide(board, middle, facts.rules))
            fits = middle
        except AnalyzerRejectedError:
            misses = middle
    return decisions


def _spanning_step(board: Board) -> int:
    """How far apart counts may be decided and still span the ones between: one more
    than the closed cells away from every number (see the module's description)."""
    away = sum(1 for cell in board.cells_where(UNOPENED)
               if all(board[near] < 0 for near in board.neighbours(cell)))
    return away + 1


def _counts_near(count: int, slack: int) -> list[int]:
    """The counts at most ``slack`` from ``count``, nearest first (none below 0)."""
    return [near for offset in range(1, slack + 1)
            for near in (count - offset, count + offset) if near >= 0]


def _decide_for_every_count(decider: Decider, board: Board, facts: GameFacts, assumed: int,
                            rejection: AnalyzerRejectedError) -> Decision:
    """Decide on a board that no placement of the ``assumed`` count fits: every count
    within :data:`ASSUMED_COUNT_SLACK` that fits is as likely. Certain are the cells
    certain for every fitting count; without any, the move is the cell whose likeliest
    chance of a mine over those counts is least (where each is a mine at some count,
    whose mean chance is least). The facts stay as they were: the count
    is still only assumed, and the next board is weighed the same way."""
    decisions: list[Decision] = []
    for count in _counts_near(assumed, ASSUMED_COUNT_SLACK):
        try:
            decisions.append(decider.decide(board, count, facts.rules))
        except AnalyzerRejectedError:
            continue
    if not decisions:
        raise rejection
    decisions = _in_play(decisions, board)
    safe, mines = _certain_at_every_count(decisions)
    worst = _worst_odds(decisions)
    move = None if safe else (
        _least_risky(worst, "least chance of a mine over the counts that fit")
        or _least_risky(_mean_odds(decisions), "every cell a mine at some count that fits: "
                        "least chance of a mine on average over them"))
    return Decision(safe=sorted(safe), mines=sorted(mines), probabilities=worst,
                    move=move, elapsed_ms=sum(decision.elapsed_ms for decision in decisions))


def _in_play(decisions: list[Decision], board: Board) -> list[Decision]:
    """``decisions`` but the one that makes every closed cell of ``board`` a mine (a won
    board), where another fits: a board decided on is in play, a safe cell left; taken
    with the rest, that one would leave no cell to guess. A board no other count fits
    keeps it: it is won at every count that fits."""
    closed = board.count(UNOPENED)
    unwon = [decision for decision in decisions if len(decision.mines) < closed]
    return unwon or decisions


def _certain_at_every_count(decisions: list[Decision]) -> tuple[set[Cell], set[Cell]]:
    """The cells safe, and the cells mines, in every one of ``decisions``."""
    return (set.intersection(*(set(decision.safe) for decision in decisions)),
            set.intersection(*(set(decision.mines) for decision in decisions)))


def _worst_odds(decisions: list[Decision]) -> list[list[float | None]]:
    """Per cell, its highest chance of a mine over ``decisions`` (None: not closed)."""
    first = decisions[0].probabilities
    return [[None if first[r][c] is None else
             max(float(d.probabilities[r][c] or 0.0) for d in decisions)
             for c in range(len(first[r]))] for r in range(len(first))]


def _mean_odds(decisions: list[Decision]) -> list[list[float | None]]:
    """Per cell, its mean chance of a mine over ``decisions`` (None: not closed): every
    count that fits as likely."""
    first = decisions[0].probabilities
    return [[None if first[r][c] is None else
             sum(float(d.probabilities[r][c] or 0.0) for d in decisions) / len(decisions)
             for c in range(len(first[r]))] for r in range(len(first))]


def _least_risky(odds: list[list[float | None]], why: str) -> Move | None:
    """A guess at the closed cell of least chance of a mine (the first such, row by row)."""
    closed = [(p, (r, c)) for r, row in enumerate(odds) for c, p in enumerate(row)
              if p is not None and p < 1.0]
    if not closed:
        return None
    p_mine, (row, col) = min(closed)
    return Move(row, col, p_mine, why)
