"""The rules of the game as checks on a reading: which cells a board cannot show, and
when a board proves itself won.

A reading is checked against them before it is handed out: a cell the rules rule out was
misread (a pressed tile taken for a 0, a digit half drawn), and it is unreadable instead.
"""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from sweeper.core import FLAG, MINE, UNOPENED, neighbour_sums

BoolGrid = npt.NDArray[np.bool_]


def impossible_cells(codes: npt.NDArray[np.int8], readable: BoolGrid) -> BoolGrid:
    """Readable cells the rules of the game rule out, so they were misread.

    An opened 0 opens its neighbours, so it never stays next to an unopened cell (a
    pressed tile looks like a 0); a digit never counts more mines than it has covered
    or unreadable neighbours, nor fewer than the mines shown next to it.
    """
    unopened = ((codes == UNOPENED) & readable).astype(np.uint8)
    next_to_unopened = cv2.dilate(unopened, np.ones((3, 3), np.uint8)) > 0
    zeros = (codes == 0) & readable & next_to_unopened
    covered = (codes < 0) | ~readable | zeros
    too_many = (codes > 0) & readable & (codes > neighbour_sums(covered))
    shown = (codes == MINE) & readable
    too_few = (codes >= 0) & readable & (codes < neighbour_sums(shown))
    return np.asarray(zeros | too_many | too_few)


def flagged_to_the_end(codes: npt.NDArray[np.int8]) -> bool:
    """Whether every closed cell is flagged and the numbers prove each flag a mine: every
    number counts exactly its flagged neighbours (it sees no other closed cell) and every
    flag touches a number. Such a game is won, whatever its mine count."""
    flags = codes == FLAG
    if not flags.any() or np.any(codes == UNOPENED) or np.any(codes == MINE):
        return False
    numbers = codes >= 0
    if np.any(numbers & (neighbour_sums(flags) != codes)):
        return False
    return bool(np.all(neighbour_sums(numbers)[flags] > 0))
