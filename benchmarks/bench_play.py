"""Speed of the whole bot on the bundled game: won-game wall time and loop time.

Starts the virtual desktop (Xvfb + Chromium, expert 30x16/99 at cell 24) and a local
effector, plays N games with the in-process analyzer, and prints:

- the wall time of each won game, from the first click to the screenshot showing the
  win face (median, p95); target median < 3 s;
- the loop time per turn, from requesting the screenshot to sending the clicks
  (median, p95); target median < 30 ms.

    .venv/bin/python benchmarks/bench_play.py [--games 20] [--seed 100]
"""

from __future__ import annotations

import argparse
import statistics
import sys

from rich.progress import track

from sweeper.coordinator import (
    GameResult,
    LocalDecider,
    Player,
    PlayOptions,
    print_table,
)
from sweeper.core import EXPERT
from sweeper.effector import LocalEffector
from sweeper.practice import VirtualDesktop

EXPERT_GAME: dict[str, str | int] = {**EXPERT._asdict(), "cell": 24}


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> int:
    """Play the games and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games to play (default 20)")
    parser.add_argument("--seed", type=int, default=100, help="seed of the first game")
    args = parser.parse_args()
    results: list[GameResult] = []
    with (
        VirtualDesktop(game_params=EXPERT_GAME) as desktop,
        LocalEffector(desktop.env()["DISPLAY"]) as effector,
    ):
        for number in track(range(args.games), description="playing", console=None):
            desktop.new_game(EXPERT_GAME | {"seed": args.seed + number})
            summary = Player(effector, LocalDecider(), PlayOptions(games=1)).play()
            if summary.errors:
                print(f"game {number}: {summary.errors[0]}", file=sys.stderr)
            results += summary.results
    report(results)
    return 0


def report(results: list[GameResult]) -> None:
    """Print the summary table of the played games."""
    won = [game.seconds for game in results if game.result == "won"]
    loops = [ms for game in results for ms in game.loop_ms]
    rows = [("games", str(len(results))), ("won", str(len(won)))]
    if won:
        rows += [
            ("won game median", f"{statistics.median(won):.2f} s"),
            ("won game p95", f"{percentile(won, 0.95):.2f} s"),
        ]
    if loops:
        rows += [
            ("turns", str(len(loops))),
            ("loop median", f"{statistics.median(loops):.1f} ms"),
            ("loop p95", f"{percentile(loops, 0.95):.1f} ms"),
        ]
    print_table("bot speed on the bundled game (expert, cell 24)", rows)


if __name__ == "__main__":
    sys.exit(main())
