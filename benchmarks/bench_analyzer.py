"""Analyzer speed on real expert positions, against the plain two-checks-per-cell Z3 loop.

Plays seeded expert games (30x16, 99 mines, 'safe' rules) with the in-process engine,
opening every cell the analyzer proves safe (else its move), and keeps every position
after the first click. On those positions it times ``analyze()``; on an evenly spread
sample of them, in the same run, it also times ``plain_certain_cells()`` (one
incremental Z3 solver, two checks per unopened cell, every number and the total count)
and checks both give the same certain cells. Prints median/p95/p99 and the speed-up.

``analyze()`` is timed as the bot calls it (when nothing is safe it includes the guessing
policy's look-ahead); "certain cells and probabilities" times the same work without the
move choice, which is what the plain loop is compared with. An analyzer figure per
position is the best of ``--repeat`` runs, so that a busy shared
machine does not count as analyzer latency; the plain loop runs once per position (it
takes seconds, so the noise is small in comparison).

    .venv/bin/python benchmarks/bench_analyzer.py [--games 20] [--plain 40] [--seed 0]
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable

import numpy as np

from sweeper.analyzer import analyze, board_odds, certain_cells, plain_certain_cells
from sweeper.coordinator import Game
from sweeper.core import EXPERT, Board, Cell, parse_board

WIDTH, HEIGHT, MINES = EXPERT


def main() -> int:
    """Run the benchmark and print one line per figure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="expert games to play")
    parser.add_argument("--plain", type=int, default=40, help="positions for the plain loop")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--repeat", type=int, default=3, help="analyzer runs per position")
    args = parser.parse_args()

    analyze(parse_board("01.\n02.\n01.\n"), 2)  # load Z3 before timing anything
    positions, wins = _play(args.seed, args.games)
    print(f"{len(positions)} positions from {args.games} expert games "
          f"(seeds {args.seed}-{args.seed + args.games - 1}, {wins} won); "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    guesses = sum(not analyze(board, MINES).safe for board in positions)
    print(f"{guesses} of them have no safe cell (the guessing policy picks the move)")
    _report("analyze()", [_best_ms(_analyze, board, args.repeat) for board in positions])
    _report("certain cells and probabilities",
            [_best_ms(_deduce, board, args.repeat) for board in positions])

    sample = [int(i) for i in np.linspace(0, len(positions) - 1, min(args.plain, len(positions)))]
    plain_ms, paired_ms, agree = [], [], 0
    for index in sample:
        board = positions[index]
        started = time.perf_counter()
        plain = plain_certain_cells(board, MINES)
        plain_ms.append((time.perf_counter() - started) * 1000)
        paired_ms.append(_best_ms(_deduce, board, args.repeat))
        safe, mines = _deduce(board)
        agree += plain == (safe, mines)
    _report("plain Z3 loop", plain_ms)
    _report("certain cells and probabilities, same sample", paired_ms)
    ratios = np.array(plain_ms) / np.array(paired_ms)
    print(f"speed-up on the same {len(sample)} positions: "
          f"{np.median(plain_ms) / np.median(paired_ms):.0f}x (ratio of medians), "
          f"{np.median(ratios):.0f}x (median per position), "
          f"{sum(plain_ms) / sum(paired_ms):.0f}x (total time)")
    print(f"certain cells agree on {agree}/{len(sample)} positions")
    return 0 if agree == len(sample) else 1


def _play(first_seed: int, games: int) -> tuple[list[Board], int]:
    positions: list[Board] = []
    wins = 0
    for seed in range(first_seed, first_seed + games):
        game = Game(WIDTH, HEIGHT, MINES, rules="safe", seed=seed)
        while game.status == "playing":
            board = game.board
            result = analyze(board, MINES)
            if not board.is_fresh:
                positions.append(board)
            assert result.move is not None, "a game in play always has a move"
            for cell in result.safe or [(result.move.row, result.move.col)]:
                if game.status == "playing":
                    game.open(*cell)
        wins += game.status == "won"
    return positions, wins


def _analyze(board: Board) -> object:
    return analyze(board, MINES)


def _deduce(board: Board) -> tuple[set[Cell], set[Cell]]:
    """What the plain loop computes, the analyzer's way: odds, then Z3-confirmed verdicts."""
    odds = board_odds(board, MINES)
    deduced = certain_cells(odds.frontier, odds.odds, odds.unenumerated)
    return set(odds.trivial.safe | deduced.safe), set(odds.trivial.mines | deduced.mines)


def _best_ms(run: Callable[[Board], object], board: Board, repeat: int) -> float:
    """The best of ``repeat`` wall-clock times of ``run(board)``, in milliseconds."""
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        run(board)
        best = min(best, time.perf_counter() - started)
    return best * 1000


def _report(name: str, samples_ms: list[float]) -> None:
    values = np.array(samples_ms)
    median, p95, p99 = np.percentile(values, [50, 95, 99])
    print(f"{name}: median {median:.2f} ms, p95 {p95:.2f} ms, p99 {p99:.2f} ms, "
          f"max {values.max():.2f} ms ({len(values)} positions)")


if __name__ == "__main__":
    raise SystemExit(main())
