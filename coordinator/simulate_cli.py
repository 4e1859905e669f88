"""``sweeper simulate``: play seeded games in-process and report the win rate.

With ``--out FILE.jsonl`` every game's result goes to the file as it ends and a second
run of the same command plays only the seeds the file lacks; ``--summary FILE`` reports
from the file alone. ``--compare A B`` plays every seed under two guessing-policy presets
and reports the paired difference (:mod:`~coordinator.compare`).

What the options mean is checked in :mod:`~coordinator.simulate_options`, the results
file is read in :mod:`~coordinator.simulate_results`, and the tables are printed by
:mod:`~coordinator.simulate_report`.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sweeper.coordinator.guess_presets import DEFAULT_PRESET, PRESET_HELP
from sweeper.coordinator.simulate_options import (
    MAX_GAMES,
    check_cluster,
    config_of,
    make_record_directory,
    policies_of,
    workers_of,
)
from sweeper.coordinator.simulate_report import report_comparison, report_summary, show
from sweeper.coordinator.simulate_results import earlier_games, report_file
from sweeper.core import DIFFICULTIES, RULES, CommandError
from sweeper.serving import folder, whole_number

if TYPE_CHECKING:
    from sweeper.coordinator.simulate import Config, SeededGame

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
    _add_research_arguments(parser)
    parser.set_defaults(handler=run_simulate)


def _add_research_arguments(parser: argparse.ArgumentParser) -> None:
    presets = "; ".join(f"{name}: {help_text}" for name, help_text in PRESET_HELP.items())
    research = parser.add_argument_group(f"results files and guessing policies ({presets})")
    research.add_argument(
        "--out", type=Path, metavar="FILE.jsonl",
        help="append one JSON line per game to FILE as it ends; run the same command "
             "again to play only the seeds FILE lacks")
    research.add_argument(
        "--summary", type=Path, metavar="FILE.jsonl",
        help="report from a results file alone (no games played); with --compare A B, "
             "the paired comparison of the two presets in it")
    research.add_argument(
        "--policy", metavar="NAME",
        help=f"the guessing-policy preset to play with (default: {DEFAULT_PRESET})")
    research.add_argument(
        "--compare", nargs=2, metavar=("A", "B"),
        help="play every seed under presets A and B and report the paired difference "
             "(McNemar's exact test, 95%% interval, the seeds they disagree on)")
    research.add_argument(
        "--cluster", metavar="auto|ADDRESS",
        help="play on a Dask cluster: 'auto' starts a local one of --workers processes, "
             "ADDRESS (tcp://HOST:8786) joins a running scheduler; needs sweeper[cluster]")


def run_simulate(args: argparse.Namespace) -> int:
    """Handler of ``sweeper simulate``; returns the exit code."""
    try:
        policies = policies_of(args)
        if args.summary is not None:
            return report_file(args, policies)
        config = config_of(args)
        workers = workers_of(args)
        if not 1 <= args.games <= MAX_GAMES:
            raise ValueError(f"--games must be 1 to {MAX_GAMES}, not {args.games}")
        if args.cluster is not None:
            check_cluster(args)
        if args.record is not None:
            make_record_directory(args.record)
        earlier = earlier_games(args, config, policies)
    except ValueError as error:
        raise CommandError(str(error)) from None
    return _run(config, args, workers, policies, earlier)


def _run(
    config: Config,
    args: argparse.Namespace,
    workers: int,
    policies: tuple[str, ...],
    earlier: list[SeededGame],
) -> int:
    from rich.console import Console

    console = Console()
    if earlier:
        console.print(f"skipped {len(earlier)} games already in {args.out}",
                      highlight=False, markup=False, soft_wrap=True)
    from sweeper.coordinator.cluster import ClusterError
    from sweeper.coordinator.game_log import GameLogError

    try:
        played, interrupted = _play(config, args, workers, policies, earlier)
    except (ClusterError, GameLogError) as error:
        raise CommandError(str(error)) from None
    results = earlier + played
    if interrupted:
        print(f"interrupted: {len(played)} of {int(args.games) * len(policies) - len(earlier)} "
              "games finished", file=sys.stderr)
        if args.out is not None:
            print(f"every finished game is in {args.out}; run the same command again to "
                  "play the rest", file=sys.stderr)
        if not results:
            return EXIT_INTERRUPTED
    results.sort(key=lambda result: (result.seed, policies.index(result.policy)))
    if args.show:
        show(console, results, len(policies) > 1)
    if args.compare is not None:
        figures = report_comparison(console, config, args, results)
    else:
        figures = report_summary(console, config, args, workers, results)
    if args.record is not None:
        console.print(f"recorded in {args.record}: one folder per game, each with a "
                      "replay.html; 'sweeper replay DIR --gif OUT' animates them",
                      highlight=False, soft_wrap=True)
    if args.out is not None:
        console.print(f"every game's line is in {args.out}; 'sweeper simulate --summary "
                      f"{args.out}' reports from it", highlight=False, soft_wrap=True)
    if args.json:
        print(json.dumps(figures), flush=True)
    return EXIT_INTERRUPTED if interrupted else 0


def _play(
    config: Config,
    args: argparse.Namespace,
    workers: int,
    policies: tuple[str, ...],
    earlier: list[SeededGame],
) -> tuple[list[SeededGame], bool]:
    """Play the games ``earlier`` lacks, with a progress bar, each written to ``--out``;
    also say whether Ctrl-C stopped the run (the games finished by then are kept)."""
    from contextlib import nullcontext
    from dataclasses import replace

    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from sweeper.coordinator.game_log import GameLog
    from sweeper.coordinator.simulate import play_games

    done = {(game.policy, game.seed) for game in earlier}
    total = int(args.games) * len(policies) - len(done)
    results: list[SeededGame] = []
    wins = 0
    interrupted = False
    log = nullcontext(None) if args.out is None else GameLog(args.out)
    with log as writer, Progress(
        TextColumn("[bold]simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[wins]} won"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as progress:
        task = progress.add_task("games", total=total, wins=0)
        try:
            for result in play_games(config, int(args.games), int(args.seed), workers,
                                     args.record, policies=policies, done=done,
                                     cluster=args.cluster):
                if writer is not None:
                    writer.append(config, result)
                # a million expert boards would hold half a gigabyte: keep them only to show
                results.append(result if args.show else replace(result, final_board=""))
                wins += result.won
                progress.update(task, advance=1, wins=wins)
        except KeyboardInterrupt:
            interrupted = True
    return results, interrupted

