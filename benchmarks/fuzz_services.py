"""Fuzz both services over real HTTP, far longer than the test suite, and count the answers.

1. Adversarial boards (``practice/fuzz_boards.py``) against a real ``sweeper serve
   analyzer``, from several clients at once; every answer is checked against the contract
   (``analyzer/contract.py``).
2. Schemathesis on both OpenAPI schemas, valid and invalid requests: the same analyzer,
   and a real effector on an Xvfb display of its own (its pauses and holds cut to 0 ms).
   Every answer is checked against the schema.

Prints the requests sent, the answers by status, the 500s and the failures (the first few).
The exit code is 1 if any answer broke the contract or the schema.

    .venv/bin/python benchmarks/fuzz_services.py [--boards 45000] [--schema 1500] [--seed 1]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import httpx
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.core.failures import FailureGroup

from sweeper.analyzer import answer_problems
from sweeper.coordinator import local_service
from sweeper.effector import without_waiting
from sweeper.practice import VirtualDisplay, fuzz_boards

EXPECTED_FOR_VALID = {
    "analyzer": ["2xx", "413", "422", "503"],
    "effector": ["2xx", "409", "413", "422", "503"],
}
SHOWN_FAILURES = 5


@dataclass
class Tally:
    """Answers by status, and the failures seen."""

    statuses: Counter[int] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, status: int, problems: list[str]) -> None:
        with self.lock:
            self.statuses[status] += 1
            self.failures += problems

    def print(self, title: str, seconds: float) -> None:
        total = sum(self.statuses.values())
        by_status = ", ".join(f"{code}: {n}" for code, n in sorted(self.statuses.items()))
        print(f"{title}: {total} requests in {seconds:.0f} s; {by_status}")
        print(f"  500 answers: {self.statuses[500]}; failures: {len(self.failures)}")
        for failure in self.failures[:SHOWN_FAILURES]:
            print(f"  - {failure[:300]}")


def main() -> int:
    """Run both parts and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=45_000, help="adversarial boards")
    parser.add_argument("--schema", type=int, default=1_500,
                        help="schemathesis examples per operation and mode")
    parser.add_argument("--seed", type=int, default=1, help="hypothesis seed")
    parser.add_argument("--clients", type=int, default=4, help="clients sending boards")
    args = parser.parse_args()
    tallies = []
    with local_service("analyzer", os.environ, args=["--time-limit", "2"]) as url:
        tallies.append(_timed("adversarial boards -> analyzer", lambda: _boards(url, args)))
        tallies.append(_timed("schemathesis -> analyzer",
                              lambda: _schema(url, "analyzer", args)))
    with (
        VirtualDisplay(800, 600) as display,
        local_service("effector", display.env()) as url,
    ):
        tallies.append(_timed("schemathesis -> effector", lambda: _schema(url, "effector", args)))
    total = sum(sum(tally.statuses.values()) for tally in tallies)
    errors = sum(tally.statuses[500] for tally in tallies)
    failures = sum(len(tally.failures) for tally in tallies)
    print(f"all: {total} generated requests, {errors} answers of 500, {failures} failures")
    return 1 if failures or errors else 0


def _timed(title: str, run: Callable[[], Tally]) -> Tally:
    started = time.perf_counter()
    tally = run()
    tally.print(title, time.perf_counter() - started)
    return tally


def _boards(url: str, args: argparse.Namespace) -> Tally:
    """Send ``args.boards`` adversarial boards from ``args.clients`` threads."""
    tally = Tally()
    in_flight = threading.BoundedSemaphore(2 * args.clients)
    limits = httpx.Limits(max_connections=args.clients)
    with (
        httpx.Client(base_url=url, timeout=60, limits=limits) as http,
        ThreadPoolExecutor(args.clients) as pool,
    ):
        def one(request: dict[str, Any]) -> None:
            try:
                response = http.post("/analyze", json=request)
                tally.add(response.status_code,
                          answer_problems(request, response.status_code, response.json()))
            except (httpx.HTTPError, ValueError) as error:
                tally.add(0, [f"{type(error).__name__}: {error}"])
            finally:
                in_flight.release()

        @hypothesis_seed(args.seed)
        @settings(max_examples=args.boards, database=None, deadline=None,
                  phases=[Phase.generate], suppress_health_check=list(HealthCheck))
        @given(fuzz_boards.requests())
        def send(request: dict[str, Any]) -> None:
            in_flight.acquire()
            pool.submit(one, request)

        send()
    return tally


def _schema(url: str, service: str, args: argparse.Namespace) -> Tally:
    """Schemathesis cases for every operation of ``service``'s schema, valid and invalid."""
    config = schemathesis.Config.from_dict(
        {"checks": {"positive_data_acceptance": {"expected-statuses": EXPECTED_FOR_VALID[service]}}}
    )
    schema = schemathesis.openapi.from_url(f"{url}/openapi.json", config=config)
    tally = Tally()
    for result in schema.get_all_operations():
        operation = result.ok()  # type: ignore[union-attr]  # our schemas load (or raise)
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            with contextlib.suppress(Unsatisfiable):  # e.g. no invalid GET /health exists
                _run_operation(operation.as_strategy(generation_mode=mode), url, tally, args)
    return tally


def _run_operation(strategy: Any, url: str, tally: Tally, args: argparse.Namespace) -> None:
    @hypothesis_seed(args.seed)
    @settings(max_examples=args.schema, database=None, deadline=None,
              phases=[Phase.generate], suppress_health_check=list(HealthCheck))
    @given(strategy)
    def call(case: schemathesis.Case[Any]) -> None:
        without_waiting(case.body)
        response = case.call(base_url=url)
        try:
            case.validate_response(response)
            problems: list[str] = []
        except FailureGroup as failures:
            problems = [f"{case.method} {case.path}: {failure.title}"
                        for failure in failures.exceptions]
        tally.add(response.status_code, problems)

    call()


if __name__ == "__main__":
    sys.exit(main())
