"""``sweeper simulate``'s results file: the games ``--out`` holds from an earlier run of the
same command, and ``--summary``'s report from the file alone."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable
from typing import TYPE_CHECKING

from sweeper.coordinator.simulate_report import print_summary

if TYPE_CHECKING:
    from sweeper.coordinator.game_log import LoggedGame
    from sweeper.coordinator.simulate import Config, SeededGame


def earlier_games(
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
            f"--out {args.out} holds games of {kind_of(other)}, this run plays {kind_of(config)}: "
            "give another file")
    seeds = set(game_seeds(int(args.seed), int(args.games)))
    return first_of_each(line.game for line in logged
                         if line.game.seed in seeds and line.game.policy in policies)


def first_of_each(games: Iterable[SeededGame]) -> list[SeededGame]:
    """The first game of each (preset, seed)."""
    kept: dict[tuple[str, int], SeededGame] = {}
    for game in games:
        kept.setdefault((game.policy, game.seed), game)
    return list(kept.values())


def kind_of(config: Config) -> str:
    return f"{config.width}x{config.height} with {config.mines} mines, {config.rules} rules"


def report_file(args: argparse.Namespace, policies: tuple[str, ...]) -> int:
    """``--summary FILE``: the run's summary, or the comparison, from the file alone."""
    from rich.console import Console

    from sweeper.coordinator.compare import compare, comparison_json, print_comparison
    from sweeper.coordinator.simulate import summarize, summary_json

    config, logged = file_games(args)
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
    policy = file_policy(args, logged)
    games = first_of_each(line.game for line in logged if line.game.policy == policy)
    first_seed = min(game.seed for game in games)
    summary = summarize(games)
    print_summary(console, config, first_seed, None, summary,
                  last_seed=max(game.seed for game in games))
    if args.json:
        print(json.dumps(summary_json(summary, config, first_seed, policy)), flush=True)
    return 0


def file_games(args: argparse.Namespace) -> tuple[Config, list[LoggedGame]]:
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
                         f"board: {'; '.join(sorted(map(kind_of, kinds)))}")
    return logged[0].config, logged


def file_policy(args: argparse.Namespace, logged: list[LoggedGame]) -> str:
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
