"""How fast the practice target is: desktop start-up, new game, and a click until it shows.

Run: ``.venv/bin/python -m sweeper.practice.bench [--starts 3] [--loads 20] [--clicks 50]``
Prints median and p95 in milliseconds for each step.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial

from sweeper.core import EXPERT, FLAG, Cell
from sweeper.practice.desktop import VirtualDesktop
from sweeper.practice.gamepage import GamePage

EXPERT_GAME = {**EXPERT._asdict(), "cell": 24}


def timed(step: Callable[[], object]) -> float:
    """Milliseconds one call of ``step`` takes."""
    start = time.perf_counter()
    step()
    return (time.perf_counter() - start) * 1000


def report(name: str, samples_ms: list[float]) -> None:
    ordered = sorted(samples_ms)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    print(f"{name:<34} n={len(ordered):<4} median={statistics.median(ordered):8.1f} ms"
          f"  p95={p95:8.1f} ms")


def cdp_click_and_read(page: GamePage, cell: Cell) -> None:
    """A DevTools right click, then one read of the page state."""
    page.click(*cell, "right")
    page.state()


def x_click_until_shown(page: GamePage, cell: Cell) -> None:
    """A real X click, waiting until the page's board shows the flag it placed."""
    page.desktop.xinput.click(page.desktop.cell_center(*cell), "right")
    while page.board()[cell] != FLAG:
        time.sleep(0.001)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m sweeper.practice.bench", description=__doc__)
    parser.add_argument("--starts", type=int, default=3, help="desktop start-ups to time")
    parser.add_argument("--loads", type=int, default=20, help="new games to time")
    parser.add_argument("--clicks", type=int, default=50, help="clicks to time")
    args = parser.parse_args(argv)

    starts = [timed(lambda: VirtualDesktop(game_params=EXPERT_GAME).start().stop())
              for _ in range(args.starts)]
    report("desktop start (Xvfb+Chromium+page)", starts)
    with VirtualDesktop(game_params=EXPERT_GAME) as desktop:
        page = GamePage(desktop)
        report("new game (navigate until ready)",
               [timed(lambda: page.load(**EXPERT_GAME)) for _ in range(args.loads)])
        page.load(**EXPERT_GAME, seed=1)
        cells = [(r, c) for r in range(EXPERT.height) for c in range(EXPERT.width)][: args.clicks]
        report("DevTools right click + state read",
               [timed(partial(cdp_click_and_read, page, cell)) for cell in cells])
        page.load(**EXPERT_GAME, seed=1)
        report("xdotool right click until shown",
               [timed(partial(x_click_until_shown, page, cell)) for cell in cells])
    return 0


if __name__ == "__main__":
    sys.exit(main())
