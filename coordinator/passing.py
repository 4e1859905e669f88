"""A board read but for the cells an animation passes over: those cells taken as they were.

A page may animate what a press opened over other cells for a second (a cover flying off
and falling across the board, every number fading in again). The cells under it cannot
be read until it has passed, yet a board whose unread cells are taken as they were on the
board before is one the game showed earlier in the parts it hides (a cell only ever
opens): whatever the analyzer proves on it holds on the board as it is. Such a board is
taken only in a game in play that took the batch (a press shows where read, and none read
is missing), with no mine shown, no new picture learned and every unreadable cell
changing between two looks (an animation passing over some cells: a dialog or a tooltip
that holds still is answered as ever). Only the cells read in both looks that did not
fade between them are believed (a cell may read as what it is not under a cover of
another shade or a shade coming in over the board); the rest, those just uncovered too,
are taken as they were. On it only proven-safe cells that were believed are pressed; a
guess, or nothing to press among them, waits for the whole board.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace

import cv2
import numpy as np
import numpy.typing as npt

from sweeper.coordinator.consistency import cells_mask
from sweeper.coordinator.covers import POINTER_HIDES
from sweeper.coordinator.decide import Decision
from sweeper.core import FLAG, MINE, UNOPENED, Board, Cell
from sweeper.recognizer import BoardGeometry, Recognition

MOVED_LEVELS = 0.5  # mean grey-level change of a cell between two looks above which
# something moves over it: a still screen captures the same to the pixel (0), and a
# cover's edge moving two pixels across a cell changes it by a few levels
SHADED_LEVELS = 2.0  # grey-level change of the middle of a cell's inner points above which
# it faded: a shade coming in dims every pixel of a cell by several levels a look, and a
# cover of the other grass over a closed cell by 5, while a page redrawing its edges and
# digits a subpixel off (leyiang-garden, every few frames) or a cover's edge changes
# fewer than half of them
INNER_POINTS = (0.2, 0.35, 0.5, 0.65, 0.8)  # where across a cell its inner points lie


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

    def undrawn(self, before: npt.NDArray[np.uint8], now: npt.NDArray[np.uint8],
                geometry: BoardGeometry) -> bool:
        """Whether every pressed cell looks the same to the pixel in ``now`` as in
        ``before``, the look of the watched region the batch was decided on, and no more
        cells changed than :data:`~coordinator.covers.POINTER_HIDES`: the page has drawn
        none of the presses yet, and reading the board would show none of them."""
        if before.shape != now.shape:
            return False
        if np.array_equal(before, now):
            return True  # nothing changed at all: the cheapest answer, and the commonest
        for row, col in (*self.clicked, *self.flagged):
            left, top, right, bottom = geometry.cell_box(row, col)
            if not np.array_equal(before[top:bottom, left:right], now[top:bottom, left:right]):
                return False
        # a hover highlight or a tooltip at the pointer may change a few cells; more
        # changed is something else drawn (a dialog over the board), to be read
        changed = int(np.count_nonzero(cell_changes(before, now, geometry) > 0))
        return changed <= POINTER_HIDES

    def pending_in(self, recognition: Recognition) -> bool:
        """Whether a pressed cell ``recognition`` read does not show its press yet (the
        page still at work on the batch)."""
        codes = recognition.codes
        if codes is None:
            return False
        return self.seen(Board(codes.copy()), recognition.unreadable).pending > 0


def unread_as_before(recognition: Recognition, before: Board,
                     unread: Collection[Cell]) -> Board | None:
    """The board ``recognition`` read, its ``unread`` cells (its unreadable ones among
    them) as they were on ``before``; None where that cannot stand for the game (no
    cells read, another size, a status read other than in play, a mine shown, a picture
    just learned)."""
    codes = recognition.codes
    if (codes is None or codes.shape != before.cells.shape or recognition.learned
            or recognition.status not in ("playing", "unknown")):
        return None
    cells = codes.copy()
    if unread:
        rows, cols = zip(*unread, strict=True)
        cells[rows, cols] = before.cells[rows, cols]
    if bool(np.any(cells == MINE)):
        return None  # a lost game: read whole
    return Board(cells)


def not_believed(before: npt.NDArray[np.uint8], now: npt.NDArray[np.uint8],
                 geometry: BoardGeometry, unread: Sequence[Cell],
                 unread_before: Sequence[Cell]) -> tuple[Cell, ...] | None:
    """The cells not to believe in the look ``now`` when something moves over every one
    of its ``unread`` cells (at least one) since the look ``before`` of the watched
    region: those, the ones ``unread_before`` and those that faded between the looks
    (their inner points changed: a cover of another shade over them, a shade coming in,
    under which a cell may read as what it is not); None if the unread cells do not all
    move (nothing, or a cover that holds still: a dialog, a tooltip)."""
    if not unread or before.shape != now.shape:
        return None
    moved = cell_changes(before, now, geometry) > MOVED_LEVELS
    hidden = cells_mask(moved.shape, unread)
    if not bool(moved[hidden].all()):
        return None
    faded = inner_changes(before, now, geometry) > SHADED_LEVELS
    hidden |= faded | cells_mask(moved.shape, unread_before)
    rows, cols = np.nonzero(hidden)
    return tuple((int(row), int(col)) for row, col in zip(rows, cols, strict=True))


def cell_changes(before: npt.NDArray[np.uint8], now: npt.NDArray[np.uint8],
                 geometry: BoardGeometry) -> npt.NDArray[np.float64]:
    """Each cell's mean grey-level change between two looks of the same shape (summed
    over an integral image: a few ms for a whole expert board)."""
    change = cv2.cvtColor(cv2.absdiff(before, now), cv2.COLOR_BGR2GRAY)
    total = cv2.integral(change)
    height, width = change.shape
    xs = np.clip(np.round(geometry.xs).astype(np.int64), 0, width)
    ys = np.clip(np.round(geometry.ys).astype(np.int64), 0, height)
    sums = (total[np.ix_(ys[1:], xs[1:])] - total[np.ix_(ys[:-1], xs[1:])]
            - total[np.ix_(ys[1:], xs[:-1])] + total[np.ix_(ys[:-1], xs[:-1])])
    means: npt.NDArray[np.float64] = sums / np.maximum(np.outer(np.diff(ys), np.diff(xs)), 1)
    return means


def inner_changes(before: npt.NDArray[np.uint8], now: npt.NDArray[np.uint8],
                  geometry: BoardGeometry) -> npt.NDArray[np.float64]:
    """Each cell's middle grey-level change over its inner points between two looks of
    the same shape (what a fade over the whole cell changes, and its edges alone do not)."""
    fractions = np.asarray(INNER_POINTS)
    xs, ys = np.asarray(geometry.xs), np.asarray(geometry.ys)
    height, width = now.shape[:2]
    px = np.clip((xs[:-1, None] + np.diff(xs)[:, None] * fractions).astype(np.int64),
                 0, width - 1)
    py = np.clip((ys[:-1, None] + np.diff(ys)[:, None] * fractions).astype(np.int64),
                 0, height - 1)
    rows, cols = py[:, :, None, None], px[None, None, :, :]
    change = np.abs(now[rows, cols].astype(np.int16) - before[rows, cols].astype(np.int16))
    per_point = change.mean(axis=-1)  # rows x points x cols x points
    middle: npt.NDArray[np.float64] = np.median(
        per_point.transpose(0, 2, 1, 3).reshape(len(ys) - 1, len(xs) - 1, -1), axis=2)
    return middle


def read_cells_only(decision: Decision, unread: Collection[Cell]) -> Decision | None:
    """``decision`` cut to the cells that were read (none of ``unread``); None if it
    leaves no proven-safe cell to press (a guess, or only unread cells proven safe)."""
    hidden = set(unread)
    safe = [cell for cell in decision.safe if cell not in hidden]
    if not safe:
        return None
    return replace(decision, safe=safe,
                   mines=[cell for cell in decision.mines if cell not in hidden])
