"""Cells drawn a few pixels off their lattice place, cut again where they read.

Some games lay a row out cell by cell, and a cell that is narrower when opened shifts
the rest of its row a little: such a cell, cut at its lattice place, matches nothing.
It is cut again at each shift up to ``DRIFT`` px along its row, then ``DRIFT_ACROSS``
px along its column, and kept where it reads confidently as a known tile.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from sweeper.recognizer.geometry import BoardGeometry
from sweeper.recognizer.image_io import Image
from sweeper.recognizer.learned import LearnedSkin, features
from sweeper.recognizer.sampling import cut_boxes

DRIFT = 5  # px a cell may be drawn off its lattice place along its row ...
DRIFT_ACROSS = 2  # ... and along its column
MAX_REALIGNED = 120  # cells re-cut per reading at most


def realigned(skin: LearnedSkin, picture: Image, geometry: BoardGeometry,
              vectors: npt.NDArray[np.float32], unexplained: npt.NDArray[np.bool_],
              ) -> npt.NDArray[np.float32]:
    """``vectors`` with each unexplained cell cut again where it reads as a known tile,
    up to ``DRIFT`` px off its lattice place. The cell moves along its row first, then
    along its column."""
    cells = np.nonzero(unexplained)[0][:MAX_REALIGNED]
    if cells.size == 0:
        return vectors
    boxes = np.array([geometry.cell_box(*divmod(int(i), geometry.cols)) for i in cells],
                     dtype=np.float64)
    best_dx = _best_moves(skin, picture, boxes, axis=0)
    boxes[:, [0, 2]] += best_dx[:, None]
    best_dy = _best_moves(skin, picture, boxes, axis=1, reach=DRIFT_ACROSS)
    boxes[:, [1, 3]] += best_dy[:, None]
    moved = (best_dx != 0) | (best_dy != 0)
    if not moved.any():
        return vectors
    recut = features(cut_boxes(picture, boxes[moved]))
    confident = skin.match(recut).confident
    vectors = vectors.copy()
    vectors[cells[moved][confident]] = recut[confident]
    return vectors


def _best_moves(skin: LearnedSkin, picture: Image, boxes: npt.NDArray[np.float64], axis: int,
                reach: int = DRIFT) -> npt.NDArray[np.float64]:
    """Per box, the shift along ``axis`` (0: x, 1: y) at which its cut comes closest to
    a known tile."""
    shifts = np.arange(-reach, reach + 1, dtype=np.float64)
    tried = np.repeat(boxes, shifts.size, axis=0)
    tried[:, [axis, axis + 2]] += np.tile(shifts, len(boxes))[:, None]
    distance = skin.match(features(cut_boxes(picture, tried))).distance
    best = distance.reshape(len(boxes), shifts.size).argmin(axis=1)
    return np.asarray(shifts[best], dtype=np.float64)
