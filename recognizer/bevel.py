"""Raised or flat: the bevel that tells an unopened cell from an opened one.

An unopened (raised) tile is lit from the top left: a light band runs just inside its
top and left edges and a dark band inside its bottom and right edges. An opened tile is
flat (at most a thin grid line right on its edge, outside the bands measured here).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

RAISED_FROM = 40.0  # bevel contrast (grey levels) from which a cell may be raised
FLAT_UP_TO = 60.0  # bevel contrast up to which a cell may be flat


def bevel_contrast(cells: npt.NDArray[np.uint8]) -> npt.NDArray[np.float32]:
    """Light bands minus dark bands, in grey levels, per cell: ``(N, S, S, 3)`` -> ``(N,)``.

    The bands are the second line of pixels in from each edge (the first may be a grid
    line), along the middle half of the edge, and each band's median is used, so a
    digit or a mine reaching into a band does not change it. Clearly positive (~100)
    for a raised tile, near zero or negative for a flat one.
    """
    size = cells.shape[1]
    along = slice(size // 4, size - size // 4)
    grey = cells.astype(np.float32).mean(axis=3)
    top = np.median(grey[:, 1, along], axis=1)
    left = np.median(grey[:, along, 1], axis=1)
    bottom = np.median(grey[:, size - 2, along], axis=1)
    right = np.median(grey[:, along, size - 2], axis=1)
    return np.asarray((top + left - bottom - right) / 2, dtype=np.float32)


def may_be_raised(contrast: npt.NDArray[np.float32]) -> npt.NDArray[np.bool_]:
    return contrast >= RAISED_FROM


def may_be_flat(contrast: npt.NDArray[np.float32]) -> npt.NDArray[np.bool_]:
    return contrast <= FLAT_UP_TO
