"""Fuzz both services over real HTTP, far longer than the test suite, and count the answers.

1. Adversarial boards (``practice/fuzz_boards.py``) against a real ``sweeper serve
   analyzer``, from several clients at once; every answer is checked against the contract
   (``analyzer/contract.py``).
2. Schemathesis (its command line, ``--checks all``, every phase) on both OpenAPI schemas:
   the same analyzer, and a real effector on an Xvfb display of its own (its pauses and
   holds cut to 0 ms by ``schemathesis_hooks.py``). Both demand a token, so the checks of
   the bearer scheme run too. ``schemathesis.toml`` declares what a schema-valid request
   may still get (422 for what no schema can state, 413, 503, and 409 for a batch).

Prints the requests sent, the answers by status, the 500s and the failures (the first few),
then schemathesis's own summary per service. The exit code is 1 if any answer broke the
contract or the schema.

    .venv/bin/python benchmarks/fuzz_services.py [--boards 45000] [--schema 2000] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed

from sweeper.analyzer import answer_problems
from sweeper.coordinator import local_service
from sweeper.practice import VirtualDisplay, fuzz_boards

HERE = Path(__file__).resolve().parent
CONFIG = HERE / "schemathesis.toml"
TOKEN = "fuzz-token"
SHOWN_FAILURES = 5
AUTHORIZATION = {"Authorization": f"Bearer {TOKEN}"}


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
    parser.add_argument("--schema", type=int, default=2_000,
                        help="schemathesis examples per operation and phase")
    parser.add_argument("--seed", type=int, default=1, help="hypothesis seed")
    parser.add_argument("--clients", type=int, default=4, help="clients sending boards")
    args = parser.parse_args()
    failed = False
    with local_service("analyzer", os.environ, args=["--time-limit", "2"], token=TOKEN) as url:
        if args.boards:
            tally = _timed("adversarial boards -> analyzer", lambda: _boards(url, args))
            failed |= bool(tally.failures or tally.statuses[500])
        failed |= not _schemathesis("analyzer", url, args)
    with (
        VirtualDisplay(800, 600) as display,
        local_service("effector", display.env(), token=TOKEN) as url,
    ):
        failed |= not _schemathesis("effector", url, args)
    return 1 if failed else 0


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
                response = http.post("/analyze", json=request, headers=AUTHORIZATION)
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


def _schemathesis(service: str, url: str, args: argparse.Namespace) -> bool:
    """Run schemathesis's command line on ``service``; print its summary; True if it
    found no failure."""
    command = [
        str(Path(sys.executable).with_name("schemathesis")), "--config-file", str(CONFIG),
        "run", f"{url}/openapi.json", "--checks", "all", "--max-examples", str(args.schema),
        "--seed", str(args.seed), "--header", f"Authorization: Bearer {TOKEN}",
        "--no-color",
    ]
    env = {**os.environ, "SCHEMATHESIS_HOOKS": "schemathesis_hooks",
           "PYTHONPATH": os.pathsep.join(filter(None, [str(HERE), os.environ.get("PYTHONPATH")]))}
    started = time.perf_counter()
    result = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    summary = result.stdout[result.stdout.rfind("SUMMARY"):] if "SUMMARY" in result.stdout \
        else result.stdout[-3000:] + result.stderr[-2000:]
    print(f"schemathesis -> {service} ({time.perf_counter() - started:.0f} s, exit code "
          f"{result.returncode}):\n{summary}")
    return result.returncode == 0


if __name__ == "__main__":
    sys.exit(main())
