"""What ``sweeper simulate``'s options mean, checked before any game is played: the board,
the guessing-policy presets, the worker count, the recording folder, the cluster."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import TYPE_CHECKING

from sweeper.coordinator.guess_presets import DEFAULT_PRESET, PRESET_HELP, preset_names
from sweeper.core import DIFFICULTIES, BoardSize

if TYPE_CHECKING:
    from sweeper.coordinator.simulate import Config

MAX_GAMES = 1_000_000  # every game's result is kept for the summary
WORKERS_PER_CORE = 4  # more processes than that only add memory
MIN_WIDTH, MIN_HEIGHT = 3, 2  # the smallest board the recognizer finds on the screen


def policies_of(args: argparse.Namespace) -> tuple[str, ...]:
    """The presets to play: ``--compare``'s two, else ``--policy`` (default: the default)."""
    if args.compare is not None and args.policy is not None:
        raise ValueError("give either --policy or --compare, not both")
    chosen = tuple(args.compare) if args.compare is not None else (args.policy,)
    for name in chosen:
        if name is not None and name not in PRESET_HELP:
            raise ValueError(f"unknown policy preset {name!r}: expected one of "
                             f"{', '.join(preset_names())}")
    return tuple(name or DEFAULT_PRESET for name in chosen)


def check_cluster(args: argparse.Namespace) -> None:
    from sweeper.coordinator.cluster import cluster_problem

    if args.record is not None:
        raise ValueError("--record writes on this machine: play without --cluster to record")
    problem = cluster_problem(str(args.cluster))
    if problem is not None:
        raise ValueError(problem)

def config_of(args: argparse.Namespace) -> Config:
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


def make_record_directory(folder: Path) -> None:
    """Create the recording directory (raise ValueError saying why it cannot be)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise ValueError(f"--record {folder}: not a directory") from None
    except OSError as error:
        raise ValueError(f"--record {folder}: cannot create it ({error.strerror})") from None


def workers_of(args: argparse.Namespace) -> int:
    if args.workers is None:
        return os.cpu_count() or 1
    most = WORKERS_PER_CORE * (os.cpu_count() or 1)
    if not 1 <= args.workers <= most:
        raise ValueError(
            f"--workers must be 1 to {most} ({WORKERS_PER_CORE} per core), not {args.workers}"
        )
    return int(args.workers)
