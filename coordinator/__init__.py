"""The coordinator: the play loop, the simulator, recordings and statistics.

Its public names are here: the ``Player`` and its options and results, the deciders that
ask the analyzer, the simulator and what it plays on (the in-process ``Game`` and the
``SimulatedScreen``), the local services and the process groups they run in, its
commands (``play``, ``replay``, ``simulate``), and the errors. Other packages import them
from here, not from the modules. It never imports the practice arena: the command line's
composition root, :mod:`sweeper.cli`, puts the two together.

Each is loaded from its module on first use: importing the package alone imports none of
them, so ``sweeper --help`` stays fast.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from sweeper.core import lazy_attributes

# The bot's matrix products are small: on a busy 2-core machine, BLAS threads waiting for
# a free core made them slower, not faster (loop time 30 -> 28 ms, won game 2.2 -> 1.9 s).
# Set before anything in the bot's process imports numpy; the environment's own wins.
for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")

if TYPE_CHECKING:
    from sweeper.coordinator.decide import (
        AnalyzerRejectedError,
        AnalyzerUnavailableError,
        Decider,
        Decision,
        LocalDecider,
        RemoteDecider,
    )
    from sweeper.coordinator.local_services import local_service
    from sweeper.coordinator.look import WatchError
    from sweeper.coordinator.outcome import GameResult, PlayError, RunSummary
    from sweeper.coordinator.play import Player, PlayOptions
    from sweeper.coordinator.play_args import add_game_arguments
    from sweeper.coordinator.play_cli import (
        add_play_commands,
        check_before_starting,
        open_local_effector,
        play_and_report,
    )
    from sweeper.coordinator.play_log import PLAY_LOGGER
    from sweeper.coordinator.process_groups import start_group, stop_group
    from sweeper.coordinator.progress import REST_MS
    from sweeper.coordinator.recording import RecordingError
    from sweeper.coordinator.simulate import Config, SimulationError, play_game, play_games
    from sweeper.coordinator.simulate_cli import add_simulate_command
    from sweeper.coordinator.simulation.engine import Game, GameError
    from sweeper.coordinator.simulation.simulated_screen import SimulatedScreen
    from sweeper.coordinator.stats import print_rows, print_table

__all__ = [
    "PLAY_LOGGER",
    "REST_MS",
    "AnalyzerRejectedError",
    "AnalyzerUnavailableError",
    "Config",
    "Decider",
    "Decision",
    "Game",
    "GameError",
    "GameResult",
    "LocalDecider",
    "PlayError",
    "PlayOptions",
    "Player",
    "RecordingError",
    "RemoteDecider",
    "RunSummary",
    "SimulatedScreen",
    "SimulationError",
    "WatchError",
    "add_game_arguments",
    "add_play_commands",
    "add_simulate_command",
    "check_before_starting",
    "local_service",
    "open_local_effector",
    "play_and_report",
    "play_game",
    "play_games",
    "print_rows",
    "print_table",
    "start_group",
    "stop_group",
]

# The module that defines each public name.
_HOME_OF = {
    "AnalyzerRejectedError": "sweeper.coordinator.decide",
    "AnalyzerUnavailableError": "sweeper.coordinator.decide",
    "Decider": "sweeper.coordinator.decide",
    "Decision": "sweeper.coordinator.decide",
    "LocalDecider": "sweeper.coordinator.decide",
    "RemoteDecider": "sweeper.coordinator.decide",
    "local_service": "sweeper.coordinator.local_services",
    "GameResult": "sweeper.coordinator.outcome",
    "PlayError": "sweeper.coordinator.outcome",
    "RunSummary": "sweeper.coordinator.outcome",
    "PlayOptions": "sweeper.coordinator.play",
    "Player": "sweeper.coordinator.play",
    "REST_MS": "sweeper.coordinator.progress",
    "add_game_arguments": "sweeper.coordinator.play_args",
    "add_play_commands": "sweeper.coordinator.play_cli",
    "check_before_starting": "sweeper.coordinator.play_cli",
    "open_local_effector": "sweeper.coordinator.play_cli",
    "play_and_report": "sweeper.coordinator.play_cli",
    "PLAY_LOGGER": "sweeper.coordinator.play_log",
    "start_group": "sweeper.coordinator.process_groups",
    "stop_group": "sweeper.coordinator.process_groups",
    "RecordingError": "sweeper.coordinator.recording",
    "Config": "sweeper.coordinator.simulate",
    "SimulationError": "sweeper.coordinator.simulate",
    "play_game": "sweeper.coordinator.simulate",
    "play_games": "sweeper.coordinator.simulate",
    "add_simulate_command": "sweeper.coordinator.simulate_cli",
    "Game": "sweeper.coordinator.simulation.engine",
    "GameError": "sweeper.coordinator.simulation.engine",
    "SimulatedScreen": "sweeper.coordinator.simulation.simulated_screen",
    "print_rows": "sweeper.coordinator.stats",
    "print_table": "sweeper.coordinator.stats",
    "WatchError": "sweeper.coordinator.look",
}


__getattr__ = lazy_attributes(__name__, _HOME_OF)
