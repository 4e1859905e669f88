"""Effector speed: screenshots (raw and PNG) and click batches, end to end through HTTP,
and on its own display the same in-process (``LocalEffector``, as ``sweeper play`` runs).

Starts its own Xvfb (1600x1000) and effector service unless ``--url`` points at a
running one, paints a board-like pattern on the screen, and prints median/p95/p99.

    .venv/bin/python benchmarks/bench_effector.py [--rounds 50] [--url http://127.0.0.1:8002]
"""

from __future__ import annotations

import argparse
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, closing, contextmanager
from typing import Any

import numpy as np

from sweeper.core import Rect
from sweeper.effector import ClickAction, EffectorClient, LocalEffector
from sweeper.practice import VirtualDisplay

SCREEN_WIDTH, SCREEN_HEIGHT = 1600, 1000
CLICKS_PER_BATCH = 100
BOARD = (770, 470)  # the region a turn captures on an expert board of 24 px cells


def main() -> int:
    """Run the benchmark and print one line per figure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=50, help="samples per figure")
    parser.add_argument("--url", help="use this running effector instead of starting one")
    parser.add_argument("--token", help="bearer token of the running effector")
    args = parser.parse_args()
    with ExitStack() as stack:
        url, display_name = (args.url, None) if args.url else stack.enter_context(_own_effector())
        client = stack.enter_context(EffectorClient(url, token=args.token))
        screen = client.screen()
        region = Rect(left=screen.left, top=screen.top,
                      width=min(SCREEN_WIDTH, screen.width),
                      height=min(SCREEN_HEIGHT, screen.height))
        board = Rect(left=region.left + 20, top=region.top + 60, width=BOARD[0], height=BOARD[1])
        size = f"{region.width}x{region.height}"
        print(f"screen {screen.width}x{screen.height}, mean pixel value "
              f"{client.screenshot(region).mean():.0f} (0 would be a blank screen)")
        batch = _click_grid(region)
        _report(f"screenshot {size} raw", args.rounds,
                lambda: client.screenshot(region, "raw"))
        _report(f"screenshot {size} png", args.rounds,
                lambda: client.screenshot(region, "png"))
        _report(f"screenshot board {BOARD[0]}x{BOARD[1]} raw", args.rounds,
                lambda: client.screenshot(board, "raw"))
        _report(f"batch of {len(batch)} clicks", args.rounds, lambda: client.actions(batch))
        if display_name is not None:
            local = stack.enter_context(LocalEffector(display_name))
            _report(f"in-process screenshot {size}", args.rounds,
                    lambda: local.screenshot(region))
            _report(f"in-process screenshot board {BOARD[0]}x{BOARD[1]}", args.rounds,
                    lambda: local.screenshot(board))
            _report(f"in-process batch of {len(batch)} clicks", args.rounds,
                    lambda: local.actions(batch))
    return 0


def _report(name: str, rounds: int, operation: Callable[[], object]) -> None:
    operation()  # warm up connections and caches
    samples = []
    for _ in range(rounds):
        started = time.perf_counter()
        operation()
        samples.append((time.perf_counter() - started) * 1000)
    p95, p99 = np.percentile(samples, [95, 99])
    print(f"{name:<38} median {statistics.median(samples):7.1f} ms   "
          f"p95 {p95:7.1f} ms   p99 {p99:7.1f} ms   (n={rounds})", flush=True)


def _click_grid(region: Rect) -> list[ClickAction]:
    columns = 10
    rows = CLICKS_PER_BATCH // columns
    return [
        ClickAction(x=region.left + 100 + 20 * column, y=region.top + 100 + 20 * row)
        for row in range(rows) for column in range(columns)
    ]


@contextmanager
def _own_effector() -> Iterator[tuple[str, str]]:
    """The URL of an effector service on a display of its own, and that display."""
    with VirtualDisplay(SCREEN_WIDTH, SCREEN_HEIGHT) as display, \
            closing(_paint_board_pattern(display.display)):
        port = _free_port()
        service = subprocess.Popen(
            [sys.executable, "-m", "sweeper.effector", "--port", str(port)], env=display.env()
        )
        try:
            url = f"http://127.0.0.1:{port}"
            _wait_until_up(url)
            yield url, display.display
        finally:
            service.terminate()
            service.wait(timeout=10)


def _paint_board_pattern(display_name: str) -> Any:
    """Tile the root window with a grey board-like pattern (worse for PNG than a flat fill).

    Returns the X connection, to keep open: Xvfb resets the screen when its last client
    disconnects.
    """
    from Xlib import X, display

    connection = display.Display(display_name)
    screen = connection.screen()
    tile = np.full((48, 48, 4), 192, np.uint8)
    tile[:2, :] = tile[:, :2] = 255
    tile[-2:, :] = tile[:, -2:] = 128
    tile[20:28, 16:32, :3] = (255, 0, 0)
    pixmap = screen.root.create_pixmap(48, 48, screen.root_depth)
    gc = pixmap.create_gc()
    pixmap.put_image(gc, 0, 0, 48, 48, X.ZPixmap, screen.root_depth, 0, tile.tobytes())
    screen.root.change_attributes(background_pixmap=pixmap)
    screen.root.clear_area(0, 0, 0, 0)
    connection.sync()
    return connection


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait_until_up(url: str, timeout_s: float = 20.0) -> None:
    deadline = time.monotonic() + timeout_s
    with EffectorClient(url, timeout_s=1.0) as client:
        while time.monotonic() < deadline:
            try:
                if client.health():
                    return
            except Exception:
                time.sleep(0.1)
    raise RuntimeError(f"the effector at {url} did not start within {timeout_s:.0f} s")


if __name__ == "__main__":
    sys.exit(main())
