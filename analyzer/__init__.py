"""The analyzer: decides which cell to open next, exactly where it can.

Its public names are here: ``analyze`` and what it returns, the exact solvers, the limit
on a board's size and the errors; the board, rules and sizes it speaks in are the core's
(:mod:`sweeper.core`). Other packages import them from here, not from the modules.

Each is loaded from its module on first use: importing the package alone imports none of
them, nor numpy or Z3, so a command line that needs only a name or two starts fast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sweeper.core import lazy_attributes

if TYPE_CHECKING:
    from sweeper.analyzer.api import Analysis, analyze
    from sweeper.analyzer.cli import add_commands
    from sweeper.analyzer.contract import answer_problems
    from sweeper.analyzer.deduce import certain_cells
    from sweeper.analyzer.errors import AnalysisError, AnalysisTimeoutError, UnsatisfiableError
    from sweeper.analyzer.guess import GuessOptions
    from sweeper.analyzer.limits import MAX_CELLS, too_many_cells
    from sweeper.analyzer.move import Move
    from sweeper.analyzer.odds import board_odds
    from sweeper.analyzer.plain_z3 import plain_certain_cells
    from sweeper.analyzer.service import DEFAULT_WORKERS

__all__ = [
    "DEFAULT_WORKERS",
    "MAX_CELLS",
    "Analysis",
    "AnalysisError",
    "AnalysisTimeoutError",
    "GuessOptions",
    "Move",
    "UnsatisfiableError",
    "add_commands",
    "analyze",
    "answer_problems",
    "board_odds",
    "certain_cells",
    "plain_certain_cells",
    "too_many_cells",
]

# The module that defines each public name.
_HOME_OF = {
    "Analysis": "sweeper.analyzer.api",
    "analyze": "sweeper.analyzer.api",
    "add_commands": "sweeper.analyzer.cli",
    "answer_problems": "sweeper.analyzer.contract",
    "certain_cells": "sweeper.analyzer.deduce",
    "AnalysisError": "sweeper.analyzer.errors",
    "AnalysisTimeoutError": "sweeper.analyzer.errors",
    "UnsatisfiableError": "sweeper.analyzer.errors",
    "GuessOptions": "sweeper.analyzer.guess",
    "MAX_CELLS": "sweeper.analyzer.limits",
    "too_many_cells": "sweeper.analyzer.limits",
    "Move": "sweeper.analyzer.move",
    "board_odds": "sweeper.analyzer.odds",
    "plain_certain_cells": "sweeper.analyzer.plain_z3",
    "DEFAULT_WORKERS": "sweeper.analyzer.service",
}


__getattr__ = lazy_attributes(__name__, _HOME_OF)
