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
from sweeper.recognizer.sampling import (
    CELL_SIZE,
    SUPERSAMPLE,
    _board_maps,
    cut_cells,
    cut_cells_at,
)

SAMPLE_REACH = 2  # px beyond a cell's lattice lines its samples may read (a bilinear
# sample half a pixel out reads the next pixel too; one more for fixed-point rounding)
MAX_RECUT_SHARE = 0.5  # past this share of cells to cut again (one per picture not seen
# before among the changed ones) the whole board is cut at once; a new game's board of
# one picture takes half the time of cutting it whole
REMEMBERED_CELLS = 4096  # cell pictures whose vectors are kept (about 4 KB each): a game
# shows a few hundred distinct ones, most of them again in the next game


class CellVectors:
    """The feature vectors of a board's cells, recomputed where the screenshot changed."""

    def __init__(self, remembered: int = REMEMBERED_CELLS) -> None:
        self._remembered = remembered  # cell pictures whose vectors are kept at most
        self._last: tuple[BoardGeometry, Image, FloatArray] | None = None
        # the vector of every cell picture cut lately, by sampling phase and pixels
        self._seen: dict[tuple[int, tuple[int, int], bytes], FloatArray] = {}
        # the cells whose vectors may differ from those of the call before (None: any)
        self.changed: npt.NDArray[np.intp] | None = None

    @property
    def last_vectors(self) -> FloatArray | None:
        """The vectors the last call returned (None before the first)."""
        return None if self._last is None else self._last[2]

    def of(self, picture: Image, geometry: BoardGeometry) -> FloatArray:
        """Every cell's vector, row by row, as ``features(cut_cells(picture, geometry))``
        gives it (read-only: the next call may return it again)."""
        last = self._last
        changed: npt.NDArray[np.intp] | None = None
        if last is None or last[0] != geometry or last[1].shape != picture.shape:
            vectors = features(cut_cells(picture, geometry))
        else:
            changed = np.flatnonzero(changed_cells(last[1], picture, geometry))
            if changed.size == 0:
                vectors = last[2]
            else:
                recut = self._vectors_at(picture, geometry, changed)
                if recut is None:
                    vectors = features(cut_cells(picture, geometry))
                else:
                    vectors = last[2].copy()
                    vectors[changed] = recut
        self.changed = changed
        vectors.setflags(write=False)
        self._last = geometry, picture.copy(), vectors
        return vectors

    def _vectors_at(self, picture: Image, geometry: BoardGeometry,
                    indices: npt.NDArray[np.intp]) -> FloatArray | None:
        """The vectors of the cells at ``indices``: a cell showing pixels seen before at
        the same sampling phase gets the vector they gave; the others are cut, one cell per
        picture. None when more than ``MAX_RECUT_SHARE`` of the board's cells would be cut
        (the whole board is cut at once then)."""
        height, width = picture.shape[:2]
        x0, x1 = (ends.tolist() for ends in _spans(geometry.xs, width))
        y0, y1 = (ends.tolist() for ends in _spans(geometry.ys, height))
        phases, cols = _sampling_phases(geometry), geometry.cols
        keys = []
        for index in indices.tolist():
            row, col = divmod(index, cols)
            top, bottom, left, right = y0[row], y1[row], x0[col], x1[col]
            keys.append((phases[index], (bottom - top, right - left),
                         picture[top:bottom, left:right].tobytes()))
        known = {key: self._seen[key] for key in keys if key in self._seen}
        # one cell of each picture not seen yet is cut (a new game shows one picture
        # in most of its cells)
        firsts: dict[tuple[int, tuple[int, int], bytes], int] = {}
        for at, key in enumerate(keys):
            if key not in known:
                firsts.setdefault(key, at)
        missing = list(firsts.values())
        if len(missing) > MAX_RECUT_SHARE * geometry.rows * geometry.cols:
            return None
        if missing:
            cut = features(cut_cells_at(picture, geometry, indices[missing]))
            if len(self._seen) + len(missing) > self._remembered:
                self._seen.clear()  # (the vectors this call needs are in ``known``)
            for at, vector in zip(missing, cut, strict=True):
                known[keys[at]] = self._seen[keys[at]] = vector
        return np.stack([known[key] for key in keys])


def changed_cells(before: Image, after: Image, geometry: BoardGeometry
                  ) -> npt.NDArray[np.bool_]:
    """Per cell (rows x cols): whether a pixel its samples may read differs between two
    screenshots of the same size. Differing pixels are counted over the band of rows
    that holds them (a turn changes a few rows of cells): a cell's count is the same."""
    height, width = after.shape[:2]
    channels = after.size // (height * width)
    # a pixel's channels side by side: (numpy reduces a 3-long axis slowly)
    differs = np.not_equal(before, after).view(np.uint8).reshape(height, width * channels)
    rows = np.flatnonzero(cv2.reduce(differs, 1, cv2.REDUCE_SUM, dtype=cv2.CV_32S))
    if rows.size == 0:
        return np.zeros((len(geometry.ys) - 1, len(geometry.xs) - 1), np.bool_)
    top, bottom = int(rows[0]), int(rows[-1]) + 1
    sums = cv2.integral(differs[top:bottom])
    x0, x1 = (channels * ends for ends in _spans(geometry.xs, width))
    y0, y1 = (np.clip(ends - top, 0, bottom - top) for ends in _spans(geometry.ys, height))
    inside = (sums[np.ix_(y1, x1)] - sums[np.ix_(y0, x1)]
              - sums[np.ix_(y1, x0)] + sums[np.ix_(y0, x0)])
    return np.asarray(inside > 0)


@lru_cache(maxsize=16)
def _sampling_phases(geometry: BoardGeometry) -> tuple[int, ...]:
    """Per cell (row-major), a number shared by exactly the cells whose samples sit at
    the same places relative to the first pixel they may read: two such cells showing
    the same pixels there are cut to the same vector."""
    fixed, fractions = _board_maps(geometry)
    count = SUPERSAMPLE * CELL_SIZE
    shape = (geometry.rows, count, geometry.cols, count)
    by_cell_fixed = fixed.reshape(*shape, 2)
    by_cell_fractions = fractions.reshape(shape)
    # the maps are laid out like the picture, so the spans' sizes do not matter here
    x0, _ = _spans(geometry.xs, 1 << 30)
    y0, _ = _spans(geometry.ys, 1 << 30)
    phases: dict[bytes, int] = {}
    found = []
    for row in range(geometry.rows):
        for col in range(geometry.cols):
            relative = by_cell_fixed[row, :, col] - np.array([x0[col], y0[row]], np.int16)
            key = relative.tobytes() + by_cell_fractions[row, :, col].tobytes()
            found.append(phases.setdefault(key, len(phases)))
    return tuple(found)


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
