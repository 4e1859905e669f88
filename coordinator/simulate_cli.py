"""``sweeper simulate``: play seeded games in-process and report the win rate.

With ``--out FILE.jsonl`` every game's result goes to the file as it ends and a second
run of the same command plays only the seeds the file lacks; ``--summary FILE`` reports
from the file alone. ``--compare A B`` plays every seed under two guessing-policy presets
and reports the paired difference (:mod:`~coordinator.compare`).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sweeper.coordinator.guess_presets import DEFAULT_PRESET, PRESET_HELP, preset_names
from sweeper.core import DIFFICULTIES, RULES, BoardSize, CommandError
from sweeper.serving import folder, whole_number

if TYPE_CHECKING:
    from rich.console import Console

    from sweeper.coordinator.game_log import LoggedGame
    from sweeper.coordinator.simulate import Config, SeededGame, Summary

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
        policies = _policies(args)
        if args.summary is not None:
            return _report_file(args, policies)
        config = _config(args)
        workers = _workers(args)
        if not 1 <= args.games <= MAX_GAMES:
            raise ValueError(f"--games must be 1 to {MAX_GAMES}, not {args.games}")
        if args.cluster is not None:
            _check_cluster(args)
        if args.record is not None:
            _make_record_directory(args.record)
        earlier = _earlier_games(args, config, policies)
    except ValueError as error:
        raise CommandError(str(error)) from None
    return _run(config, args, workers, policies, earlier)


def _policies(args: argparse.Namespace) -> tuple[str, ...]:
    """The presets to play: ``--compare``'s two, else ``--policy`` (default: the default)."""
    if args.compare is not None and args.policy is not None:
        raise ValueError("give either --policy or --compare, not both")
    chosen = tuple(args.compare) if args.compare is not None else (args.policy,)
    for name in chosen:
        if name is not None and name not in PRESET_HELP:
            raise ValueError(f"unknown policy preset {name!r}: expected one of "
                             f"{', '.join(preset_names())}")
    return tuple(name or DEFAULT_PRESET for name in chosen)


def _check_cluster(args: argparse.Namespace) -> None:
    from sweeper.coordinator.cluster import cluster_problem

    if args.record is not None:
        raise ValueError("--record writes on this machine: play without --cluster to record")
    problem = cluster_problem(str(args.cluster))
    if problem is not None:
        raise ValueError(problem)


def _earlier_games(
    args: argparse.Namespace, config: Config, policies: tuple[str, ...]
) -> list[SeededGame]:
    """The games of this run that ``--out`` already holds (first line of each seed)."""
    from sweeper.coordinator.game_log import read_games
    from sweeper.coordinator.simulate import game_seeds

    if args.out is None:
        return []
    logged = read_games(args.out)
    other = next((line.config for line in logged if line.config != config), None)
    if other is not None:
        raise ValueError(
            f"--out {args.out} holds games of {_kind(other)}, this run plays {_kind(config)}: "
            "give another file")
    seeds = set(game_seeds(int(args.seed), int(args.games)))
    return _first_of_each(line.game for line in logged
                          if line.game.seed in seeds and line.game.policy in policies)


def _first_of_each(games: Iterable[SeededGame]) -> list[SeededGame]:
    """The first game of each (preset, seed)."""
    kept: dict[tuple[str, int], SeededGame] = {}
    for game in games:
        kept.setdefault((game.policy, game.seed), game)
    return list(kept.values())


def _kind(config: Config) -> str:
    return f"{config.width}x{config.height} with {config.mines} mines, {config.rules} rules"


def _report_file(args: argparse.Namespace, policies: tuple[str, ...]) -> int:
    """``--summary FILE``: the run's summary, or the comparison, from the file alone."""
    from rich.console import Console

    from sweeper.coordinator.compare import compare, comparison_json, print_comparison
    from sweeper.coordinator.simulate import summarize, summary_json

    config, logged = _file_games(args)
    console = Console()
    if args.compare is not None:
        comparison = compare((line.game for line in logged), *policies)
        if comparison.pairs == 0:
            raise ValueError(f"--summary {args.summary} holds no seed played under both "
                             f"{policies[0]} and {policies[1]}")
        print_comparison(console, comparison, config)
        first_seed = min(line.game.seed for line in logged)
        if args.json:
            print(json.dumps(comparison_json(comparison, config, first_seed)), flush=True)
        return 0
    policy = _file_policy(args, logged)
    games = _first_of_each(line.game for line in logged if line.game.policy == policy)
    first_seed = min(game.seed for game in games)
    summary = summarize(games)
    _print_summary(console, config, first_seed, None, summary,
                   last_seed=max(game.seed for game in games))
    if args.json:
        print(json.dumps(summary_json(summary, config, first_seed, policy)), flush=True)
    return 0


def _file_games(args: argparse.Namespace) -> tuple[Config, list[LoggedGame]]:
    from sweeper.coordinator.game_log import read_games

    ignored = [option for option, value in (
        ("--out", args.out), ("--record", args.record), ("--difficulty", args.difficulty),
        ("--width", args.width), ("--height", args.height), ("--mines", args.mines),
    ) if value is not None]
    if ignored:
        raise ValueError(f"--summary reports from the file alone: drop {', '.join(ignored)}")
    if not args.summary.is_file():
        raise ValueError(f"--summary {args.summary}: no such file")
    logged = read_games(args.summary)
    if not logged:
        raise ValueError(f"--summary {args.summary} holds no games")
    kinds = {line.config for line in logged}
    if len(kinds) > 1:
        raise ValueError(f"--summary {args.summary} holds games of {len(kinds)} kinds of "
                         f"board: {'; '.join(sorted(map(_kind, kinds)))}")
    return logged[0].config, logged


def _file_policy(args: argparse.Namespace, logged: list[LoggedGame]) -> str:
    """The preset to summarize: ``--policy``, else the only one in the file."""
    in_file = list(dict.fromkeys(line.game.policy for line in logged))
    if args.policy is not None:
        if args.policy not in in_file:
            raise ValueError(f"--summary {args.summary} holds no game of preset {args.policy} "
                             f"(only {', '.join(in_file)})")
        return str(args.policy)
    if len(in_file) > 1:
        raise ValueError(f"--summary {args.summary} holds games of presets "
                         f"{', '.join(in_file)}: choose one with --policy, or --compare two")
    return in_file[0]


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
        _show(console, results, len(policies) > 1)
    if args.compare is not None:
        figures = _report_comparison(console, config, args, results)
    else:
        figures = _report_summary(console, config, args, workers, results)
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


def _show(console: Console, results: list[SeededGame], name_policy: bool) -> None:
    for result in results:
        policy = f" ({result.policy})" if name_policy else ""
        console.print(f"game seed {result.seed}{policy}: {'won' if result.won else 'lost'}",
                      highlight=False)
        if result.final_board:
            console.print(result.final_board, end="", markup=False, highlight=False)


def _report_summary(
    console: Console, config: Config, args: argparse.Namespace, workers: int,
    results: list[SeededGame],
) -> dict[str, Any]:
    """Print the run's table; return its ``--json`` figures."""
    from sweeper.coordinator.simulate import summarize, summary_json

    summary = summarize(results)
    _print_summary(console, config, int(args.seed), workers, summary)
    policy = results[0].policy if results else DEFAULT_PRESET
    return summary_json(summary, config, int(args.seed), policy)


def _report_comparison(
    console: Console, config: Config, args: argparse.Namespace, results: list[SeededGame]
) -> dict[str, Any]:
    """Print the comparison's table; return its ``--json`` figures."""
    from sweeper.coordinator.compare import compare, comparison_json, print_comparison

    comparison = compare(results, *args.compare)
    print_comparison(console, comparison, config)
    return comparison_json(comparison, config, int(args.seed))


def _print_summary(
    console: Console, config: Config, seed: int, workers: int | None, summary: Summary,
    *, last_seed: int | None = None,
) -> None:
    from sweeper.coordinator.stats import print_table

    low, high = summary.interval
    print_table(
        f"{config.width}x{config.height}, {config.mines} mines, {config.rules} rules, "
        f"seeds {seed}..{seed + summary.games - 1 if last_seed is None else last_seed}",
        [
            ("games", str(summary.games)),
            ("wins", str(summary.wins)),
            ("win rate", f"{summary.win_rate:.2%} ± {summary.ci95:.2%}"),
            ("95% interval", f"{low:.2%} – {high:.2%}"),
            ("ms per game (median)", f"{summary.ms_median:.1f}"),
            ("ms per game (p95)", f"{summary.ms_p95:.1f}"),
            *([] if workers is None else [("workers", str(workers))]),
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
