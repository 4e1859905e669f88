"""Re-reading a board: only the cells whose pixels changed are cut and blurred again.

A turn of play changes a few cells of hundreds, and cutting every cell (one remap of
the whole board) and blurring it are most of a reading's time. :class:`CellVectors`
keeps the last screenshot of a lattice and its cells' feature vectors; the next
screenshot of the same lattice is compared with it pixel by pixel, and a cell is cut
again only where something changed within its samples' reach. Each cell's vector
depends on its own pixels alone (its samples, and a blur padded with its own edges), so
the vectors are exactly those of a reading from scratch.
"""

from __future__ import annotations

import math
from functools import lru_cache

import cv2
import numpy as np
import numpy.typing as npt

from sweeper.recognizer.geometry import BoardGeometry
from sweeper.recognizer.image_io import Image
from sweeper.recognizer.learned import FloatArray, features
from sweeper.recognizer.sampling import cut_cells, cut_cells_at

SAMPLE_REACH = 2  # px beyond a cell's lattice lines its samples may read (a bilinear
# sample half a pixel out reads the next pixel too; one more for fixed-point rounding)
MAX_RECUT_SHARE = 0.5  # past this share of changed cells the whole board is cut at once


class CellVectors:
    """The feature vectors of a board's cells, recomputed where the screenshot changed."""

    def __init__(self) -> None:
        self._last: tuple[BoardGeometry, Image, FloatArray] | None = None

    def of(self, picture: Image, geometry: BoardGeometry) -> FloatArray:
        """Every cell's vector, row by row, as ``features(cut_cells(picture, geometry))``
        gives it (read-only: the next call may return it again)."""
        last = self._last
        if last is None or last[0] != geometry or last[1].shape != picture.shape:
            vectors = features(cut_cells(picture, geometry))
        else:
            changed = np.flatnonzero(changed_cells(last[1], picture, geometry))
            if changed.size == 0:
                vectors = last[2]
            elif changed.size > MAX_RECUT_SHARE * geometry.rows * geometry.cols:
                vectors = features(cut_cells(picture, geometry))
            else:
                vectors = last[2].copy()
                vectors[changed] = features(cut_cells_at(picture, geometry, changed))
        vectors.setflags(write=False)
        self._last = geometry, picture.copy(), vectors
        return vectors


def changed_cells(before: Image, after: Image, geometry: BoardGeometry
                  ) -> npt.NDArray[np.bool_]:
    """Per cell (rows x cols): whether a pixel its samples may read differs between two
    screenshots of the same size."""
    height, width = after.shape[:2]
    channels = after.size // (height * width)
    # a pixel's channels side by side: (numpy reduces a 3-long axis slowly)
    differs = np.not_equal(before, after).view(np.uint8).reshape(height, width * channels)
    sums = cv2.integral(differs)
    x0, x1 = (channels * ends for ends in _spans(geometry.xs, width))
    y0, y1 = _spans(geometry.ys, height)
    inside = (sums[np.ix_(y1, x1)] - sums[np.ix_(y0, x1)]
              - sums[np.ix_(y1, x0)] + sums[np.ix_(y0, x0)])
    return np.asarray(inside > 0)


@lru_cache(maxsize=16)
def _spans(lines: tuple[float, ...], size: int) -> tuple[npt.NDArray[np.intp],
                                                         npt.NDArray[np.intp]]:
    """Per cell along one axis: the first and one past the last pixel its samples may
    read, kept inside the image (a sample beyond its edge reads the edge pixel)."""
    starts = [min(max(math.floor(a) - SAMPLE_REACH, 0), size - 1) for a in lines[:-1]]
    ends = [max(min(math.ceil(b) + SAMPLE_REACH, size), start + 1)
            for b, start in zip(lines[1:], starts, strict=True)]
    first, last = np.array(starts, np.intp), np.array(ends, np.intp)
    first.setflags(write=False)
    last.setflags(write=False)
    return first, last
