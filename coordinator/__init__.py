"""The coordinator: the play loop, the ``sweeper`` command line, recordings and statistics.

Its public names are here: the ``Player`` and its options and results, the deciders that
ask the analyzer, the simulator, the command line's ``main``, and the errors. Other
packages import them from here, not from the modules.

Each is loaded from its module on first use: importing the package alone imports none of
them, so ``sweeper --help`` stays fast.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from serving import lazy_attributes

# The bot's matrix products are small: on a busy 2-core machine, BLAS threads waiting for
# a free core made them slower, not faster (loop time 30 -> 28 ms, won game 2.2 -> 1.9 s).
# Set before anything in the bot's process imports numpy; the environment's own wins.
for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")

if TYPE_CHECKING:
    from coordinator.cli import build_parser, main
    from coordinator.decide import (
        AnalyzerRejectedError,
        AnalyzerUnavailableError,
        Decider,
        Decision,
        LocalDecider,
        RemoteDecider,
    )
    from coordinator.local_services import local_service
    from coordinator.play import (
        REST_MS,
        GameResult,
        Player,
        PlayError,
        PlayOptions,
        RunSummary,
    )
    from coordinator.play_cli import CLOCK_SEEDED_PAUSE_S
    from coordinator.recording import RecordingError
    from coordinator.simulate import Config, SimulationError, play_game, play_games
    from coordinator.stats import print_rows, print_table
    from coordinator.watch import WatchError

__all__ = [
    "CLOCK_SEEDED_PAUSE_S",
    "REST_MS",
    "AnalyzerRejectedError",
    "AnalyzerUnavailableError",
    "Config",
    "Decider",
    "Decision",
    "GameResult",
    "LocalDecider",
    "PlayError",
    "PlayOptions",
    "Player",
    "RecordingError",
    "RemoteDecider",
    "RunSummary",
    "SimulationError",
    "WatchError",
    "build_parser",
    "local_service",
    "main",
    "play_game",
    "play_games",
    "print_rows",
    "print_table",
]

# The module that defines each public name.
_HOME_OF = {
    "build_parser": "coordinator.cli",
    "main": "coordinator.cli",
    "AnalyzerRejectedError": "coordinator.decide",
    "AnalyzerUnavailableError": "coordinator.decide",
    "Decider": "coordinator.decide",
    "Decision": "coordinator.decide",
    "LocalDecider": "coordinator.decide",
    "RemoteDecider": "coordinator.decide",
    "local_service": "coordinator.local_services",
    "GameResult": "coordinator.play",
    "PlayError": "coordinator.play",
    "PlayOptions": "coordinator.play",
    "Player": "coordinator.play",
    "RunSummary": "coordinator.play",
    "REST_MS": "coordinator.play",
    "CLOCK_SEEDED_PAUSE_S": "coordinator.play_cli",
    "RecordingError": "coordinator.recording",
    "Config": "coordinator.simulate",
    "SimulationError": "coordinator.simulate",
    "play_game": "coordinator.simulate",
    "play_games": "coordinator.simulate",
    "print_rows": "coordinator.stats",
    "print_table": "coordinator.stats",
    "WatchError": "coordinator.watch",
}


__getattr__ = lazy_attributes(__name__, _HOME_OF)
