"""A board read but for the cells an animation passes over: those cells taken as they were.

A page may animate what a press opened over other cells for a second (a cover flying off
and falling across the board, every number fading in again). The cells under it cannot
be read until it has passed, yet a board whose unread cells are taken as they were on the
board before is one the game showed earlier in the parts it hides (a cell only ever
opens): whatever the analyzer proves on it holds on the board as it is. Such a board is
taken only in a game in play that took the batch (a press shows where read, and none read
is missing), with no mine shown, no new picture learned, and every unread cell changing
between two looks (an animation passing: a dialog or a tooltip that holds still is
answered as ever); on it only proven-safe cells that were read are pressed. A guess, or
nothing to press among the cells read, waits for the whole board.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from sweeper.coordinator.decide import Decision
from sweeper.core import FLAG, MINE, UNOPENED, Board, Cell
from sweeper.recognizer import BoardGeometry, Recognition

MOVED_LEVELS = 0.5  # mean grey-level change of a cell between two looks above which
# something moves over it: a still screen captures the same to the pixel (0), and a
# cover's edge moving two pixels across a cell changes it by a few levels


@dataclass(frozen=True)
class Seen:
    """Of a batch's pressed cells that were read: how many show the press (``shown``)
    and how many do not yet (``pending``)."""

    shown: int
    pending: int

    @property
    def taken(self) -> bool:
        """Whether the page took the batch: a press shows, and none read is missing."""
        return self.shown > 0 and self.pending == 0


@dataclass(frozen=True)
class Presses:
    """A batch's presses: the cells ``clicked`` open and those ``flagged``."""

    clicked: Collection[Cell]
    flagged: Collection[Cell] = ()

    def seen(self, board: Board, unread: Collection[Cell]) -> Seen:
        """What ``board`` shows of the presses, but at the ``unread`` cells."""
        hidden = set(unread)
        shows = [board[cell] != UNOPENED for cell in self.clicked if cell not in hidden]
        shows += [board[cell] == FLAG for cell in self.flagged if cell not in hidden]
        return Seen(shown=sum(shows), pending=len(shows) - sum(shows))


def unread_as_before(recognition: Recognition, before: Board) -> Board | None:
    """The board ``recognition`` read, its unreadable cells as they were on ``before``;
    None where that cannot stand for the game (no cells read, another size, a status
    read other than in play, a mine shown, a picture just learned)."""
    codes = recognition.codes
    if (codes is None or codes.shape != before.cells.shape or recognition.learned
            or recognition.status not in ("playing", "unknown")):
        return None
    cells = codes.copy()
    if recognition.unreadable:
        rows, cols = zip(*recognition.unreadable, strict=True)
        cells[rows, cols] = before.cells[rows, cols]
    if bool(np.any(cells == MINE)):
        return None  # a lost game: read whole
    return Board(cells)


def passing_over(before: npt.NDArray[np.uint8], now: npt.NDArray[np.uint8],
                 geometry: BoardGeometry, cells: Sequence[Cell]) -> bool:
    """Whether something moves over every one of ``cells`` (at least one) between the
    looks ``before`` and ``now`` of the watched region."""
    if not cells or before.shape != now.shape:
        return False
    for row, col in cells:
        left, top, right, bottom = (int(v) for v in geometry.cell_box(row, col))
        was = before[top:bottom, left:right].astype(np.int16)
        change = np.abs(now[top:bottom, left:right].astype(np.int16) - was)
        if change.size == 0 or float(change.mean()) <= MOVED_LEVELS:
            return False
    return True


def read_cells_only(decision: Decision, unread: Collection[Cell]) -> Decision | None:
    """``decision`` cut to the cells that were read (none of ``unread``); None if it
    leaves no proven-safe cell to press (a guess, or only unread cells proven safe)."""
    hidden = set(unread)
    safe = [cell for cell in decision.safe if cell not in hidden]
    if not safe:
        return None
    return replace(decision, safe=safe,
                   mines=[cell for cell in decision.mines if cell not in hidden])
