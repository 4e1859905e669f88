"""Cells drawn a few pixels off their lattice place, cut again where they read.

Some games lay a row out cell by cell, and a cell that is narrower when opened shifts
the rest of its row a little: such a cell, cut at its lattice place, matches nothing.
It is cut again at each shift up to ``DRIFT`` px along its row, then ``DRIFT_ACROSS``
px along its column, and kept where it reads confidently as a known tile. Such a cell
stays off its place look after look: what was found for it is kept (:class:`Realignments`)
and used again while the pixels it may be cut from and the skin's templates are the same.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from sweeper.recognizer.geometry import BoardGeometry
from sweeper.recognizer.image_io import Image
from sweeper.recognizer.learned import FloatArray, LearnedSkin, features
from sweeper.recognizer.rereading import SAMPLE_REACH
from sweeper.recognizer.sampling import cut_boxes

DRIFT = 5  # px a cell may be drawn off its lattice place along its row ...
DRIFT_ACROSS = 2  # ... and along its column
MAX_REALIGNED = 120  # cells re-cut per reading at most


_Key = tuple[BoardGeometry, tuple[int, ...], bytes]


class Realignments:
    """What :func:`realigned` found for each cell (its vector re-cut, or None where no
    shift reads), with what it was found from: the lattice, the skin's templates and the
    pixels a shift may cut the cell from."""

    def __init__(self) -> None:
        self._found: dict[int, tuple[_Key, FloatArray | None]] = {}

    def key(self, skin: LearnedSkin, picture: Image, geometry: BoardGeometry,
            cell: int) -> _Key:
        """What cell number ``cell``'s realignment depends on."""
        left, top, right, bottom = geometry.cell_box(*divmod(cell, geometry.cols))
        across, along = DRIFT + SAMPLE_REACH, DRIFT_ACROSS + SAMPLE_REACH
        pixels = picture[max(top - along, 0):bottom + along, max(left - across, 0):right + across]
        return geometry, skin.held, pixels.tobytes()

    def found(self, cell: int, key: _Key) -> tuple[bool, FloatArray | None]:
        """Whether cell ``cell`` was realigned from ``key`` before, and what was found."""
        kept = self._found.get(cell)
        if kept is None or kept[0] != key:
            return False, None
        return True, kept[1]

    def keep(self, cell: int, key: _Key, vector: FloatArray | None) -> None:
        """Remember what was found for cell ``cell`` from ``key``."""
        self._found[cell] = (key, vector)


def realigned(skin: LearnedSkin, picture: Image, geometry: BoardGeometry,
              vectors: npt.NDArray[np.float32], unexplained: npt.NDArray[np.bool_],
              *, memory: Realignments | None = None) -> npt.NDArray[np.float32]:
    """``vectors`` with each unexplained cell cut again where it reads as a known tile,
    up to ``DRIFT`` px off its lattice place. The cell moves along its row first, then
    along its column. What ``memory`` holds for a cell seen alike is used again."""
    cells = np.nonzero(unexplained)[0][:MAX_REALIGNED]
    memory = memory or Realignments()
    keys = {int(cell): memory.key(skin, picture, geometry, int(cell)) for cell in cells}
    vectors = vectors.copy()
    new = []
    for cell, key in keys.items():
        known, vector = memory.found(cell, key)
        if not known:
            new.append(cell)
        elif vector is not None:
            vectors[cell] = vector
    for cell, vector in zip(new, _recut(skin, picture, geometry, np.array(new, np.intp)),
                            strict=True):
        memory.keep(cell, keys[cell], vector)
        if vector is not None:
            vectors[cell] = vector
    return vectors


def _recut(skin: LearnedSkin, picture: Image, geometry: BoardGeometry,
           cells: npt.NDArray[np.intp]) -> list[FloatArray | None]:
    """Per cell of ``cells``: its vector cut where it reads confidently as a known tile
    within the drift, or None where no shift does."""
    found: list[FloatArray | None] = [None] * cells.size
    if cells.size == 0:
        return found
    boxes = np.array([geometry.cell_box(*divmod(int(i), geometry.cols)) for i in cells],
                     dtype=np.float64)
    best_dx = _best_moves(skin, picture, boxes, axis=0)
    boxes[:, [0, 2]] += best_dx[:, None]
    best_dy = _best_moves(skin, picture, boxes, axis=1, reach=DRIFT_ACROSS)
    boxes[:, [1, 3]] += best_dy[:, None]
    moved = np.flatnonzero((best_dx != 0) | (best_dy != 0))
    if moved.size == 0:
        return found
    recut = features(cut_boxes(picture, boxes[moved]))
    confident = skin.match(recut).confident
    for at, vector, sure in zip(moved.tolist(), recut, confident.tolist(), strict=True):
        found[at] = vector if sure else None
    return found


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
