"""The core: sweeper's vocabulary, said once, for every other package to share.

The board text and its cells and tile codes (``Board``, ``parse_board``, ``UNOPENED``...),
the board sizes (``BoardSize``, ``EXPERT``...), the first-click ``Rules``, the game's
``GameStatus``, the one rectangle type ``Rect``, and ``SweeperError``, the root of every
error sweeper raises on purpose; the counts and tables of each cell's neighbours
(``neighbour_sums``...); and ``lazy_attributes``, with which every package's
``__init__`` loads its public names. It imports nothing of sweeper: every other package
may import it.

Each name is loaded from its module on first use: importing the package alone imports
none of them, nor numpy or pydantic.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sweeper.core.lazy import lazy_attributes

if TYPE_CHECKING:
    from sweeper.core.board import (
        FLAG,
        MAX_BOARD_TEXT,
        MINE,
        UNOPENED,
        Board,
        BoardError,
        Cell,
        format_board,
        parse_board,
    )
    from sweeper.core.errors import CommandError, SweeperError
    from sweeper.core.grid import cell_table, flat_neighbour_table, neighbour_sums
    from sweeper.core.rect import Rect
    from sweeper.core.rules import RULES, Rules, check_rules
    from sweeper.core.sizes import (
        BEGINNER,
        DIFFICULTIES,
        EXPERT,
        INTERMEDIATE,
        STANDARD_MINES,
        BoardSize,
        mine_count,
    )
    from sweeper.core.status import GAME_STATUSES, GameStatus, game_status

__all__ = [
    "BEGINNER",
    "DIFFICULTIES",
    "EXPERT",
    "FLAG",
    "GAME_STATUSES",
    "INTERMEDIATE",
    "MAX_BOARD_TEXT",
    "MINE",
    "RULES",
    "STANDARD_MINES",
    "UNOPENED",
    "Board",
    "BoardError",
    "BoardSize",
    "Cell",
    "CommandError",
    "GameStatus",
    "Rect",
    "Rules",
    "SweeperError",
    "cell_table",
    "check_rules",
    "flat_neighbour_table",
    "format_board",
    "game_status",
    "lazy_attributes",
    "mine_count",
    "neighbour_sums",
    "parse_board",
]

# The module that defines each public name.
_HOME_OF = {
    "FLAG": "sweeper.core.board",
    "MAX_BOARD_TEXT": "sweeper.core.board",
    "MINE": "sweeper.core.board",
    "UNOPENED": "sweeper.core.board",
    "Board": "sweeper.core.board",
    "BoardError": "sweeper.core.board",
    "Cell": "sweeper.core.board",
    "format_board": "sweeper.core.board",
    "parse_board": "sweeper.core.board",
    "CommandError": "sweeper.core.errors",
    "SweeperError": "sweeper.core.errors",
    "cell_table": "sweeper.core.grid",
    "flat_neighbour_table": "sweeper.core.grid",
    "neighbour_sums": "sweeper.core.grid",
    "Rect": "sweeper.core.rect",
    "RULES": "sweeper.core.rules",
    "Rules": "sweeper.core.rules",
    "check_rules": "sweeper.core.rules",
    "BEGINNER": "sweeper.core.sizes",
    "DIFFICULTIES": "sweeper.core.sizes",
    "EXPERT": "sweeper.core.sizes",
    "INTERMEDIATE": "sweeper.core.sizes",
    "STANDARD_MINES": "sweeper.core.sizes",
    "BoardSize": "sweeper.core.sizes",
    "mine_count": "sweeper.core.sizes",
    "GAME_STATUSES": "sweeper.core.status",
    "GameStatus": "sweeper.core.status",
    "game_status": "sweeper.core.status",
}


__getattr__ = lazy_attributes(__name__, _HOME_OF)
