"""Asking the analyzer for a decision, in-process or over HTTP, with one result type.

Both paths go through the JSON shape of ``POST /analyze`` (docs/analyzer.md), so the bot plays
exactly the same whether the analyzer runs inside it or as a separate service.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import httpx

from sweeper.analyzer import Move
from sweeper.coordinator.consistency import MINE_COUNT_SLACK
from sweeper.coordinator.facts import GameFacts
from sweeper.core import Board, Cell, Rules, SweeperError, format_board

if TYPE_CHECKING:
    from sweeper.analyzer import GuessOptions

TOKEN_ENV = "SWEEPER_ANALYZER_TOKEN"


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


class RemoteDecider:
    """The analyzer service at ``base_url`` (``sweeper serve analyzer``).

    ``token`` defaults to the ``SWEEPER_ANALYZER_TOKEN`` environment variable.
    """

    def __init__(self, base_url: str, token: str | None = None, timeout_s: float = 10.0) -> None:
        token = token if token is not None else os.environ.get(TOKEN_ENV)
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        self._client = httpx.Client(base_url=base_url, headers=headers, timeout=timeout_s)

    def decide(self, board: Board, total_mines: int, rules: Rules) -> Decision:
        body = {"board": format_board(board), "total_mines": total_mines, "rules": rules}
        try:
            response = self._client.post("/analyze", json=body)
        except httpx.HTTPError as error:
            raise AnalyzerUnavailableError(
                f"analyzer at {self._client.base_url}: {error}") from error
        if response.status_code == 422:
            raise AnalyzerRejectedError(response.json().get("detail", response.text))
        if response.status_code != 200:
            raise AnalyzerUnavailableError(
                f"analyzer at {self._client.base_url} answered {response.status_code}: "
                f"{response.text[:200]}"
            )
        return Decision.from_json(response.json())

    def close(self) -> None:
        self._client.close()


def decide_with_count_slack(decider: Decider, board: Board,
                            facts: GameFacts) -> tuple[Decision, GameFacts]:
    """Decide on ``board`` of a game with ``facts``; when no placement fits its mine count
    but one fits a count at most :data:`MINE_COUNT_SLACK` away (a game that places a mine
    fewer or more than it says), decide with the nearest such count.

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
        for offset in range(1, MINE_COUNT_SLACK + 1):
            for count in (total_mines - offset, total_mines + offset):
                if count < 0:
                    continue
                try:
                    return decider.decide(board, count, facts.rules), facts.with_mines(count)
                except AnalyzerRejectedError:
                    continue
        raise rejection
