"""Two guessing-policy presets on the same seeds: the paired difference and its test.

Games on the same seed share their mines, so most pairs end alike; only the discordant
ones (won under one preset, lost under the other) say which is better. McNemar's exact
test asks whether they split more unevenly than a fair coin would, and the interval of
the win-rate difference is Bonett and Price's for paired proportions
(:mod:`~coordinator.stats`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from rich.console import Console

from sweeper.coordinator.simulate import Config, SeededGame
from sweeper.coordinator.stats import (
    mcnemar_exact_p,
    paired_difference_interval,
    print_rows,
    wilson_interval,
)

SEEDS_LISTED = 10  # differing seeds printed (the JSON line lists them all)


@dataclass(frozen=True)
class Comparison:
    """Presets ``first`` and ``second`` over the seeds both played."""

    first: str
    second: str
    pairs: int
    first_wins: int
    second_wins: int
    only_first: tuple[int, ...]  # seeds won under the first preset alone, ascending
    only_second: tuple[int, ...]  # seeds won under the second alone

    @property
    def difference(self) -> float:
        """Win rate of the first minus that of the second."""
        return (self.first_wins - self.second_wins) / self.pairs if self.pairs else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of :attr:`difference`."""
        return paired_difference_interval(len(self.only_first), len(self.only_second), self.pairs)

    @property
    def p_value(self) -> float:
        """McNemar's exact two-sided p-value."""
        return mcnemar_exact_p(len(self.only_first), len(self.only_second))

    @property
    def differing(self) -> list[tuple[int, str]]:
        """Every seed the presets disagree on, with the preset that won it, by seed."""
        return sorted([(seed, self.first) for seed in self.only_first]
                      + [(seed, self.second) for seed in self.only_second])


def compare(games: Iterable[SeededGame], first: str, second: str) -> Comparison:
    """Pair the games of ``first`` and ``second`` by seed (a seed played under only one is
    left out). When the two names are the same, a seed's first and last game are paired."""
    firsts: dict[int, bool] = {}
    seconds: dict[int, bool] = {}
    for game in games:
        if game.policy == first:
            firsts.setdefault(game.seed, game.won)
        if game.policy == second:
            seconds[game.seed] = game.won
    seeds = sorted(firsts.keys() & seconds.keys())
    return Comparison(
        first=first,
        second=second,
        pairs=len(seeds),
        first_wins=sum(firsts[seed] for seed in seeds),
        second_wins=sum(seconds[seed] for seed in seeds),
        only_first=tuple(seed for seed in seeds if firsts[seed] and not seconds[seed]),
        only_second=tuple(seed for seed in seeds if seconds[seed] and not firsts[seed]),
    )


def comparison_json(comparison: Comparison, config: Config, seed: int) -> dict[str, Any]:
    """The ``--compare --json`` line."""
    low, high = comparison.interval
    return {
        "first": comparison.first,
        "second": comparison.second,
        "pairs": comparison.pairs,
        "first_wins": comparison.first_wins,
        "second_wins": comparison.second_wins,
        "first_win_rate": _rate(comparison.first_wins, comparison.pairs),
        "second_win_rate": _rate(comparison.second_wins, comparison.pairs),
        "difference": round(comparison.difference, 6),
        "difference_ci95_low": round(low, 6),
        "difference_ci95_high": round(high, 6),
        "only_first": len(comparison.only_first),
        "only_second": len(comparison.only_second),
        "mcnemar_p": comparison.p_value,
        "differing_seeds": [[game_seed, won_by] for game_seed, won_by in comparison.differing],
        "width": config.width,
        "height": config.height,
        "mines": config.mines,
        "rules": config.rules,
        "seed": seed,
    }


def _rate(wins: int, games: int) -> float:
    return round(wins / games, 6) if games else 0.0


def print_comparison(console: Console, comparison: Comparison, config: Config) -> None:
    """The table of both presets, the paired difference and the seeds to replay."""
    pairs = comparison.pairs
    rows = []
    for name, wins in ((comparison.first, comparison.first_wins),
                       (comparison.second, comparison.second_wins)):
        low, high = wilson_interval(wins, pairs)
        rows.append([name, str(wins), f"{_rate(wins, pairs):.2%}", f"{low:.2%} – {high:.2%}"])
    low, high = comparison.interval
    rows.append([f"{comparison.first} - {comparison.second}",
                 f"{comparison.first_wins - comparison.second_wins:+d}",
                 f"{comparison.difference:+.2%}", f"{low:+.2%} – {high:+.2%}"])
    print_rows(
        f"{config.width}x{config.height}, {config.mines} mines, {config.rules} rules, "
        f"{pairs} paired seeds",
        ["policy", "wins", "win rate", "95% interval"], rows, console)
    console.print(
        f"won by one only: {len(comparison.only_first)} by {comparison.first}, "
        f"{len(comparison.only_second)} by {comparison.second}; "
        f"McNemar exact p = {comparison.p_value:.4g}", highlight=False, soft_wrap=True)
    _print_differing(console, comparison, config)


def _print_differing(console: Console, comparison: Comparison, config: Config) -> None:
    differing = comparison.differing
    if not differing:
        return
    shown = ", ".join(f"{seed} ({won_by})" for seed, won_by in differing[:SEEDS_LISTED])
    more = (f" and {len(differing) - SEEDS_LISTED} more (all in the --json line)"
            if len(differing) > SEEDS_LISTED else "")
    console.print(f"seeds won by one only: {shown}{more}", highlight=False, soft_wrap=True)
    seed, won_by = differing[0]
    lost_by = comparison.second if won_by == comparison.first else comparison.first
    console.print(
        f"replay one: sweeper simulate --width {config.width} --height {config.height} "
        f"--mines {config.mines} --rules {config.rules} --games 1 --seed {seed} --show "
        f"--policy {won_by} (then --policy {lost_by})", highlight=False, soft_wrap=True)
