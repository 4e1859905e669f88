"""The analyzer: decides which cell to open next, exactly where it can.

Its public names are here: the board text and its codes (``Board``, ``parse_board``, ...),
``analyze`` and what it returns, the rules, the standard sizes, the game's status and
the errors. Other packages import them from here, not from the modules.

Each is loaded from its module on first use: importing the package alone imports none of
them, nor numpy or Z3, so a command line that needs only a name or two starts fast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sweeper.serving import lazy_attributes

if TYPE_CHECKING:
    from sweeper.analyzer.api import Analysis, analyze
    from sweeper.analyzer.board import (
        FLAG,
        MINE,
        UNOPENED,
        Board,
        BoardError,
        Cell,
        format_board,
        parse_board,
    )
    from sweeper.analyzer.contract import answer_problems
    from sweeper.analyzer.deduce import certain_cells
    from sweeper.analyzer.errors import AnalysisError, AnalysisTimeoutError, UnsatisfiableError
    from sweeper.analyzer.grid import neighbour_sums
    from sweeper.analyzer.limits import MAX_CELLS, too_many_cells
    from sweeper.analyzer.move import Move
    from sweeper.analyzer.odds import board_odds
    from sweeper.analyzer.plain_z3 import plain_certain_cells
    from sweeper.analyzer.rules import RULES, Rules, check_rules
    from sweeper.analyzer.service import DEFAULT_WORKERS
    from sweeper.analyzer.sizes import (
        BEGINNER,
        DIFFICULTIES,
        EXPERT,
        INTERMEDIATE,
        STANDARD_MINES,
        BoardSize,
        mine_count,
    )
    from sweeper.analyzer.status import GAME_STATUSES, GameStatus, game_status

__all__ = [
    "BEGINNER",
    "DEFAULT_WORKERS",
    "DIFFICULTIES",
    "EXPERT",
    "FLAG",
    "GAME_STATUSES",
    "INTERMEDIATE",
    "MAX_CELLS",
    "MINE",
    "RULES",
    "STANDARD_MINES",
    "UNOPENED",
    "Analysis",
    "AnalysisError",
    "AnalysisTimeoutError",
    "Board",
    "BoardError",
    "BoardSize",
    "Cell",
    "GameStatus",
    "Move",
    "Rules",
    "UnsatisfiableError",
    "analyze",
    "answer_problems",
    "board_odds",
    "certain_cells",
    "check_rules",
    "format_board",
    "game_status",
    "mine_count",
    "neighbour_sums",
    "parse_board",
    "plain_certain_cells",
    "too_many_cells",
]

# The module that defines each public name.
_HOME_OF = {
    "Analysis": "sweeper.analyzer.api",
    "analyze": "sweeper.analyzer.api",
    "FLAG": "sweeper.analyzer.board",
    "MINE": "sweeper.analyzer.board",
    "UNOPENED": "sweeper.analyzer.board",
    "Board": "sweeper.analyzer.board",
    "BoardError": "sweeper.analyzer.board",
    "Cell": "sweeper.analyzer.board",
    "format_board": "sweeper.analyzer.board",
    "parse_board": "sweeper.analyzer.board",
    "answer_problems": "sweeper.analyzer.contract",
    "certain_cells": "sweeper.analyzer.deduce",
    "AnalysisError": "sweeper.analyzer.errors",
    "AnalysisTimeoutError": "sweeper.analyzer.errors",
    "UnsatisfiableError": "sweeper.analyzer.errors",
    "neighbour_sums": "sweeper.analyzer.grid",
    "MAX_CELLS": "sweeper.analyzer.limits",
    "too_many_cells": "sweeper.analyzer.limits",
    "Move": "sweeper.analyzer.move",
    "board_odds": "sweeper.analyzer.odds",
    "plain_certain_cells": "sweeper.analyzer.plain_z3",
    "RULES": "sweeper.analyzer.rules",
    "Rules": "sweeper.analyzer.rules",
    "check_rules": "sweeper.analyzer.rules",
    "DEFAULT_WORKERS": "sweeper.analyzer.service",
    "BEGINNER": "sweeper.analyzer.sizes",
    "DIFFICULTIES": "sweeper.analyzer.sizes",
    "EXPERT": "sweeper.analyzer.sizes",
    "INTERMEDIATE": "sweeper.analyzer.sizes",
    "STANDARD_MINES": "sweeper.analyzer.sizes",
    "BoardSize": "sweeper.analyzer.sizes",
    "mine_count": "sweeper.analyzer.sizes",
    "GAME_STATUSES": "sweeper.analyzer.status",
    "GameStatus": "sweeper.analyzer.status",
    "game_status": "sweeper.analyzer.status",
}


__getattr__ = lazy_attributes(__name__, _HOME_OF)
