"""The bot decides the same whether the analyzer runs in-process or as a service."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator

import httpx
import pytest

from analyzer.board import parse_board
from coordinator.decide import AnalyzerRejectedError, LocalDecider, RemoteDecider
from coordinator.local_effector import free_loopback_port

BOARD = parse_board("1...\n....\n....\n")  # nothing is certain: a guess


@pytest.fixture(scope="module")
def analyzer_url() -> Iterator[str]:
    port = free_loopback_port()
    url = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [sys.executable, "-m", "coordinator", "serve", "analyzer", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{url}/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_local_and_remote_decisions_are_identical(analyzer_url: str) -> None:
    local = LocalDecider().decide(BOARD, 3, "safe")
    remote = RemoteDecider(analyzer_url).decide(BOARD, 3, "safe")
    assert local.safe == remote.safe and local.mines == remote.mines
    assert local.probabilities == remote.probabilities
    assert local.move == remote.move and local.move is not None


def test_an_impossible_board_is_rejected_naming_the_cell(analyzer_url: str) -> None:
    impossible = parse_board("3.\n.0\n")  # a 3 with only two unopened neighbours
    for decider in (LocalDecider(), RemoteDecider(analyzer_url)):
        with pytest.raises(AnalyzerRejectedError, match="row 0, column 0"):
            decider.decide(impossible, 1, "safe")


def test_an_unreachable_analyzer_is_a_connection_error() -> None:
    url = f"http://127.0.0.1:{free_loopback_port()}"
    with pytest.raises(ConnectionError, match="analyzer at"):
        RemoteDecider(url, timeout_s=1).decide(BOARD, 3, "safe")
