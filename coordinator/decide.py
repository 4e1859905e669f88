"""Asking the analyzer for a decision, in-process or over HTTP, with one result type.

Both paths go through the JSON shape of ``POST /analyze`` (docs/analyzer.md), so the bot plays
exactly the same whether the analyzer runs inside it or as a separate service.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import httpx
from tenacity import (
    RetryCallState,
    RetryError,
    Retrying,
    retry_if_exception_type,
    stop_before_delay,
)

from sweeper.analyzer import Move
from sweeper.coordinator.consistency import MINE_COUNT_SLACK
from sweeper.coordinator.facts import GameFacts
from sweeper.core import Board, Cell, Rules, SweeperError, format_board

ASSUMED_COUNT_SLACK = 24  # how far a game of a standard size that shows no count may lay
# its mines from the standard count (a density of 0.21 on 480 cells gives 101 +- 9)

if TYPE_CHECKING:
    from sweeper.analyzer import GuessOptions

TOKEN_ENV = "SWEEPER_ANALYZER_TOKEN"
MAX_RETRY_AFTER_S = 60.0  # a longer wait asked for is waited this long (the deadline still holds)


class AnalyzerRejectedError(SweeperError, RuntimeError):
    """The analyzer refused the board (it is malformed or no mine placement fits it)."""


class AnalyzerUnavailableError(SweeperError, ConnectionError):
    """The analyzer service could not be reached, or answered with an error of its own."""


@dataclass(frozen=True)
class Decision:
    """The analyzer's answer for one board."""

    safe: list[Cell]
    mines: list[Cell]
    probabilities: list[list[float | None]]
    move: Move | None
    elapsed_ms: float

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Decision:
        """Build from the ``POST /analyze`` response body."""
        move = data.get("move")
        return cls(
            safe=[(int(r), int(c)) for r, c in data["safe"]],
            mines=[(int(r), int(c)) for r, c in data["mines"]],
            probabilities=data["probabilities"],
            move=None if move is None else Move.from_json(move),
            elapsed_ms=float(data.get("elapsed_ms", 0.0)),
        )


class Decider(Protocol):
    """Anything that turns a board into a decision."""

    def decide(self, board: Board, total_mines: int, rules: Rules) -> Decision: ...


class LocalDecider:
    """The analyzer running in this process, guessing by ``guess_options`` (default: the
    analyzer's own)."""

    def __init__(self, guess_options: GuessOptions | None = None) -> None:
        self.guess_options = guess_options

    def decide(self, board: Board, total_mines: int, rules: Rules) -> Decision:
        from sweeper.analyzer import AnalysisError, analyze

        try:
            if self.guess_options is None:
                analysis = analyze(board, total_mines, rules)
            else:
                analysis = analyze(board, total_mines, rules, guess_options=self.guess_options)
        except AnalysisError as error:
            raise AnalyzerRejectedError(str(error)) from error
        return Decision.from_json(analysis.to_json())


class AnalyzerBusyError(AnalyzerUnavailableError):
    """The analyzer service is busy (503 with ``Retry-After``): worth asking again."""

    def __init__(self, message: str, retry_after_s: float) -> None:
        super().__init__(message)
        self.retry_after_s = retry_after_s


class RemoteDecider:
    """The analyzer service at ``base_url`` (``sweeper serve analyzer``).

    ``token`` defaults to the ``SWEEPER_ANALYZER_TOKEN`` environment variable. Each
    decision has ``timeout_s`` from its start: a busy service (503 with ``Retry-After``)
    is asked again after the time it names, as long as the next try starts within it.
    """

    def __init__(self, base_url: str, token: str | None = None, timeout_s: float = 10.0) -> None:
        token = token if token is not None else os.environ.get(TOKEN_ENV)
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        self._client = httpx.Client(base_url=base_url, headers=headers, timeout=timeout_s)
        self._timeout_s = timeout_s

    def decide(self, board: Board, total_mines: int, rules: Rules) -> Decision:
        body = {"board": format_board(board), "total_mines": total_mines, "rules": rules}
        deadline = time.monotonic() + self._timeout_s
        retrying = Retrying(
            retry=retry_if_exception_type(AnalyzerBusyError),
            wait=_retry_after,
            stop=stop_before_delay(self._timeout_s),
        )
        try:
            data = retrying(self._ask, body, deadline)
        except RetryError as gave_up:
            tries = gave_up.last_attempt.attempt_number
            raise AnalyzerUnavailableError(
                f"{gave_up.last_attempt.exception()}; still busy after {tries} tries in "
                f"{self._timeout_s:g} s") from None
        return Decision.from_json(data)

    def _ask(self, body: dict[str, Any], deadline: float) -> dict[str, Any]:
        """One request, within what is left of ``deadline``; the answer's JSON body."""
        where = f"analyzer at {self._client.base_url}"
        try:
            response = self._client.post(
                "/analyze", json=body, timeout=max(deadline - time.monotonic(), 0.001))
        except httpx.HTTPError as error:
            raise AnalyzerUnavailableError(f"{where}: {error}") from error
        if response.status_code == 422:
            raise AnalyzerRejectedError(_detail(response))
        if response.status_code == 503 and "Retry-After" in response.headers:
            raise AnalyzerBusyError(f"{where} is busy: {_detail(response)}",
                                    _seconds(response.headers["Retry-After"]))
        if response.status_code != 200:
            raise AnalyzerUnavailableError(
                f"{where} answered {response.status_code}: {response.text[:200]}")
        data: dict[str, Any] = response.json()
        return data

    def close(self) -> None:
        self._client.close()


def _retry_after(state: RetryCallState) -> float:
    """How long the busy service asked to wait before the next try."""
    error = state.outcome.exception() if state.outcome is not None else None
    return error.retry_after_s if isinstance(error, AnalyzerBusyError) else 1.0


def _seconds(retry_after: str) -> float:
    """A ``Retry-After`` header's delay in seconds (1 s if it is a date or not a number)."""
    try:
        return min(max(float(retry_after), 0.0), MAX_RETRY_AFTER_S)
    except ValueError:
        return 1.0


def _detail(response: httpx.Response) -> str:
    try:
        return str(response.json().get("detail", response.text))
    except ValueError:
        return response.text[:200]


def decide_with_count_slack(decider: Decider, board: Board,
                            facts: GameFacts) -> tuple[Decision, GameFacts]:
    """Decide on ``board`` of a game with ``facts``; when no placement fits its mine count
    but one fits a count at most :data:`MINE_COUNT_SLACK` away (a game that places a mine
    fewer or more than it says), decide with the nearest such count; a count only taken
    for the board's standard size, which the game never showed, may be off by up to
    :data:`ASSUMED_COUNT_SLACK` (a game that lays its mines by a density), and then every
    count that fits is weighed (:func:`_decide_for_every_count`).

    Return the decision and the facts it rests on: ``facts``, or the same with the count
    that fitted. A board no count near it fits (a number at odds with its neighbours) is
    rejected as it was.
    """
    total_mines = facts.mines
    if total_mines is None:
        raise AnalyzerRejectedError("the game's mine count is not known")
    try:
        return decider.decide(board, total_mines, facts.rules), facts
    except AnalyzerRejectedError as rejection:
        if facts.mines_from == "standard":
            return _decide_for_every_count(decider, board, facts, rejection)
        for count in _counts_near(total_mines, MINE_COUNT_SLACK):
            try:
                return decider.decide(board, count, facts.rules), facts.with_mines(count)
            except AnalyzerRejectedError:
                continue
        raise rejection


def _counts_near(count: int, slack: int) -> list[int]:
    """The counts at most ``slack`` from ``count``, nearest first (none below 0)."""
    return [near for offset in range(1, slack + 1)
            for near in (count - offset, count + offset) if near >= 0]


def _decide_for_every_count(decider: Decider, board: Board, facts: GameFacts,
                            rejection: AnalyzerRejectedError) -> tuple[Decision, GameFacts]:
    """Decide on a board whose assumed count (the standard size's: the game shows none)
    no placement fits: every count within :data:`ASSUMED_COUNT_SLACK` that fits is as
    likely, and what one count alone proves (the cells away from the numbers all safe, at
    the least count) is no proof for another. Certain are the cells certain for every
    fitting count; without any, the move is the cell whose likeliest chance of a mine
    over those counts is least. The facts stay as they were: the count is still only
    assumed, and the next board is weighed the same way."""
    assert facts.mines is not None
    decisions: list[Decision] = []
    for count in _counts_near(facts.mines, ASSUMED_COUNT_SLACK):
        try:
            decisions.append(decider.decide(board, count, facts.rules))
        except AnalyzerRejectedError:
            continue
    if not decisions:
        raise rejection
    safe = set.intersection(*(set(decision.safe) for decision in decisions))
    mines = set.intersection(*(set(decision.mines) for decision in decisions))
    worst = _worst_odds(decisions)
    move = None if safe else _least_risky(worst)
    combined = Decision(safe=sorted(safe), mines=sorted(mines), probabilities=worst,
                        move=move,
                        elapsed_ms=sum(decision.elapsed_ms for decision in decisions))
    return combined, facts


def _worst_odds(decisions: list[Decision]) -> list[list[float | None]]:
    """Per cell, its highest chance of a mine over ``decisions`` (None: not closed)."""
    first = decisions[0].probabilities
    return [[None if first[r][c] is None else
             max(float(d.probabilities[r][c] or 0.0) for d in decisions)
             for c in range(len(first[r]))] for r in range(len(first))]


def _least_risky(odds: list[list[float | None]]) -> Move | None:
    """A guess at the closed cell of least chance of a mine (the first such, row by row)."""
    closed = [(p, (r, c)) for r, row in enumerate(odds) for c, p in enumerate(row)
              if p is not None and p < 1.0]
    if not closed:
        return None
    p_mine, (row, col) = min(closed)
    return Move(row, col, p_mine, "least chance of a mine over the counts that fit")
