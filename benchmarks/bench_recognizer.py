"""Recognizer speed on a real 1920x1080 screenshot of an expert board.

Starts the virtual desktop (Xvfb 1920x1080 + Chromium with the bundled game, expert
30x16 at cell 24, a few moves made) and takes one screenshot with the effector's mss
capture; or reads ``--image PNG`` instead. Then times, and prints median/p95/p99 of:

- ``locate``: finding the board anywhere in the screenshot (target: median < 50 ms);
- ``read``: reading every cell once the geometry is known and the skin learned, as the
  play loop does on every turn (target < 5 ms);
- ``recognize``: the whole first look (locate, learn the skin, read, status);
- with ``--learning DIR`` (the sites' replay corpus), for each site and scale, how many
  of its screenshots a reader that knows no tile set needs before it reads the whole
  board (target: the fresh board and the first opening, two at most).

The machine's load is printed too: figures taken while other processes compete for
the cores are slower (the CPU-time column much less so).

    .venv/bin/python benchmarks/bench_recognizer.py [--rounds 100] [--image shot.png]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from sweeper.core import EXPERT
from sweeper.recognizer import BoardReader, load_image, locate_and_read, locate_boards, recognize

SCREEN = (1920, 1080)
EXPERT_GAME: dict[str, str | int] = {
    **EXPERT._asdict(), "seed": 2024, "rules": "safe", "cell": 24,
}


def main() -> int:
    """Run the benchmark and print one line per figure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=100, help="samples per figure")
    parser.add_argument("--image", type=Path, help="time this screenshot instead of a live one")
    parser.add_argument("--save", type=Path, help="also save the live screenshot here")
    parser.add_argument("--learning", type=Path, metavar="DIR",
                        help="only measure learning new skins on a corpus of site screenshots")
    args = parser.parse_args()
    if args.learning:
        return learning(args.learning)
    image = load_image(args.image) if args.image else live_screenshot()
    if args.save:
        import cv2

        cv2.imwrite(str(args.save), image)
    first, reader = locate_and_read(image)
    if first.board is None or first.geometry is None or reader is None:
        print(f"the board was not read: {first.message}", file=sys.stderr)
        return 1
    geometry = first.geometry
    print(f"screenshot {image.shape[1]}x{image.shape[0]}: {geometry.rows}x{geometry.cols} board, "
          f"pitch {geometry.pitch:.2f} px, skin {first.skin}, status {first.status}")
    print(f"load average {' '.join(f'{v:.2f}' for v in os.getloadavg())} on "
          f"{os.cpu_count()} cores")
    report("locate", args.rounds, lambda: locate_boards(image))
    report("read", args.rounds * 5, lambda: reader.read(image, geometry))
    report("recognize", max(10, args.rounds // 5), lambda: recognize(image))
    return 0


def learning(folder: Path) -> int:
    """Per site and scale: screenshots read, in the order of a game, before a reader with
    no tile set reads a whole board (fresh, then first opening, flag, middle...)."""
    order = ("fresh", "first", "flag", "mid", "lost", "won")
    games: dict[str, dict[str, Path]] = {}
    for path in sorted(folder.glob("*.png")):
        game, _, state = path.stem.rpartition("-")
        games.setdefault(game, {})[state] = path
    needed = []
    for game, shots in sorted(games.items()):
        reader = BoardReader()
        geometry = None
        count = 0
        for state in (s for s in order if s in shots):
            image = load_image(shots[state])
            if geometry is None:
                geometry = locate_boards(image)[0]
            count += 1
            if reader.read(image, geometry).board is not None and state != "fresh":
                break
        needed.append(count)
        print(f"{game:>32}: whole board read after {count} screenshot(s)")
    print(f"median {statistics.median(needed):.0f}, worst {max(needed)} screenshot(s) "
          f"over {len(needed)} site(s) and scale(s)")
    return 0


def live_screenshot() -> np.ndarray:
    """An expert game a few moves in, on a 1920x1080 virtual screen, through mss."""
    from sweeper.practice import VirtualDesktop

    with VirtualDesktop(screen_size=SCREEN, window_position=(311, 187),
                        game_params=EXPERT_GAME) as desktop:
        os.environ["DISPLAY"] = desktop.display.display
        from sweeper.core import Rect
        from sweeper.effector import ScreenCapture

        for cell in ((8, 15), (2, 3), (13, 26)):
            desktop.xinput.click(desktop.cell_center(*cell))
        desktop.xinput.click(desktop.cell_center(0, 29), "right")
        desktop.xinput.run("mousemove", "--sync", "0", "0")
        time.sleep(0.5)
        capture = ScreenCapture()
        try:
            return capture.grab(Rect(left=0, top=0, width=SCREEN[0], height=SCREEN[1]))
        finally:
            capture.close()


def report(name: str, rounds: int, run: Callable[[], Any]) -> None:
    """Time ``run`` ``rounds`` times (after one warm-up); print wall-clock median/p95/p99
    and the median CPU time of this process (which other busy processes inflate less)."""
    run()
    samples, cpu = [], []
    for _ in range(rounds):
        started, started_cpu = time.perf_counter(), time.process_time()
        run()
        samples.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - started_cpu) * 1000)
    samples.sort()
    p95 = samples[min(len(samples) - 1, int(0.95 * len(samples)))]
    p99 = samples[min(len(samples) - 1, int(0.99 * len(samples)))]
    print(f"{name:>10}: median {statistics.median(samples):7.2f} ms   p95 {p95:7.2f} ms   "
          f"p99 {p99:7.2f} ms   cpu median {statistics.median(cpu):7.2f} ms   ({rounds} runs)")


if __name__ == "__main__":
    sys.exit(main())
