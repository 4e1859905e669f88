"""Play seeded games of the in-process engine through the bot's own loop.

Each game is dealt on a :class:`~coordinator.simulation.simulated_screen.SimulatedScreen`
and played by the :class:`~coordinator.play.Player` that plays live: the looker takes
screenshots, the recognizer reads them, the analyzer decides and the clicks land on the
drawn cells. Every board the player acts on is checked against the engine's, so a misread
stops the run.
Game ``i`` of a run with seed ``S`` uses the game seed ``S + i``, so a run's games do not
depend on how many worker processes play them, and ``--games 1 --seed S+i`` replays
exactly game ``i``. Only the analyzer's computing time (CPU time of the worker process)
is timed, not the engine's, the drawing or the reading. A recorded run writes what
``sweeper play --record`` writes, the simulated screen's screenshots included: game ``i``
goes to the ``i``-th folder after the games already in the directory. A game is played
under a named guessing-policy preset (:mod:`~coordinator.guess_presets`); a run may play
every seed under several (``--compare``), each preset on tables of its own.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import statistics
import time
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sweeper.analyzer import Move
from sweeper.coordinator.decide import Decider, Decision, LocalDecider
from sweeper.coordinator.guess_presets import DEFAULT_PRESET, guess_options
from sweeper.coordinator.play import Player, PlayOptions
from sweeper.coordinator.recording import RunRecorder, recorded_games
from sweeper.coordinator.simulation.collector import pace_collector
from sweeper.coordinator.simulation.simulated_screen import SimulatedScreen
from sweeper.coordinator.stats import half_width_95, wilson_interval
from sweeper.coordinator.watch import Sight
from sweeper.core import Board, BoardSize, Cell, Rules, SweeperError, format_board

MAX_CHUNK = 16  # games a pool worker takes at once: few enough that the last ones finish
# together ...
CHUNKS_PER_WORKER = 8  # ... and a short run still gives each worker this many chunks
LOST_SEEDS_LISTED = 10  # lost seeds the --json line lists (the file has all of them)

# A scripted turn: (board, total mines, rules) -> (cells to open, the move without them).
Turn = Callable[[Board, int, Rules], tuple[list[Cell], Cell | None]]


class SimulationError(SweeperError, RuntimeError):
    """The loop saw a board other than the engine's: the simulation cannot be trusted."""


@dataclass(frozen=True)
class Config:
    """The kind of game to play: a board size and the first-click rules."""

    size: BoardSize
    rules: Rules

    @property
    def width(self) -> int:
        return self.size.width

    @property
    def height(self) -> int:
        return self.size.height

    @property
    def mines(self) -> int:
        return self.size.mines


@dataclass(frozen=True)
class SeededGame:
    """How one seeded game went."""

    seed: int
    won: bool
    compute_ms: float  # analyzer CPU time over the whole game
    turns: int  # analyses asked for
    guesses: int  # moves opened without proof of safety (the first click included)
    final_board: str  # empty when read back from a results file
    clicks: int = 0
    policy: str = DEFAULT_PRESET


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


class TimedDecider:
    """A decider that adds up the CPU time the decisions take."""

    def __init__(self, decider: Decider) -> None:
        self.decider = decider
        self.seconds = 0.0

    def decide(self, board: Board, total_mines: int, rules: Rules) -> Decision:
        started = time.process_time()
        try:
            return self.decider.decide(board, total_mines, rules)
        finally:
            self.seconds += time.process_time() - started


class ScriptedDecider:
    """A decider that plays a scripted :data:`Turn` (tests choose the moves with it)."""

    def __init__(self, turn: Turn, rules: Rules) -> None:
        self.turn = turn
        self.rules = rules

    def decide(self, board: Board, total_mines: int, rules: Rules) -> Decision:
        safe, move = self.turn(board, total_mines, self.rules)
        guess = None if move is None else Move(move[0], move[1], 0.5, "scripted")
        return Decision(safe=list(safe), mines=[], probabilities=[], move=guess,
                        elapsed_ms=0.0)


class Table:
    """A simulated screen with a player at it, dealing seeded games of one kind."""

    def __init__(
        self, config: Config, decider: Decider | None = None, policy: str = DEFAULT_PRESET
    ) -> None:
        self.config = config
        self.policy = policy
        self.screen = SimulatedScreen(config.width, config.height, config.mines, config.rules)
        if decider is None:
            decider = LocalDecider(None if policy == DEFAULT_PRESET else guess_options(policy))
        self.decider = TimedDecider(decider)
        options = PlayOptions(games=1, rules=config.rules, mines=config.mines)
        self.player = Player(self.screen, self.decider, options, on_sight=self._check)
        self._located = False

    def play(self, seed: int, record: tuple[Path, int] | None = None) -> SeededGame:
        """Deal the game of ``seed`` and play it to its end; ``record`` (a recording
        directory and the game's number in it) records every step."""
        self.screen.deal(seed)
        recording = None if record is None else RunRecorder(
            record[0], next_game=record[1]).new_game()
        self.decider.seconds = 0.0
        sight = self._first_sight()
        result, final = self.player.play_game(sight, recording)
        # to the microsecond, as a results file keeps it, so a run and its file agree
        compute_ms = round(self.decider.seconds * 1000, 3)
        return SeededGame(seed, result.result == "won", compute_ms, result.steps,
                          result.guesses, format_board(final.board), result.clicks, self.policy)

    def _first_sight(self) -> Sight:
        if not self._located:
            self._located = True
            return self.player.locate()
        return self.player.look()

    def _check(self, sight: Sight) -> None:
        if sight.board != self.screen.game.board:
            raise SimulationError(
                f"game seed {self.screen.game.seed}: the board was read as\n{sight.board}\n"
                f"but the game shows\n{self.screen.game.board}")


def play_game(config: Config, seed: int, turn: Turn | None = None) -> SeededGame:
    """Play one game to its end on a table of its own, ``turn`` (default: the analyzer)
    deciding every move."""
    decider = None if turn is None else ScriptedDecider(turn, config.rules)
    return Table(config, decider).play(seed)


# one table per kind of game and policy preset, in each worker process
_TABLES: dict[tuple[Config, str], Table] = {}


def game_seeds(seed: int, games: int) -> list[int]:
    """The seed of every game of a run: ``seed + index``."""
    return [seed + index for index in range(games)]


Job = tuple[Config, str, int, tuple[Path, int] | None]  # kind, preset, seed, recording


def _play_seed(job: Job) -> SeededGame:
    config, policy, seed, record = job
    key = (config, policy)
    table = _TABLES.get(key)
    if table is None:
        pace_collector()  # a worker process's first game: it plays many more
        table = _TABLES[key] = Table(config, policy=policy)
    return table.play(seed, record)


def play_games(
    config: Config,
    games: int,
    seed: int,
    workers: int,
    record: Path | None = None,
    *,
    policies: Sequence[str] = (DEFAULT_PRESET,),
    done: Collection[tuple[str, int]] = (),
    cluster: str | None = None,
) -> Iterator[SeededGame]:
    """Play the run's games on ``workers`` processes; yield results as they finish.

    Every seed is played under each of ``policies`` (preset names), except the
    ``(policy, seed)`` pairs in ``done`` (games a results file already holds).
    ``record`` is a directory to record the games in, after those already there.
    ``cluster`` (``auto`` or a Dask scheduler's address) plays them there instead."""
    first = 0 if record is None else recorded_games(record) + 1
    finished = set(done)
    todo = [(policy, game_seed) for game_seed in game_seeds(seed, games)
            for policy in policies if (policy, game_seed) not in finished]
    jobs: list[Job] = [
        (config, policy, game_seed, None if record is None else (record, first + index))
        for index, (policy, game_seed) in enumerate(todo)
    ]
    if cluster is not None:
        from sweeper.coordinator.cluster import map_on_cluster

        yield from map_on_cluster(cluster, _play_chunk, jobs, workers)
        return
    if workers <= 1:
        yield from map(_play_seed, jobs)
        return
    chunk = max(1, min(MAX_CHUNK, len(jobs) // (workers * CHUNKS_PER_WORKER)))
    context = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
    with context.Pool(workers, initializer=_leave_ctrl_c_to_the_parent) as pool:
        yield from pool.imap_unordered(_play_seed, jobs, chunksize=chunk)


def _leave_ctrl_c_to_the_parent() -> None:
    """In a worker: ignore Ctrl-C, which the parent handles by ending the pool (a worker
    would otherwise print its own traceback)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_chunk(jobs: list[Job]) -> list[SeededGame]:
    """A cluster's task: the games of ``jobs``, on this worker process's tables."""
    return [_play_seed(job) for job in jobs]


def summarize(results: Sequence[SeededGame]) -> Summary:
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


def summary_json(
    summary: Summary, config: Config, seed: int, policy: str = DEFAULT_PRESET
) -> dict[str, Any]:
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
        "lost_seeds_first": list(summary.lost_seeds[:LOST_SEEDS_LISTED]),
        "policy": policy,
    }
