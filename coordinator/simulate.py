"""Play seeded games of the in-process engine with the analyzer, as the bot plays them.

Each turn the analyzer sees the board; if it proves cells safe they are all opened in
one batch (as the coordinator does on screen), otherwise its one ``move`` is opened.
Game ``i`` of a run with seed ``S`` uses the game seed ``S + i``, so a run's games do not
depend on how many worker processes play them, and ``--games 1 --seed S+i`` replays
exactly game ``i``. Only the analyzer's computing time (CPU time of the worker process)
is timed, not the engine's.
"""

from __future__ import annotations

import multiprocessing
import os
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from analyzer.board import Board, Cell, format_board
from analyzer.rules import Rules
from coordinator.stats import half_width_95, wilson_interval
from practice.engine import Game

# A turn of the analyzer: (board, total mines, rules) -> (cells proved safe, the move).
Turn = Callable[[Board, int, Rules], tuple[list[Cell], Cell | None]]


@dataclass(frozen=True)
class Config:
    """The kind of game to play."""

    width: int
    height: int
    mines: int
    rules: Rules


@dataclass(frozen=True)
class GameResult:
    """How one seeded game went."""

    seed: int
    won: bool
    compute_ms: float  # analyzer CPU time over the whole game
    turns: int  # analyses asked for
    guesses: int  # moves opened without proof of safety (the first click included)
    final_board: str


@dataclass(frozen=True)
class Summary:
    """Figures over a run of games."""

    games: int
    wins: int
    ms_median: float
    ms_p95: float
    lost_seeds: tuple[int, ...]

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def ci95(self) -> float:
        return half_width_95(self.wins, self.games)

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)


def analyzer_turn(board: Board, total_mines: int, rules: Rules) -> tuple[list[Cell], Cell | None]:
    """One turn of the analyzer the bot plays with: proved-safe cells and the next move."""
    from analyzer.api import analyze

    analysis = analyze(board, total_mines, rules)
    move = None if analysis.move is None else (analysis.move.row, analysis.move.col)
    return analysis.safe, move


def play_game(config: Config, seed: int, turn: Turn = analyzer_turn) -> GameResult:
    """Play one game to its end with ``turn`` deciding every move."""
    game = Game(config.width, config.height, config.mines, config.rules, seed)
    compute = 0.0
    turns = guesses = 0
    while game.status == "playing":
        board = game.board
        started = time.process_time()
        safe, move = turn(board, config.mines, config.rules)
        compute += time.process_time() - started
        turns += 1
        if safe:
            for cell in safe:
                if game.status == "playing":
                    game.open(*cell)
        elif move is not None:
            guesses += 1
            game.open(*move)
        else:
            raise RuntimeError(f"game seed {seed}: the analyzer gave no move on\n{board}")
    return GameResult(
        seed, game.status == "won", compute * 1000, turns, guesses, format_board(game.board)
    )


def game_seeds(seed: int, games: int) -> list[int]:
    """The seed of every game of a run: ``seed + index``."""
    return [seed + index for index in range(games)]


def _play_seed(job: tuple[Config, int]) -> GameResult:
    config, seed = job
    return play_game(config, seed)


def play_games(config: Config, games: int, seed: int, workers: int) -> Iterator[GameResult]:
    """Play the run's games on ``workers`` processes; yield results as they finish."""
    jobs = [(config, game_seed) for game_seed in game_seeds(seed, games)]
    if workers <= 1:
        yield from map(_play_seed, jobs)
        return
    chunk = max(1, min(16, games // (workers * 8)))
    context = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
    with context.Pool(workers) as pool:
        yield from pool.imap_unordered(_play_seed, jobs, chunksize=chunk)


def summarize(results: Sequence[GameResult]) -> Summary:
    """Wins, timing percentiles and lost seeds (ascending) of a run."""
    times = sorted(result.compute_ms for result in results)
    return Summary(
        games=len(results),
        wins=sum(result.won for result in results),
        ms_median=statistics.median(times) if times else 0.0,
        ms_p95=_percentile(times, 95),
        lost_seeds=tuple(sorted(result.seed for result in results if not result.won)),
    )


def _percentile(sorted_values: Sequence[float], percent: int) -> float:
    if not sorted_values:
        return 0.0
    if len(sorted_values) == 1:
        return sorted_values[0]
    return statistics.quantiles(sorted_values, n=100, method="inclusive")[percent - 1]


def summary_json(summary: Summary, config: Config, seed: int) -> dict[str, Any]:
    """The ``--json`` line (``games``, ``wins``, ``win_rate``, ``ci95``, ...)."""
    low, high = summary.interval
    return {
        "games": summary.games,
        "wins": summary.wins,
        "win_rate": round(summary.win_rate, 6),
        "ci95": round(summary.ci95, 6),
        "ms_per_game_median": round(summary.ms_median, 3),
        "ms_per_game_p95": round(summary.ms_p95, 3),
        "ci95_low": round(low, 6),
        "ci95_high": round(high, 6),
        "width": config.width,
        "height": config.height,
        "mines": config.mines,
        "rules": config.rules,
        "seed": seed,
        "lost_seeds_first": list(summary.lost_seeds[:10]),
    }
