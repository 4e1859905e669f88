"""Load, overload and soak figures for both services, over real HTTP on loopback.

Each service runs as a real ``sweeper serve`` process with its default limits. Clients
send requests back to back (one in flight each), while a probe asks ``/health`` every
0.1 s. Overload runs twice: with clients that wait out a 503's Retry-After, as HTTP
clients should, and with clients that send again at once (a flood). Per phase it prints
throughput, latency (p50/p99/max) per answer status and the /health latency; the
service's resident memory is printed after each phase.

Analyzer (one worker, 4 waiting, 10 s limit):

- warm-up, then load: as many clients as it admits, real expert positions and now and
  then a 100x100 position of a played game;
- overload: 4x as many clients as it admits, each sending a slow board (a 100x100
  checkerboard of 1s with 2500 mines: about a second of work, then 422);
- soak: 20 s of load and 5 s of overload by turns, for ``--soak`` seconds; memory after
  it against after the warm-up (two such rounds).

Effector (on an Xvfb display of its own; 1 batch running and 4 waiting, 2 screenshots
at once and 4 waiting):

- load: clients taking 400x300 screenshots and sending small batches of moves;
- overload: 4x as many clients as it admits batches, each sending 2 s pauses; then a stop.

    .venv/bin/python benchmarks/bench_load.py [--seconds 30] [--soak 600]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import httpx
import psutil

from sweeper.analyzer import DEFAULT_WORKERS, analyze
from sweeper.coordinator import Game, local_service
from sweeper.core import EXPERT, Board, format_board
from sweeper.practice import VirtualDisplay

Send = Callable[[httpx.Client], httpx.Response]
OVERLOAD = 4
SLOW_BOARD = {
    "board": "\n".join(
        "".join("1" if (row + col) % 2 == 0 else "." for col in range(100)) for row in range(100)
    ),
    "total_mines": 2500,
}


@dataclass
class Phase:
    """Latencies by answer status, and of the /health probes, over one phase."""

    seconds: float = 0.0
    by_status: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    health: list[float] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, status: str, seconds: float) -> None:
        with self.lock:
            self.by_status[status].append(seconds)

    def print(self, title: str) -> None:
        total = sum(len(times) for times in self.by_status.values())
        print(f"{title}: {total} requests in {self.seconds:.0f} s, "
              f"{total / self.seconds:.1f}/s")
        for status, times in sorted(self.by_status.items()):
            print(f"  {status:>9}: {len(times):6d}, {_spread(times)}")
        print(f"  {'/health':>9}: {len(self.health):6d}, {_spread(self.health)}")


def main() -> int:
    """Run both services' phases and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30, help="length of each phase")
    parser.add_argument("--soak", type=float, default=600, help="length of the analyzer soak")
    args = parser.parse_args()
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
    _analyzer(args)
    _effector(args)
    return 0


def _analyzer(args: argparse.Namespace) -> None:
    admits = DEFAULT_WORKERS * 5  # workers and 4 waiting per worker
    positions = [*_expert_positions(games=8), _large_position()]
    print(f"analyzer: admits {admits}; {len(positions)} positions, the last one 100x100")

    def position(http: httpx.Client) -> httpx.Response:
        board = random.choice(positions)
        mines = EXPERT.mines if board.width == EXPERT.width else LARGE_MINES
        return http.post("/analyze", json={"board": format_board(board), "total_mines": mines})

    def slow(http: httpx.Client) -> httpx.Response:
        return http.post("/analyze", json=SLOW_BOARD)

    def rounds(url: str, seconds: float) -> None:
        """The soak's traffic: 20 s of load and 5 s of overload, by turns, for about
        ``seconds``; always ending with an overload, so that memory is compared at like
        moments (an analysis leaves its last board's data behind until the next one)."""
        until = time.perf_counter() + seconds
        while time.perf_counter() < until:
            _run(url, admits, min(20.0, max(1.0, until - time.perf_counter() - 5.0)), position)
            _run(url, OVERLOAD * admits, 5.0, slow)

    with local_service("analyzer", os.environ) as url:
        memory = _Memory(url)
        memory.print("at start")
        rounds(url, 2 * 25.0)
        memory.print("after warm-up (two rounds of load and overload)")
        warm = memory.rss()
        _run(url, admits, args.seconds, position).print(f"analyzer load, {admits} clients")
        memory.print("after load")
        for polite in (True, False):
            _run(url, OVERLOAD * admits, args.seconds, slow, polite).print(
                f"analyzer overload, {OVERLOAD * admits} clients sending slow boards, "
                f"{_manners(polite)}")
            memory.print("after overload")
        started = time.perf_counter()
        rounds(url, args.soak)
        memory.print(f"after a soak of {time.perf_counter() - started:.0f} s")
        print(f"  memory after the soak / after warm-up: {memory.rss() / warm:.3f}")


def _effector(args: argparse.Namespace) -> None:
    admits = 1 + 4  # one batch running, 4 waiting

    def shot_or_moves(http: httpx.Client) -> httpx.Response:
        if random.random() < 0.5:
            params: dict[str, str | int] = {"left": 100, "top": 100, "width": 400,
                                            "height": 300, "format": "raw"}
            return http.get("/screenshot", params=params)
        moves = [{"type": "move", "x": random.randrange(50, 750), "y": 550} for _ in range(20)]
        return http.post("/actions", json={"actions": moves})

    def pauses(http: httpx.Client) -> httpx.Response:
        return http.post("/actions", json={"actions": [{"type": "pause", "ms": 2000}]})

    with VirtualDisplay(800, 600) as display, local_service("effector", display.env()) as url:
        memory = _Memory(url)
        memory.print("effector at start")
        _run(url, 4, args.seconds / 2, shot_or_moves)
        memory.print("after warm-up")
        _run(url, 8, args.seconds, shot_or_moves).print("effector load, 8 clients")
        memory.print("after load")
        for polite in (True, False):
            stopper = threading.Timer(args.seconds, lambda: httpx.post(f"{url}/stop"))
            stopper.start()
            _run(url, OVERLOAD * admits, args.seconds + 1, pauses, polite).print(
                f"effector overload, {OVERLOAD * admits} clients sending 2 s pauses, "
                f"{_manners(polite)}, POST /stop after {args.seconds:.0f} s")
            memory.print("after overload")


def _run(url: str, clients: int, seconds: float, send: Send, polite: bool = False) -> Phase:
    """``clients`` threads sending back to back for ``seconds``, with /health probed;
    ``polite`` clients wait as long as a 503's Retry-After says before sending again."""
    phase = Phase(seconds=seconds)
    until = time.perf_counter() + seconds
    threads = [threading.Thread(target=_client, args=(url, until, send, phase, polite))
               for _ in range(clients)]
    with _probing(url, phase):
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    return phase


def _client(url: str, until: float, send: Send, phase: Phase, polite: bool) -> None:
    with httpx.Client(base_url=url, timeout=60) as http:
        while time.perf_counter() < until:
            started = time.perf_counter()
            try:
                response = send(http)
                status = _label(response)
            except httpx.HTTPError:
                status = "no answer"
            phase.add(status, time.perf_counter() - started)
            if polite and status == "503 busy":
                time.sleep(float(response.headers["retry-after"]))


@contextmanager
def _probing(url: str, phase: Phase) -> Iterator[None]:
    done = threading.Event()

    def probe() -> None:
        with httpx.Client(base_url=url, timeout=60) as http:
            while not done.wait(0.1):
                started = time.perf_counter()
                http.get("/health")
                phase.health.append(time.perf_counter() - started)

    thread = threading.Thread(target=probe)
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join()


class _Memory:
    """Resident memory of the service process listening at ``url`` and its children
    (the analyzer's analysis processes)."""

    def __init__(self, url: str) -> None:
        port = url.rsplit(":", 1)[1]
        self.process = next(
            child for child in psutil.Process().children(recursive=True)
            if "serve" in child.cmdline() and port in child.cmdline()
        )

    def rss(self) -> int:
        processes = [self.process, *self.process.children(recursive=True)]
        return sum(int(process.memory_info().rss) for process in processes)

    def print(self, when: str) -> None:
        print(f"  memory {when}: {self.rss() / 2**20:.0f} MB")


LARGE_MINES = 2000


def _expert_positions(games: int) -> list[Board]:
    """Every position of ``games`` seeded expert games played with the analyzer."""
    width, height, mines = EXPERT
    positions = []
    for seed in range(games):
        game = Game(width, height, mines, seed=seed)
        while game.status == "playing":
            positions.append(game.board)
            result = analyze(game.board, mines)
            assert result.move is not None
            for cell in result.safe or [(result.move.row, result.move.col)]:
                if game.status == "playing":
                    game.open(*cell)
    return positions


def _large_position() -> Board:
    """A 100x100 game with 2000 mines, 30 turns in."""
    game = Game(100, 100, LARGE_MINES, seed=3)
    for _ in range(30):
        result = analyze(game.board, LARGE_MINES)
        assert result.move is not None
        for cell in result.safe or [(result.move.row, result.move.col)]:
            if game.status == "playing":
                game.open(*cell)
        if game.status != "playing":
            break
    return game.board


def _manners(polite: bool) -> str:
    return "waiting out Retry-After" if polite else "sending again at once"


def _label(response: httpx.Response) -> str:
    """The status, and for a 503 whether it is a refusal (with Retry-After) or a timeout."""
    if response.status_code != 503:
        return str(response.status_code)
    return "503 busy" if "retry-after" in response.headers else "503 late"


def _spread(seconds: list[float]) -> str:
    if not seconds:
        return "-"
    ordered = sorted(seconds)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return (f"p50 {statistics.median(ordered) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
            f"max {ordered[-1] * 1000:.1f} ms")


if __name__ == "__main__":
    sys.exit(main())
