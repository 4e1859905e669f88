"""Analyses in child processes, so that a busy analysis never holds the service's GIL.

The HTTP service answers ``/health`` and refuses excess requests on its event loop; an
analysis is Python code that would take the interpreter lock from it. Each
:class:`AnalysisProcess` is a child (started with ``spawn``: no copy of the server's
threads) that reads one job at a time from a pipe and sends back the answer's JSON or
the exception it raised, and hands the memory the job freed back to the system. A child
that overruns its job's time limit by more than :data:`KILL_GRACE_S`, or dies, is killed
and replaced; so is one whose resident memory passed :data:`MAX_CHILD_MB`.
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
import queue
import threading
from multiprocessing.connection import Connection
from typing import Any

from sweeper.analyzer.api import analyze
from sweeper.analyzer.errors import AnalysisTimeoutError
from sweeper.core import Board, SweeperError

KILL_GRACE_S = 2.0  # a child this far past its job's time limit is killed
MAX_CHILD_MB = 1024  # a child holding more resident memory is replaced before its next job
START_TIMEOUT_S = 60.0  # a child must answer its warm-up job within this

Job = tuple[Board, int, str, float | None]  # board, total mines, rules, time limit


class AnalysisProcessError(SweeperError, RuntimeError):
    """The child process died or could not start; the analysis has no answer."""


def _serve(connection: Connection) -> None:
    """The child's loop: analyze each job received, send back ``(ok, answer)``."""
    while True:
        try:
            board, total_mines, rules, time_limit_s = connection.recv()
        except (EOFError, OSError):
            return
        try:
            analysis = analyze(board, total_mines, rules, time_limit_s)
            answer: tuple[bool, Any] = (True, analysis.to_json())
        except Exception as error:  # sent back to be raised in the service
            answer = (False, error)
        _release_free_memory()
        try:
            connection.send(answer)
        except Exception as error:  # an exception that cannot be pickled
            connection.send((False, RuntimeError(f"{type(error).__name__}: {error}")))


def _release_free_memory() -> None:
    """Give the heap's free pages back to the system (glibc keeps them otherwise: a
    100x100 board would leave the child 60 MB bigger for good)."""
    with contextlib.suppress(AttributeError, OSError):  # not glibc
        ctypes.CDLL(None).malloc_trim(0)


class AnalysisProcess:
    """One child process doing one analysis at a time."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("spawn")
        self._connection, child_end = context.Pipe()
        self._process = context.Process(target=_serve, args=(child_end,), daemon=True,
                                        name="sweeper-analysis")
        self._process.start()
        child_end.close()

    def run(self, job: Job, wait_s: float | None) -> Any:
        """The answer's JSON for ``job``; its exception re-raised. Past ``wait_s``
        seconds the child is killed and :class:`AnalysisTimeoutError` raised."""
        try:
            self._connection.send(job)
            if not self._connection.poll(wait_s):
                self.kill()
                raise AnalysisTimeoutError("the analysis overran its time limit and was stopped")
            ok, answer = self._connection.recv()
        except (EOFError, OSError, BrokenPipeError) as error:
            self.kill()
            raise AnalysisProcessError(
                f"the analysis process stopped ({type(error).__name__})") from error
        if not ok:
            raise answer
        return answer

    @property
    def alive(self) -> bool:
        return self._process.is_alive()

    @property
    def pid(self) -> int | None:
        return self._process.pid

    def resident_mb(self) -> float | None:
        """The child's resident memory in MB, where ``/proc`` tells it."""
        try:
            with open(f"/proc/{self._process.pid}/statm") as statm:
                pages = int(statm.read().split()[1])
        except (OSError, ValueError, IndexError):
            return None
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20

    def kill(self) -> None:
        """Stop the child at once."""
        if self._process.is_alive():
            self._process.kill()
        self._process.join(5)
        self._connection.close()

    def close(self) -> None:
        """Let the child end (it ends when its pipe closes), then make sure it did."""
        self._connection.close()
        self._process.join(2)
        if self._process.is_alive():
            self._process.kill()
            self._process.join(2)


def _too_big(process: AnalysisProcess) -> bool:
    resident = process.resident_mb()
    return resident is not None and resident > MAX_CHILD_MB


class AnalysisProcesses:
    """``count`` child processes; :meth:`analyze` takes a free one (the caller admits at
    most ``count`` analyses at once) and hands it back, replaced if it died or overran."""

    def __init__(self, count: int) -> None:
        self._idle: queue.SimpleQueue[AnalysisProcess | None] = queue.SimpleQueue()
        self._all: list[AnalysisProcess] = []
        self._lock = threading.Lock()
        self.count = count
        for _ in range(count):
            self._idle.put(None)  # started on first use

    def analyze(self, board: Board, total_mines: int, rules: str,
                time_limit_s: float | None) -> Any:
        """The ``/analyze`` JSON for a board; the analyzer's exceptions are re-raised."""
        process = self._idle.get()
        try:
            if process is None or not process.alive or _too_big(process):
                process = self._replace(process)
            wait_s = None if time_limit_s is None else time_limit_s + KILL_GRACE_S
            return process.run((board, total_mines, rules, time_limit_s), wait_s)
        finally:
            self._idle.put(process)

    def warm_up(self, board: Board, total_mines: int) -> None:
        """Start every child not running yet and have it analyze ``board`` once (imports
        and Z3 loaded before the first request)."""
        taken = [self._idle.get() for _ in range(self.count)]
        try:
            for index, old in enumerate(taken):
                if old is not None and old.alive:
                    continue
                taken[index] = started = self._replace(old)
                started.run((board, total_mines, "safe", None), START_TIMEOUT_S)
        finally:
            for process in taken:
                self._idle.put(process)

    @property
    def pids(self) -> list[int]:
        """The process ids of the children running now."""
        with self._lock:
            return [process.pid for process in self._all if process.pid is not None]

    def _replace(self, old: AnalysisProcess | None) -> AnalysisProcess:
        with self._lock:
            if old is not None:
                old.close()
                self._all.remove(old)
            new = AnalysisProcess()
            self._all.append(new)
            return new

    def close(self) -> None:
        """Stop every child (a later analysis starts a new one)."""
        with self._lock:
            processes, self._all = self._all, []
        for process in processes:
            process.close()
