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
from sweeper.core import Board, Cell, Rules, SweeperError, format_board

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
