"""The analyzer: decides which cell to open next, exactly where it can.

Its public names are here: the board text and its codes (``Board``, ``parse_board``, ...),
``analyze`` and what it returns, the rules, the standard sizes, the game's status and
the errors. Other packages import them from here, not from the modules.

Each is loaded from its module on first use: importing the package alone imports none of
them, nor numpy or Z3, so a command line that needs only a name or two starts fast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from serving import lazy_attributes

if TYPE_CHECKING:
    from analyzer.api import Analysis, analyze
    from analyzer.board import (
        FLAG,
        MINE,
        UNOPENED,
        Board,
        BoardError,
        Cell,
        format_board,
        parse_board,
    )
    from analyzer.contract import answer_problems
    from analyzer.deduce import certain_cells
    from analyzer.errors import AnalysisError, AnalysisTimeoutError, UnsatisfiableError
    from analyzer.grid import neighbour_sums
    from analyzer.limits import MAX_CELLS, too_many_cells
    from analyzer.move import Move
    from analyzer.odds import board_odds
    from analyzer.plain_z3 import plain_certain_cells
    from analyzer.rules import RULES, Rules, check_rules
    from analyzer.service import DEFAULT_WORKERS
    from analyzer.sizes import (
        BEGINNER,
        DIFFICULTIES,
        EXPERT,
        INTERMEDIATE,
        STANDARD_MINES,
        BoardSize,
        mine_count,
    )
    from analyzer.status import GAME_STATUSES, GameStatus, game_status

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
    "Analysis": "analyzer.api",
    "analyze": "analyzer.api",
    "FLAG": "analyzer.board",
    "MINE": "analyzer.board",
    "UNOPENED": "analyzer.board",
    "Board": "analyzer.board",
    "BoardError": "analyzer.board",
    "Cell": "analyzer.board",
    "format_board": "analyzer.board",
    "parse_board": "analyzer.board",
    "answer_problems": "analyzer.contract",
    "certain_cells": "analyzer.deduce",
    "AnalysisError": "analyzer.errors",
    "AnalysisTimeoutError": "analyzer.errors",
    "UnsatisfiableError": "analyzer.errors",
    "neighbour_sums": "analyzer.grid",
    "MAX_CELLS": "analyzer.limits",
    "too_many_cells": "analyzer.limits",
    "Move": "analyzer.move",
    "board_odds": "analyzer.odds",
    "plain_certain_cells": "analyzer.plain_z3",
    "RULES": "analyzer.rules",
    "Rules": "analyzer.rules",
    "check_rules": "analyzer.rules",
    "DEFAULT_WORKERS": "analyzer.service",
    "BEGINNER": "analyzer.sizes",
    "DIFFICULTIES": "analyzer.sizes",
    "EXPERT": "analyzer.sizes",
    "INTERMEDIATE": "analyzer.sizes",
    "STANDARD_MINES": "analyzer.sizes",
    "BoardSize": "analyzer.sizes",
    "mine_count": "analyzer.sizes",
    "GAME_STATUSES": "analyzer.status",
    "GameStatus": "analyzer.status",
    "game_status": "analyzer.status",
}


__getattr__ = lazy_attributes(__name__, _HOME_OF)
