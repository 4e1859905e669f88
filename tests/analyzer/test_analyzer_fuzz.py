"""Fuzzing the analyzer service with well-formed but adversarial boards (a fixed seed).

Each kind of board from :mod:`practice.fuzz_boards` goes through the real service (in
process) and every answer is checked against the contract (:mod:`analyzer.contract`):
200 with the right shape and cells, or a one-line 413/422/503, never a 500.
``benchmarks/fuzz_services.py`` runs the same generators much longer, over real HTTP.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sweeper.analyzer.contract import answer_problems
from sweeper.analyzer.service import create_app
from sweeper.practice import fuzz_boards

EXAMPLES_PER_KIND = 400
KINDS: dict[str, Callable[[], st.SearchStrategy[dict[str, Any]]]] = {
    "sparse": fuzz_boards.sparse,
    "dense": fuzz_boards.dense,
    "checkerboard": lambda: fuzz_boards.checkerboard(most=60),  # 100x100 is in the benchmark
    "at_limits": fuzz_boards.at_limits,
    "played": fuzz_boards.played,
    "noisy": fuzz_boards.noisy,
}
FUZZ = settings(
    max_examples=EXAMPLES_PER_KIND, derandomize=True, database=None, deadline=None,
    suppress_health_check=list(HealthCheck),
)


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(time_limit_s=0.3), raise_server_exceptions=False) as test_client:
        yield test_client


@pytest.mark.parametrize("kind", KINDS)
def test_every_answer_keeps_the_contract(client: TestClient, kind: str) -> None:
    statuses: Counter[int] = Counter()

    @FUZZ
    @given(request=KINDS[kind]())
    def answer_in_contract(request: dict[str, Any]) -> None:
        response = client.post("/analyze", json=request)
        statuses[response.status_code] += 1
        problems = answer_problems(request, response.status_code, response.json())
        assert not problems, f"{problems[:3]} for {request['board'][:200]!r}..."

    answer_in_contract()
    assert statuses[200] > 0 and statuses[422] > 0, f"{kind}: only {dict(statuses)}"
