"""Raised or flat: the bevel that tells an unopened cell from an opened one.

An unopened (raised) tile is lit from the top left: a light band runs just inside its
top and left edges, brighter than the tile's face, and a dark band inside its bottom
and right edges. An opened tile is flat: no band is brighter than its face (a grid line
on an edge only ever darkens it).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

RAISED_CONTRAST = 40.0  # light minus dark bands (grey levels) a raised cell shows at least
RAISED_LIFT = 20.0  # how much brighter than its face a raised cell's light bands are
FLAT_CONTRAST = 60.0  # a cell with less band contrast than this may be flat ...
FLAT_LIFT = 10.0  # ... and so may one whose light bands are at most this much above its face

FloatArray = npt.NDArray[np.float32]


@dataclass(frozen=True)
class Relief:
    """Per cell: ``contrast`` (light minus dark bands) and ``lift`` (light bands minus face)."""

    contrast: FloatArray
    lift: FloatArray

    @property
    def may_be_raised(self) -> npt.NDArray[np.bool_]:
        return np.asarray((self.contrast >= RAISED_CONTRAST) & (self.lift >= RAISED_LIFT))

    @property
    def may_be_flat(self) -> npt.NDArray[np.bool_]:
        return np.asarray((self.contrast <= FLAT_CONTRAST) | (self.lift <= FLAT_LIFT))


def relief(grey: npt.NDArray[np.uint8]) -> Relief:
    """Measure the bevel of ``(N, S, S)`` grey cells.

    The bands are the second line of pixels in from each edge (the first may be a grid
    line), along the middle half of the edge; each band's median is used, so a digit or
    a mine reaching into a band does not change it. The face is the upper quartile of
    the middle's brightness: the background, even where a digit darkens a third of it.
    """
    size = grey.shape[1]
    along = slice(size // 4, size - size // 4)
    top = np.median(grey[:, 1, along], axis=1)
    left = np.median(grey[:, along, 1], axis=1)
    bottom = np.median(grey[:, size - 2, along], axis=1)
    right = np.median(grey[:, along, size - 2], axis=1)
    middle = np.sort(grey[:, along, along].reshape(len(grey), -1), axis=1)
    face = middle[:, (3 * middle.shape[1]) // 4].astype(np.float32)
    light = (top + left) / 2
    return Relief(
        contrast=np.asarray(light - (bottom + right) / 2, dtype=np.float32),
        lift=np.asarray(light - face, dtype=np.float32),
    )


def is_raised_tile(tiles: npt.NDArray[np.uint8]) -> npt.NDArray[np.bool_]:
    """Whether each of a skin's ``(T, S, S)`` grey tiles is a raised one."""
    measured = relief(tiles)
    return np.asarray((measured.contrast >= (RAISED_CONTRAST + FLAT_CONTRAST) / 2)
                      & (measured.lift >= RAISED_LIFT))
