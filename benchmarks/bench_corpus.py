"""How the recognizer reads the replay corpus, game by game, in one table.

Every screenshot of the chosen folders of ``tests/recognizer/corpus`` is recognised from
scratch (as a first look: locate, learn the look, read, status) and compared with the
truth the game itself held when it was taken. Each shot is one of:

- **exact**: the board and the status as the game holds them;
- **status**: the board right, the status not (a won game read as still playing, say);
- **refused**: no board, or a board with unreadable cells (the bot looks again or stops);
- **wrong**: a board read unlike the game's: the outcome that must never happen.

    .venv/bin/python benchmarks/bench_corpus.py                 # looks/ and desktop/
    .venv/bin/python benchmarks/bench_corpus.py sites looks desktop --list

Exits 1 if any board is read wrong.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from sweeper.core import Board, parse_board
from sweeper.recognizer import load_image, recognize

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "recognizer" / "corpus"
OUTCOMES = ("exact", "status", "refused", "wrong")
SCALE_SUFFIX = re.compile(r"-x[0-9.]+-.*$|-[a-z]+$")  # "site-x1.5-won" -> "site"


@dataclass(frozen=True)
class Outcome:
    """How one screenshot was read."""

    name: str
    outcome: str
    seconds: float


def read_shot(png: Path) -> Outcome:
    """Recognise ``png`` and compare it with the truth beside it (``NAME.json``)."""
    truth = json.loads(png.with_suffix(".json").read_text())
    board: Board = parse_board(truth["board"])
    started = time.perf_counter()
    recognition = recognize(load_image(png))
    seconds = time.perf_counter() - started
    name = f"{png.parent.name}/{png.stem}"
    if recognition.board is None or recognition.unreadable:
        return Outcome(name, "refused", seconds)
    if recognition.board != board:
        return Outcome(name, "wrong", seconds)
    return Outcome(name, "exact" if recognition.status == truth["status"] else "status",
                   seconds)


def game_of(name: str) -> str:
    """The game a shot's name belongs to: ``looks/teumal-google-x1-won`` -> ``teumal-google``."""
    stem = name.split("/", 1)[1]
    return SCALE_SUFFIX.sub("", stem) if "-x" in stem else stem.split("-")[0]


def print_table(outcomes: list[Outcome]) -> None:
    """One row a game, then the totals."""
    per_game: dict[str, Counter[str]] = {}
    for outcome in outcomes:
        per_game.setdefault(game_of(outcome.name), Counter())[outcome.outcome] += 1
    print(f"| game | shots | {' | '.join(OUTCOMES)} |")
    print(f"|---|---|{'---|' * len(OUTCOMES)}")
    total: Counter[str] = Counter()
    for game, counts in sorted(per_game.items()):
        total += counts
        cells = " | ".join(str(counts[key]) for key in OUTCOMES)
        print(f"| {game} | {sum(counts.values())} | {cells} |")
    cells = " | ".join(f"**{total[key]}**" for key in OUTCOMES)
    print(f"| all | {sum(total.values())} | {cells} |")
    times = sorted(outcome.seconds for outcome in outcomes)
    if times:
        print(f"first look: median {1000 * times[len(times) // 2]:.0f} ms, "
              f"slowest {1000 * times[-1]:.0f} ms")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="*", default=["looks", "desktop"],
                        help="folders of tests/recognizer/corpus (default: looks desktop)")
    parser.add_argument("--list", action="store_true", help="print every shot not exact")
    args = parser.parse_args(argv)
    shots: list[Path] = []
    for folder in args.folders:
        found = sorted((CORPUS / folder).glob("*.png"))
        if not found:
            print(f"bench_corpus: no screenshots in {CORPUS / folder}", file=sys.stderr)
            return 2
        shots += [png for png in found if png.with_suffix(".json").is_file()]
    outcomes = [read_shot(png) for png in shots]
    if args.list:
        for outcome in outcomes:
            if outcome.outcome != "exact":
                print(f"{outcome.outcome:8} {outcome.name}")
    print_table(outcomes)
    return 1 if any(outcome.outcome == "wrong" for outcome in outcomes) else 0


if __name__ == "__main__":
    sys.exit(main())
