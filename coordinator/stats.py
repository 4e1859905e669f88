"""Statistics over a run of games: win rate with a 95% interval, medians, summary tables."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

from rich.console import Console
from rich.table import Table

Z_95 = 1.959963984540054


def wilson_interval(wins: int, games: int) -> tuple[float, float]:
    """The Wilson score 95% interval of a win rate (0, 0 for no games)."""
    if games == 0:
        return 0.0, 0.0
    rate = wins / games
    denominator = 1 + Z_95**2 / games
    centre = (rate + Z_95**2 / (2 * games)) / denominator
    half = Z_95 * math.sqrt(rate * (1 - rate) / games + Z_95**2 / (4 * games**2)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def half_width_95(wins: int, games: int) -> float:
    """Half the width of the 95% interval, the ``ci95`` of ``sweeper simulate --json``."""
    low, high = wilson_interval(wins, games)
    return (high - low) / 2


def median_or_none(values: Sequence[float]) -> float | None:
    """The median, or None when there are no values."""
    return statistics.median(values) if values else None


def print_table(
    title: str, rows: Sequence[tuple[str, str]], console: Console | None = None
) -> None:
    """Print a two-column summary table (name, value)."""
    table = Table(title=title, show_header=False, title_justify="left")
    table.add_column("what", style="bold")
    table.add_column("value", justify="right")
    for name, value in rows:
        table.add_row(name, value)
    (console or Console()).print(table)


def print_rows(
    title: str, header: Sequence[str], rows: Sequence[Sequence[str]],
    console: Console | None = None,
) -> None:
    """Print a table with a header row; every column but the first right-aligned."""
    table = Table(title=title, title_justify="left")
    for index, name in enumerate(header):
        table.add_column(name, justify="left" if index == 0 else "right")
    for row in rows:
        table.add_row(*row)
    (console or Console()).print(table)


def mcnemar_exact_p(only_first: int, only_second: int) -> float:
    """McNemar's exact two-sided p-value for paired games: ``only_first`` won by the first
    setting alone, ``only_second`` by the second alone (the discordant pairs).

    Under the null each discordant pair goes either way with chance 1/2, so the smaller
    count is binomial(n, 1/2): p = min(1, 2 * P(X <= smaller)), computed exactly.
    """
    if min(only_first, only_second) < 0:
        raise ValueError("discordant counts must be >= 0")
    discordant = only_first + only_second
    if discordant == 0:
        return 1.0
    tail = sum(math.comb(discordant, k) for k in range(min(only_first, only_second) + 1))
    return min(1.0, 2 * tail / (1 << discordant))


def paired_difference_interval(
    only_first: int, only_second: int, pairs: int
) -> tuple[float, float]:
    """The 95% interval of (win rate of the first - of the second) over ``pairs`` paired
    games: Bonett and Price's adjusted Wald interval (one win added to each discordant
    count), which keeps its coverage when the discordant pairs are few."""
    if pairs == 0:
        return 0.0, 0.0
    first = (only_first + 1) / (pairs + 2)
    second = (only_second + 1) / (pairs + 2)
    difference = first - second
    half = Z_95 * math.sqrt(max(0.0, first + second - difference**2) / (pairs + 2))
    return max(-1.0, difference - half), min(1.0, difference + half)
