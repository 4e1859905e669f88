"""A fitted lattice put on whole pixels: the boundaries between the tiles.

Games draw tiles on whole pixels, and a cell cut a pixel off takes in a strip of its
neighbour, whose look depends on the neighbour's state. A pitch close to a whole number
is taken as whole; a fractional one (a zoomed picture, a canvas scaled by the browser)
keeps its fractions, so every cell is sampled at the same phase of its tile.
"""

from __future__ import annotations

import numpy as np

from sweeper.recognizer.geometry import BoardGeometry, lines_from
from sweeper.recognizer.image_io import Image
from sweeper.recognizer.lattice_1d import (
    NEAR_LINE,
    FloatArray,
    IntArray,
    fit_inner,
    highest_within,
    smoothed,
)

ALIGN_MARGIN = 4  # px beyond the board searched when putting its lines on whole pixels
WHOLE_PITCH = 0.3  # px from a whole number within which a whole pitch is tried too
SURELY_WHOLE_PITCH = 0.1  # ... and within which only a whole pitch is
PREFERENCE = (1.02, 1.05)  # how much better a lattice reading must score than an earlier one
MAX_SHIFT = 1.5  # px a reading of the lines is moved each way (a fitted line lies within
# a pixel or so of the step it stands for)
SHIFT_STEP = 0.25  # px between the moves tried (finer than the pixel a cell is cut on)


def aligned(geometry: BoardGeometry, gray: Image) -> BoardGeometry:
    """``geometry`` with its lines on whole pixels: the boundaries between tiles.

    Games draw tiles on whole pixels, and a cell cut a pixel off takes in a strip of its
    neighbour, whose look depends on the neighbour's state. Each axis's lines are moved
    together by the shift (whole pixels after rounding) that puts the most brightness
    steps on them: a raised tile starts where its neighbour's shadow meets its highlight.
    """
    rect = geometry.rect
    x, y, width, height = rect.left, rect.top, rect.width, rect.height
    m = ALIGN_MARGIN
    board = gray[max(y, 0):y + height, max(x - m, 0):x + width + m + 1].astype(np.int16)
    column_steps = np.abs(np.diff(board, axis=1)).sum(axis=0)
    xs = _best_whole_lines(np.asarray(geometry.xs), column_steps, max(x - m, 0) + 1)
    board = gray[max(y - m, 0):y + height + m + 1, max(x, 0):x + width].astype(np.int16)
    row_steps = np.abs(np.diff(board, axis=0)).sum(axis=1)
    ys = _best_whole_lines(np.asarray(geometry.ys), row_steps, max(y - m, 0) + 1)
    if np.any(np.diff(xs) <= 0) or np.any(np.diff(ys) <= 0):
        return geometry
    return BoardGeometry(lines_from(xs), lines_from(ys), geometry.origin)


def _best_whole_lines(lines: FloatArray, steps: IntArray, first: int) -> FloatArray:
    """The reading of ``lines`` that puts them where ``steps[i]`` (the step into pixel
    ``first + i``) adds up highest, each reading moved by up to ``MAX_SHIFT`` px.

    The readings, in order of preference (the second must score clearly higher):

    1. evenly spaced lines a whole number of pixels apart, on whole pixels (a fitted pitch
       is good to a few hundredths of a pixel, which adds up along a board);
    2. evenly spaced lines at a fractional pitch fitted through the steps, kept
       fractional so that every cell is sampled at the same phase of its tile (a zoomed
       picture; a browser at a fractional device scale snaps its boxes to within half a
       pixel of these).
    """
    index = np.arange(lines.size, dtype=np.float64)
    even = _evenly_through_peaks(lines, steps, first)
    fitted_pitch = float(even[1] - even[0])
    off_whole = abs(fitted_pitch - round(fitted_pitch))
    given_pitch = float(np.polyfit(index, lines, 1)[0])
    given_off_whole = abs(given_pitch - round(given_pitch))
    readings: list[tuple[FloatArray, bool]] = []
    if off_whole <= WHOLE_PITCH:
        whole = index * round(fitted_pitch)
        readings.append((float(np.median(even - whole)) + whole, True))
    if off_whole > SURELY_WHOLE_PITCH:
        readings.append((even, False))
    elif given_off_whole > SURELY_WHOLE_PITCH and abs(fitted_pitch - given_pitch) < off_whole:
        # the lattice's own pitch is fractional and the fit lies nearer it than the whole
        # one: a peak or two taken on a tile's inner shading moved the fit toward a whole
        # pitch (a fit a hundredth from whole is whole, however far the lattice's own)
        readings.append((float(np.median(lines - index * given_pitch)) + index * given_pitch,
                         False))
    best: FloatArray = np.round(lines)
    best_score = -1.0
    for number, (reading, on_whole_pixels) in enumerate(readings):
        for shift in sorted(np.arange(-MAX_SHIFT, MAX_SHIFT + SHIFT_STEP, SHIFT_STEP), key=abs):
            moved = np.asarray(reading + shift, dtype=np.float64)
            at = np.round(moved).astype(np.int64) - first
            if at.min() < 0 or at.max() >= steps.size:
                continue
            score = float(steps[at].sum())
            if score > best_score * PREFERENCE[number]:
                best = np.round(moved) if on_whole_pixels else moved
                best_score = score
    return np.asarray(best, dtype=np.float64)


def _evenly_through_peaks(lines: FloatArray, steps: IntArray, first: int) -> FloatArray:
    """Evenly spaced lines fitted (least squares) through the step peaks nearest to
    ``lines``: a fractional pitch measured to a few hundredths of a pixel."""
    nearest = np.round(lines).astype(np.int64) - first
    found = highest_within(smoothed(steps), nearest - NEAR_LINE, nearest + NEAR_LINE)
    index = np.arange(lines.size, dtype=np.float64)
    if found is None:
        pitch = float(np.polyfit(index, lines, 1)[0])
        return np.asarray(float(np.median(lines - index * pitch)) + index * pitch)
    pitch, start = fit_inner(index, found + first - 0.5)
    return np.asarray(start + index * pitch, dtype=np.float64)

