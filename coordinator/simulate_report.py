"""What ``sweeper simulate`` prints at the end of a run: every game's board with ``--show``,
the summary table with the lost seeds, or the paired comparison of two presets."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from sweeper.coordinator.guess_presets import DEFAULT_PRESET

if TYPE_CHECKING:
    from rich.console import Console

    from sweeper.coordinator.simulate import Config, SeededGame, Summary


def show(console: Console, results: list[SeededGame], name_policy: bool) -> None:
    for result in results:
        policy = f" ({result.policy})" if name_policy else ""
        console.print(f"game seed {result.seed}{policy}: {'won' if result.won else 'lost'}",
                      highlight=False)
        if result.final_board:
            console.print(result.final_board, end="", markup=False, highlight=False)


def report_summary(
    console: Console, config: Config, args: argparse.Namespace, workers: int,
    results: list[SeededGame],
) -> dict[str, Any]:
    """Print the run's table; return its ``--json`` figures."""
    from sweeper.coordinator.simulate import summarize, summary_json

    summary = summarize(results)
    print_summary(console, config, int(args.seed), workers, summary)
    policy = results[0].policy if results else DEFAULT_PRESET
    return summary_json(summary, config, int(args.seed), policy)


def report_comparison(
    console: Console, config: Config, args: argparse.Namespace, results: list[SeededGame]
) -> dict[str, Any]:
    """Print the comparison's table; return its ``--json`` figures."""
    from sweeper.coordinator.compare import compare, comparison_json, print_comparison

    comparison = compare(results, *args.compare)
    print_comparison(console, comparison, config)
    return comparison_json(comparison, config, int(args.seed))


def print_summary(
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
