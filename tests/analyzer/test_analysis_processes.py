"""Analyses in child processes: the same answers, the analyzer's errors passed on, and a
child that overruns or dies replaced by a fresh one."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator

import pytest

from sweeper.analyzer import analyze
from sweeper.analyzer.errors import AnalysisError, AnalysisTimeoutError
from sweeper.analyzer.processes import AnalysisProcess, AnalysisProcessError, AnalysisProcesses
from sweeper.core import parse_board

BOARD = parse_board("01.\n02.\n01.\n")
# Every other cell a 1 on 100x100 with 2500 mines: over a second of work, then an error
SLOW = parse_board("\n".join("".join("1" if (r + c) % 2 == 0 else "." for c in range(100))
                             for r in range(100)))
SLOW_MINES = 2500


@pytest.fixture(scope="module")
def children() -> Iterator[AnalysisProcesses]:
    processes = AnalysisProcesses(1)
    processes.warm_up(BOARD, 2)
    yield processes
    processes.close()


def test_a_child_answers_as_the_analyzer_does(children: AnalysisProcesses) -> None:
    expected = analyze(BOARD, 2).to_json()
    answer = children.analyze(BOARD, 2, "safe", 5.0)
    assert answer["safe"] == expected["safe"] == [[1, 2]]
    assert answer["probabilities"] == expected["probabilities"]


def test_the_analyzers_errors_are_raised_in_the_caller(children: AnalysisProcesses) -> None:
    with pytest.raises(AnalysisError, match="mines"):
        children.analyze(BOARD, 7, "safe", 5.0)


def test_a_child_that_dies_mid_analysis_is_replaced(children: AnalysisProcesses) -> None:
    [pid] = children.pids
    threading.Timer(0.2, os.kill, (pid, signal.SIGKILL)).start()
    with pytest.raises(AnalysisProcessError, match="stopped"):
        children.analyze(SLOW, SLOW_MINES, "safe", 30.0)
    assert children.analyze(BOARD, 2, "safe", 5.0)["safe"] == [[1, 2]]
    assert children.pids != [pid]


def test_a_child_past_its_wait_is_killed() -> None:
    child = AnalysisProcess()
    try:
        started = time.monotonic()
        with pytest.raises(AnalysisTimeoutError, match="stopped"):
            child.run((SLOW, SLOW_MINES, "safe", None), wait_s=0.3)
        assert time.monotonic() - started < 5
        assert not child.alive
    finally:
        child.close()
