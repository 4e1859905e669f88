"""Soak: many consecutive games of the bundled game through the real effector.

Starts the virtual desktop (Xvfb + Chromium, expert 30x16/99 at cell 24) and a local
effector, and plays ``--games`` seeded games one after the other with the in-process
analyzer, as ``bench_play.py`` does. Prints the games that ended in an error (a crash of
the loop, the effector or the desktop) and the resident memory of the effector and of
the bot's own process every 10 games; memory should stay flat after the warm-up.

    .venv/bin/python benchmarks/soak_play.py [--games 100] [--seed 300]
"""

from __future__ import annotations

import argparse
import sys

import psutil

from sweeper.coordinator import LocalDecider, Player, PlayOptions, local_service
from sweeper.core import EXPERT
from sweeper.effector import EffectorClient
from sweeper.practice import VirtualDesktop

EXPERT_GAME: dict[str, str | int] = {**EXPERT._asdict(), "cell": 24}
WARM_UP_GAMES = 40  # the analyzer's memo of 1,024 component counts fills in about 40 games


def main() -> int:
    """Play the games and print the figures; exit code 1 if any game ended in an error."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    parser.add_argument("--seed", type=int, default=300, help="seed of the first game")
    args = parser.parse_args()
    errors, won = [], 0
    memory: dict[int, tuple[int, int]] = {}
    with (
        VirtualDesktop(game_params=EXPERT_GAME) as desktop,
        local_service("effector", desktop.env()) as url,
        EffectorClient(url) as effector,
    ):
        service = _service_process(url)
        for number in range(1, args.games + 1):
            desktop.new_game(EXPERT_GAME | {"seed": args.seed + number})
            summary = Player(effector, LocalDecider(), PlayOptions(games=1)).play()
            errors += [f"game {number}: {error}" for error in summary.errors]
            won += sum(game.result == "won" for game in summary.results)
            if number % 10 == 0 or number == WARM_UP_GAMES:
                memory[number] = (_rss(service), _rss(psutil.Process()))
                print(f"after game {number}: effector {memory[number][0] / 2**20:.0f} MB, "
                      f"bot {memory[number][1] / 2**20:.0f} MB, {won} won, "
                      f"{len(errors)} errors", flush=True)
    for error in errors:
        print(f"  {error}")
    _compare(memory, args.games)
    return 1 if errors else 0


def _compare(memory: dict[int, tuple[int, int]], games: int) -> None:
    if WARM_UP_GAMES not in memory or games not in memory:
        return
    for index, name in enumerate(("effector", "bot")):
        ratio = memory[games][index] / memory[WARM_UP_GAMES][index]
        print(f"{name} memory after game {games} / after game {WARM_UP_GAMES}: {ratio:.3f}")


def _service_process(url: str) -> psutil.Process:
    port = url.rsplit(":", 1)[1]
    return next(child for child in psutil.Process().children(recursive=True)
                if "serve" in child.cmdline() and port in child.cmdline())


def _rss(process: psutil.Process) -> int:
    return int(process.memory_info().rss)


if __name__ == "__main__":
    sys.exit(main())
