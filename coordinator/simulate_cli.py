"""``sweeper simulate``: play seeded games in-process and report the win rate."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sweeper.core import DIFFICULTIES, RULES, BoardSize, CommandError
from sweeper.serving import folder, whole_number

if TYPE_CHECKING:
    from rich.console import Console

    from sweeper.coordinator.simulate import Config, Summary

MAX_GAMES = 1_000_000  # every game's result is kept for the summary
WORKERS_PER_CORE = 4  # more processes than that only add memory
MIN_WIDTH, MIN_HEIGHT = 3, 2  # the smallest board the recognizer finds on the screen
MAX_SEED = 2**32 - 1
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as a shell reports Ctrl-C


def add_simulate_command(commands: Any, serve_commands: Any) -> None:
    """Add ``sweeper simulate`` to the command line."""
    parser = commands.add_parser(
        "simulate",
        help="play seeded games in-process and report the win rate",
        description=(
            "Play seeded games of the in-process engine with the analyzer, on all cores. "
            "Game i of a run uses seed S+i, so '--games 1 --seed S+i' replays it."
        ),
    )
    size = parser.add_argument_group(
        "board (a difficulty, or all of width, height and mines; default: expert)")
    size.add_argument("--difficulty", choices=tuple(DIFFICULTIES))
    size.add_argument("--width", type=int, metavar="W")
    size.add_argument("--height", type=int, metavar="H")
    size.add_argument("--mines", type=int, metavar="M")
    parser.add_argument(
        "--rules",
        choices=RULES,
        default="safe",
        help="first-click rules (default: safe)",
    )
    parser.add_argument(
        "--games", type=int, default=100, metavar="N", help="games to play (default: 100)"
    )
    parser.add_argument(
        "--seed",
        type=whole_number(0, MAX_SEED),
        default=0,
        metavar="S",
        help=f"seed of game 0, 0 to {MAX_SEED}; game i uses S+i (default: 0)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=None,
        metavar="K",
        help="worker processes (default: all cores)",
    )
    parser.add_argument("--json", action="store_true", help="end with one JSON line of the figures")
    parser.add_argument(
        "--show", action="store_true", help="print every game's final board (for replaying a seed)"
    )
    parser.add_argument(
        "--record", type=folder, metavar="DIR",
        help="save every step and an annotated replay in DIR, as 'sweeper play --record' does",
    )
    parser.set_defaults(handler=run_simulate)


def run_simulate(args: argparse.Namespace) -> int:
    """Handler of ``sweeper simulate``; returns the exit code."""
    try:
        config = _config(args)
        workers = _workers(args)
        if not 1 <= args.games <= MAX_GAMES:
            raise ValueError(f"--games must be 1 to {MAX_GAMES}, not {args.games}")
        if args.record is not None:
            _make_record_directory(args.record)
    except ValueError as error:
        raise CommandError(str(error)) from None
    return _run(config, args, workers)


def _config(args: argparse.Namespace) -> Config:
    from sweeper.analyzer import too_many_cells
    from sweeper.coordinator.simulate import Config

    sizes = (args.width, args.height, args.mines)
    if args.difficulty is None and all(value is None for value in sizes):
        args.difficulty = "expert"
    if args.difficulty is not None:
        if any(value is not None for value in sizes):
            raise ValueError("give either --difficulty or --width/--height/--mines, not both")
        width, height, mines = DIFFICULTIES[args.difficulty]
    elif any(value is None for value in sizes):
        raise ValueError("give --difficulty, or all three of --width, --height and --mines")
    else:
        width, height, mines = sizes
    if width < MIN_WIDTH or height < MIN_HEIGHT:
        raise ValueError(
            f"the board must be at least {MIN_WIDTH}x{MIN_HEIGHT}, not {width}x{height}: "
            "the games are read off a simulated screen, and a narrower board is not found")
    refusal = too_many_cells(width, height)
    if refusal is not None:
        raise ValueError(refusal)
    if not 0 <= mines <= width * height - 1:
        raise ValueError(
            f"--mines {mines} does not fit a {width}x{height} board: expected 0 to "
            f"{width * height - 1} (the first cell opened is always free)"
        )
    return Config(BoardSize(width, height, mines), args.rules)


def _make_record_directory(folder: Path) -> None:
    """Create the recording directory (raise ValueError saying why it cannot be)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise ValueError(f"--record {folder}: not a directory") from None
    except OSError as error:
        raise ValueError(f"--record {folder}: cannot create it ({error.strerror})") from None


def _workers(args: argparse.Namespace) -> int:
    if args.workers is None:
        return os.cpu_count() or 1
    most = WORKERS_PER_CORE * (os.cpu_count() or 1)
    if not 1 <= args.workers <= most:
        raise ValueError(
            f"--workers must be 1 to {most} ({WORKERS_PER_CORE} per core), not {args.workers}"
        )
    return int(args.workers)


def _run(config: Config, args: argparse.Namespace, workers: int) -> int:
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from sweeper.coordinator.simulate import SeededGame, play_games, summarize, summary_json

    games, seed = int(args.games), int(args.seed)
    console = Console()
    results: list[SeededGame] = []
    wins = 0
    interrupted = False
    with Progress(
        TextColumn("[bold]simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[wins]} won"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as progress:
        task = progress.add_task("games", total=games, wins=0)
        try:
            for result in play_games(config, games, seed, workers, args.record):
                results.append(result)
                wins += result.won
                progress.update(task, advance=1, wins=wins)
        except KeyboardInterrupt:
            interrupted = True
    if interrupted:
        print(f"interrupted: {len(results)} of {games} games finished", file=sys.stderr)
        if not results:
            return EXIT_INTERRUPTED
    results.sort(key=lambda result: result.seed)
    if args.show:
        for result in results:
            console.print(f"game seed {result.seed}: {'won' if result.won else 'lost'}")
            console.print(result.final_board, end="", markup=False, highlight=False)
    summary = summarize(results)
    _print_summary(console, config, seed, workers, summary)
    if args.record is not None:
        console.print(f"recorded in {args.record}: one folder per game, each with a "
                      "replay.html; 'sweeper replay DIR --gif OUT' animates them",
                      highlight=False, soft_wrap=True)
    if args.json:
        print(json.dumps(summary_json(summary, config, seed)), flush=True)
    return EXIT_INTERRUPTED if interrupted else 0


def _print_summary(
    console: Console, config: Config, seed: int, workers: int, summary: Summary
) -> None:
    from sweeper.coordinator.stats import print_table

    low, high = summary.interval
    print_table(
        f"{config.width}x{config.height}, {config.mines} mines, {config.rules} rules, "
        f"seeds {seed}..{seed + summary.games - 1}",
        [
            ("games", str(summary.games)),
            ("wins", str(summary.wins)),
            ("win rate", f"{summary.win_rate:.2%} ± {summary.ci95:.2%}"),
            ("95% interval", f"{low:.2%} – {high:.2%}"),
            ("ms per game (median)", f"{summary.ms_median:.1f}"),
            ("ms per game (p95)", f"{summary.ms_p95:.1f}"),
            ("workers", str(workers)),
        ],
        console,
    )
    if summary.lost_seeds:
        shown = ", ".join(map(str, summary.lost_seeds[:10]))
        more = f" and {len(summary.lost_seeds) - 10} more" if len(summary.lost_seeds) > 10 else ""
        console.print(f"lost seeds: {shown}{more}", highlight=False)
        console.print(
            "replay one: sweeper simulate "
            f"--width {config.width} --height {config.height} --mines {config.mines} "
            f"--rules {config.rules} --games 1 --seed {summary.lost_seeds[0]} --show",
            highlight=False,
            soft_wrap=True,
        )
