"""Admission control for sweeper's HTTP services (the effector's and the analyzer's).

An :class:`Admission` runs blocking work on its own worker threads: at most ``workers``
pieces at once and at most ``queue`` more waiting, in arrival order. Past that a
request is refused at once (:class:`OverloadedError`, HTTP 503 with ``Retry-After``)
instead of waiting without bound. Cheap endpoints such as ``/health`` run on the event
loop and never wait for a worker, so a busy service still answers them.

Each piece of work may carry two moments (``time.perf_counter()`` values): ``start_by``,
past which it is dropped unstarted if it is still queued (:class:`NotStartedError`), and
``finish_by``, past which its caller stops waiting (:class:`NotFinishedError`). A thread
cannot be interrupted, so work that overruns keeps its slot until it really ends: the
bound on work in progress holds even then.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from sweeper.core import SweeperError
from sweeper.serving.errors import error_answer

__all__ = [
    "RETRY_AFTER_S",
    "Admission",
    "NotFinishedError",
    "NotStartedError",
    "OverloadedError",
    "RefuseWhenFullMiddleware",
    "overloaded_answer",
]

T = TypeVar("T")

RETRY_AFTER_S = 1


class OverloadedError(SweeperError, RuntimeError):
    """Every worker is busy and the queue is full; nothing was done."""

    def __init__(self, message: str, retry_after_s: int = RETRY_AFTER_S) -> None:
        super().__init__(message)
        self.retry_after_s = retry_after_s


def overloaded_answer(refusal: OverloadedError) -> JSONResponse:
    """The 503 answer to refused work, with ``Retry-After``."""
    return error_answer(503, str(refusal), {"Retry-After": str(refusal.retry_after_s)})


class NotStartedError(SweeperError, RuntimeError):
    """The work waited in the queue until its ``start_by`` and was dropped, unstarted."""


class NotFinishedError(SweeperError, RuntimeError):
    """The work did not finish by its ``finish_by``; the caller stopped waiting for it."""


class Admission:
    """Bounded work in progress and a bounded queue, on ``workers`` threads of its own."""

    def __init__(self, name: str, workers: int, queue: int) -> None:
        if workers < 1 or queue < 0:
            raise ValueError(f"{name}: need at least 1 worker and a queue of 0 or more")
        self.name = name
        self.workers = workers
        self.queue = queue
        self._executor: ThreadPoolExecutor | None = None
        self._lock = threading.Lock()
        self._admitted = 0

    @property
    def admitted(self) -> int:
        """Pieces of work running or queued right now."""
        return self._admitted

    @property
    def full(self) -> bool:
        """Whether the next piece of work would be refused."""
        return self._admitted >= self.workers + self.queue

    def refusal(self) -> OverloadedError:
        """The error a piece of work gets when the workers and the queue are full."""
        return OverloadedError(
            f"the {self.name} is busy: {self.workers} request(s) in work and "
            f"{self.queue} waiting, the most it takes; retry in {RETRY_AFTER_S} s"
        )

    async def run(
        self, work: Callable[[], T], start_by: float | None = None, finish_by: float | None = None
    ) -> T:
        """Run ``work`` on a worker thread and return its result (or raise its error)."""
        self._enter()
        future = self._threads().submit(_started_in_time, work, start_by)
        future.add_done_callback(self._leave)
        waiting = asyncio.wrap_future(future)
        waiting.add_done_callback(_retrieve)  # no "never retrieved" if the caller went away
        if start_by is not None:
            await asyncio.wait({waiting}, timeout=_seconds_until(start_by))
            if future.cancel():
                raise NotStartedError(_late(start_by))
        try:
            return await asyncio.wait_for(asyncio.shield(waiting), _seconds_until(finish_by))
        except TimeoutError:
            raise NotFinishedError(_late(finish_by)) from None

    def close(self) -> None:
        """Drop the queued work and let the running work end on its own (a later ``run``
        starts new threads: an app may be started again after it was shut down)."""
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)

    def _threads(self) -> ThreadPoolExecutor:
        with self._lock:
            if self._executor is None:
                self._executor = ThreadPoolExecutor(
                    self.workers, thread_name_prefix=f"{self.name}-worker"
                )
            return self._executor

    def _enter(self) -> None:
        with self._lock:
            if self.full:
                raise self.refusal()
            self._admitted += 1

    def _leave(self, future: Future[Any]) -> None:
        with self._lock:
            self._admitted -= 1


def _retrieve(future: asyncio.Future[Any]) -> None:
    if not future.cancelled():
        future.exception()


def _started_in_time(work: Callable[[], T], start_by: float | None) -> T:
    if start_by is not None and time.perf_counter() > start_by:
        raise NotStartedError(_late(start_by))
    return work()


def _seconds_until(moment: float | None) -> float | None:
    return None if moment is None else max(0.0, moment - time.perf_counter())


def _late(moment: float | None) -> str:
    late = 0.0 if moment is None else max(0.0, time.perf_counter() - moment)
    return f"{late:.1f} s past its time"


class RefuseWhenFullMiddleware:
    """Answers 503 with ``Retry-After`` at once to a request for a full :class:`Admission`,
    before its body is read or parsed: under overload refusing stays cheap, so the event
    loop keeps time for ``/health`` and for the requests it admits."""

    def __init__(self, app: ASGIApp, gates: Mapping[tuple[str, str], Admission]) -> None:
        self.app = app
        self.gates = gates  # (method, path) -> the admission its work goes through

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        gate = self.gates.get((scope.get("method", ""), scope.get("path", "")))
        if scope["type"] == "http" and gate is not None and gate.full:
            await overloaded_answer(gate.refusal())(scope, receive, send)
            return
        await self.app(scope, receive, send)
