"""Find Minesweeper boards anywhere in a screenshot, with no coordinates given.

A classic board is a lattice of cells whose boundaries are long straight edges: raised
tiles meet with a dark-to-white bevel step, opened tiles with a grid line or a gap. The
search (all on whole images with OpenCV, so it stays fast on a full screen):

1. mark pixels on a strong horizontal / vertical brightness step;
2. keep only steps that form long straight lines (morphological opening), which drops
   text, digits and icons; group the lines into blobs (connected components);
3. per blob and per axis, project the line pixels onto the axis and pick the peaks;
   pairs of peaks propose pitches (12..64 px, fractional ones too), each scored by the
   peaks it explains less the strong peaks it leaves inside its cells (so three cells
   are never taken for one); the two axes have pitches of their own;
4. refine each proposed pitch and its phase by folding the whole profile on it (every
   line votes), keep the run of lines that stand out from the profile inside their
   cells, and refit it through the board's own lines;
5. check every lattice cell for edges on its sides and keep the rectangle of rows and
   columns that are mostly cells, so frame bevels next to the board are not taken for an
   extra row or column; last, put the lines on whole pixels, on the tiles' boundaries.

Reading the cells (:mod:`recognizer.reader`) then decides which lattice is a board.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from sweeper.core import Rect
from sweeper.recognizer.geometry import BoardGeometry, lines_from
from sweeper.recognizer.image_io import Image, as_image

MIN_PITCH = 12.0
MAX_PITCH = 64.0
MAX_ASPECT = 1.8  # the longer side of a cell is at most this many times the shorter
MIN_CELLS = 2  # fewest rows/columns accepted as a board
EDGE_STEP = 28  # grey-level change over 2 px that counts as an edge
MIN_LINE = 30  # shortest straight run (px) kept as a lattice line
PEAK_TOLERANCE = 1.6  # px between a predicted and a found line
STRONG_LINE = 0.6  # of a lattice's typical line, what a peak inside a cell must reach to count
BESIDE_LINE = 0.2  # of the pitch: a peak this close to a line is part of it (a split edge)
WHOLE_PITCH = 0.3  # px from a whole number within which a whole pitch is tried too
SURELY_WHOLE_PITCH = 0.1  # ... and within which only a whole pitch is
PREFERENCE = (1.02, 1.05)  # how much better a lattice reading must score than an earlier one
# An edge between pixels x-1 and x peaks at x-0.5, a 1 px grid line at x peaks at x; a
# cell starts at x in both cases, so lattice lines are moved by this much before rounding.
EDGE_BIAS = 0.25
SIDE_SUPPORT = 0.5  # fraction of a cell side that must be edge pixels
# fraction of a row's (column's) cells that must look like cells for it to be kept; low,
# so that a window over part of the board does not cut the board short
LINE_SUPPORT = 0.3
MAX_SPLIT = 8  # a pair of peaks may be up to this many cells apart when proposing a pitch
UNEXPLAINED_WEIGHT = 1.5  # penalty per unit of strength of a strong peak inside a cell
# (a big tile's bevel makes weaker peaks of its own beside each boundary)
SMOOTHING = np.array([1.0, 4.0, 7.0, 4.0, 1.0]) / 17.0  # profile smoothing (about 1 px sigma)
BLOB_SCALE = 4  # blobs are grouped on a map this many times smaller
AXIS_CANDIDATES = 2  # lattices kept per axis (pairs of them are tried)
ALIGN_MARGIN = 4  # px beyond the board searched when putting its lines on whole pixels
FOLD_RANGE = 0.03  # a proposed pitch is refined within this share of itself ...
REFIT_RANGE = 0.02  # ... and refitted through the lines within this share of that
HITS_MARGIN = 0.5  # pitches beyond a proposal's outermost found lines that still count
FOLD_STEPS = 61  # ... in this many steps
INSIDE_FRACTIONS = (0.25, 1 / 3, 0.5, 2 / 3, 0.75)  # where inside a cell no line may be
LINE_CONTRAST = 0.25  # of the strong lines' contrast, what a line of the board shows

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
Mask = npt.NDArray[np.uint8]


@dataclass(frozen=True)
class _Lattice1D:
    """Lines at ``start + k*pitch`` for ``k = 0..count`` along one axis."""

    start: float
    pitch: float
    count: int  # number of cells (lines - 1)
    score: float


def locate_boards(image: Image) -> list[BoardGeometry]:
    """Every board-like lattice in ``image``, the most convincing first.

    Where the lines allow two readings of one board (a pitch and three times it, say),
    both are returned: reading the cells tells which is right.
    """
    gray = as_image(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY))
    vertical, horizontal = _edge_maps(gray)
    long_vertical = _long_lines(vertical, (1, MIN_LINE))
    long_horizontal = _long_lines(horizontal, (MIN_LINE, 1))
    found: list[tuple[float, BoardGeometry]] = []
    for blob in _blobs(long_vertical | long_horizontal):
        x, y = blob.left, blob.top
        window = (slice(y, blob.bottom), slice(x, blob.right))
        candidates = _lattices_in(
            long_vertical[window], long_horizontal[window], vertical[window], horizontal[window]
        )
        found += [(score, _aligned(geometry.shifted(x, y), gray))
                  for score, geometry in candidates]
    found.sort(key=lambda item: -item[0])
    kept: list[BoardGeometry] = []
    for _, geometry in found:
        if not any(_same_board(geometry, other) for other in kept):
            kept.append(geometry)
    return kept


def _aligned(geometry: BoardGeometry, gray: Image) -> BoardGeometry:
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
    ``first + i``) adds up highest, each reading moved by up to 1.5 px.

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
    readings: list[tuple[FloatArray, bool]] = []
    if off_whole <= WHOLE_PITCH:
        whole = index * round(fitted_pitch)
        readings.append((float(np.median(even - whole)) + whole, True))
    if off_whole > SURELY_WHOLE_PITCH:
        readings.append((even, False))
    best: FloatArray = np.round(lines)
    best_score = -1.0
    for number, (reading, on_whole_pixels) in enumerate(readings):
        for shift in sorted(np.arange(-1.5, 1.75, 0.25), key=abs):
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
    found = _highest_within(_smoothed(steps), nearest - 2, nearest + 2)
    index = np.arange(lines.size, dtype=np.float64)
    if found is None:
        pitch = float(np.polyfit(index, lines, 1)[0])
        return np.asarray(float(np.median(lines - index * pitch)) + index * pitch)
    pitch, start = _fit_inner(index, found + first - 0.5)
    return np.asarray(start + index * pitch, dtype=np.float64)


def _fit_inner(index: FloatArray, positions: FloatArray) -> tuple[float, float]:
    """Pitch and start fitted (least squares) through the lines, leaving out the two
    outermost where there are enough others: they border the frame, whose own bevel
    pulls their peaks aside."""
    inner = slice(1, -1) if index.size >= 5 else slice(None)
    pitch, start = np.polyfit(index[inner], positions[inner], 1)
    return float(pitch), float(start)


def _same_board(a: BoardGeometry, b: BoardGeometry) -> bool:
    """Two lattices over mostly the same place with about the same pitches."""
    return (_overlap(a, b) > 0.5 and _same_pitch(a.pitch_x, b.pitch_x)
            and _same_pitch(a.pitch_y, b.pitch_y))


def _overlap(a: BoardGeometry, b: BoardGeometry) -> float:
    """Intersection over the smaller area of two boards' rectangles."""
    a_rect, b_rect = a.rect, b.rect
    common = a_rect.intersection(b_rect)
    if common is None:
        return 0.0
    return (common.width * common.height) / min(
        a_rect.width * a_rect.height, b_rect.width * b_rect.height)


def _edge_maps(gray: Image) -> tuple[Mask, Mask]:
    """Masks of pixels on a vertical (left/right) and a horizontal (up/down) step."""
    height, width = gray.shape
    vertical = np.zeros((height, width), np.uint8)
    horizontal = np.zeros((height, width), np.uint8)
    step_x = cv2.absdiff(gray[:, 2:], gray[:, :-2])
    step_y = cv2.absdiff(gray[2:, :], gray[:-2, :])
    vertical[:, 1:-1] = cv2.threshold(step_x, EDGE_STEP, 1, cv2.THRESH_BINARY)[1]
    horizontal[1:-1, :] = cv2.threshold(step_y, EDGE_STEP, 1, cv2.THRESH_BINARY)[1]
    return vertical, horizontal


def _long_lines(edges: Mask, length: tuple[int, int]) -> Mask:
    """Edge pixels on straight runs at least ``length`` long (gaps of 2 px bridged)."""
    along_x = length[0] > 1
    bridge = cv2.getStructuringElement(cv2.MORPH_RECT, (5, 1) if along_x else (1, 5))
    closed = cv2.morphologyEx(edges, cv2.MORPH_CLOSE, bridge)
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, length)
    return as_image(cv2.morphologyEx(closed, cv2.MORPH_OPEN, kernel))


def _blobs(lines: Mask) -> list[Rect]:
    """Bounding boxes of groups of touching lines big enough to hold a board.

    Components are found on a 4x smaller map (lines are widened first so none is lost).
    """
    joined = cv2.dilate(lines, cv2.getStructuringElement(cv2.MORPH_RECT, (7, 7)))
    small = np.ascontiguousarray(joined[::BLOB_SCALE, ::BLOB_SCALE])
    count, _, stats, _ = cv2.connectedComponentsWithStats(small, connectivity=8)
    smallest = int(MIN_PITCH * MIN_CELLS)
    height, width = lines.shape
    boxes = []
    for label in range(1, count):
        x, y, w, h = (int(v) * BLOB_SCALE for v in stats[label, :4])
        x, y = max(x - BLOB_SCALE, 0), max(y - BLOB_SCALE, 0)
        w, h = min(w + 2 * BLOB_SCALE, width - x), min(h + 2 * BLOB_SCALE, height - y)
        if w >= smallest and h >= smallest:
            boxes.append(Rect(left=x, top=y, width=w, height=h))
    return boxes


def _lattices_in(
    long_vertical: Mask, long_horizontal: Mask, vertical: Mask, horizontal: Mask
) -> list[tuple[float, BoardGeometry]]:
    """The lattices inside one blob, with their scores.

    Each axis keeps its best few progressions; every pair whose cells are not too
    elongated is trimmed to the cells that show edges on their sides.
    """
    column_profile = long_vertical.sum(axis=0, dtype=np.int64)
    row_profile = long_horizontal.sum(axis=1, dtype=np.int64)
    found = []
    for columns in _axis_lattices(column_profile):
        for rows in _axis_lattices(row_profile):
            ratio = columns.pitch / rows.pitch
            if not 1 / MAX_ASPECT <= ratio <= MAX_ASPECT:
                continue
            xs = _lattice_lines(columns, vertical.shape[1])
            ys = _lattice_lines(rows, vertical.shape[0])
            trimmed = _trim_to_cells(xs, ys, vertical, horizontal)
            if trimmed is not None:
                found.append(trimmed)
    return found


def _same_pitch(first: float, second: float) -> bool:
    return abs(first - second) <= max(1.0, 0.04 * first)


def _axis_lattices(profile: IntArray) -> list[_Lattice1D]:
    """The few evenly spaced line sets that best explain the profile, each of another
    pitch, the best first.

    Pairs of peaks propose pitches; each is refined by folding the whole profile on it
    (every line of the board votes, so one line drawn a pixel off moves nothing), and the
    lattice spans the lines that stand out from the profile between them.
    """
    peaks, strengths = _peaks(profile)
    if len(peaks) < MIN_CELLS + 1:
        return []
    smooth = _smoothed(profile)
    fitted = []
    for start, step in _candidate_progressions(peaks, strengths):
        # folded over the whole profile, and over where the proposal finds its lines
        # only (a small board's frame and panel are wider than the board)
        for folded in (smooth, _around_hits(smooth, peaks, start, step)):
            lattice = _refitted(smooth, *_folded(folded, step))
            if lattice is not None:
                fitted.append(lattice)
    fitted.sort(key=lambda lattice: -lattice.score)
    kept: list[_Lattice1D] = []
    for lattice in fitted:
        if lattice.score > 0 and not any(_same_pitch(lattice.pitch, k.pitch) for k in kept):
            kept.append(lattice)
    return kept[:AXIS_CANDIDATES]


def _refitted(smooth: FloatArray, pitch: float, phase: float) -> _Lattice1D | None:
    """The run of lines at ``pitch`` and ``phase``, refitted through the board's own lines
    (twice, keeping the folded pitch where odd outer lines would pull it off)."""
    lattice = _comb_run(smooth, pitch, phase)
    for _ in range(2):
        if lattice is None:
            return None
        refined = _through_peaks(smooth, lattice)
        if abs(refined.pitch / lattice.pitch - 1) > REFIT_RANGE:
            return lattice
        lattice = _comb_run(smooth, refined.pitch, refined.start % refined.pitch)
    return lattice


def _around_hits(smooth: FloatArray, peaks: FloatArray, start: float, pitch: float
                 ) -> FloatArray:
    """The profile where the proposed lines find peaks (and a little beyond, for lines a
    pixel or two off), zero elsewhere: a small board's frame and panel, wider than the
    board, must not pull the folding off the board's own pitch."""
    k = np.round((peaks - start) / pitch)
    hits = peaks[np.abs(peaks - (start + k * pitch)) <= PEAK_TOLERANCE]
    if hits.size < MIN_CELLS + 1:
        return smooth
    kept = np.zeros_like(smooth)
    low = max(int(hits.min() - HITS_MARGIN * pitch), 0)
    high = min(int(hits.max() + HITS_MARGIN * pitch) + 1, smooth.size)
    kept[low:high] = smooth[low:high]
    return kept


def _folded(smooth: FloatArray, pitch: float) -> tuple[float, float]:
    """The pitch (within 3% of ``pitch``) and phase at which the profile, folded onto one
    cell, piles up most sharply."""
    positions = np.arange(smooth.size, dtype=np.float64)
    weights = smooth - float(np.median(smooth))
    best = (-np.inf, pitch, 0.0)
    for trial in pitch * np.linspace(1 - FOLD_RANGE, 1 + FOLD_RANGE, FOLD_STEPS):
        angle = 2 * np.pi * positions / trial
        # the profile's component at this pitch: its strength and where its peaks fall
        real, imaginary = float(np.dot(weights, np.cos(angle))), float(
            np.dot(weights, np.sin(angle)))
        strength = real * real + imaginary * imaginary
        if strength > best[0]:
            phase = (np.arctan2(imaginary, real) / (2 * np.pi) * trial) % trial
            best = (strength, float(trial), float(phase))
    return best[1], best[2]


def _comb_run(smooth: FloatArray, pitch: float, phase: float) -> _Lattice1D | None:
    """The longest run of lines ``phase + k * pitch`` that stand out from the profile
    inside their cells (at a quarter, a third, half... of the pitch further on, where a
    lattice of twice or thrice the pitch would find lines of its own)."""
    every = phase + pitch * np.arange(int(np.ceil(-phase / pitch)),
                                      int((smooth.size - 1 - phase) / pitch) + 1)
    lines = np.asarray(every[(every >= 0) & (every <= smooth.size - 1)], dtype=np.float64)
    if lines.size < MIN_CELLS + 1:
        return None
    at_lines = _near_peak(smooth, lines)
    inside = np.max([np.interp(lines + f * pitch, np.arange(smooth.size), smooth)
                     for f in INSIDE_FRACTIONS], axis=0)
    contrast = at_lines - inside
    strong = contrast >= LINE_CONTRAST * float(np.percentile(contrast, 90))
    run = _longest_run(np.nonzero(strong & (contrast > 0))[0].astype(np.int64))
    if run is None or run[1] - run[0] < MIN_CELLS:
        return None
    low, high = run
    score = float(contrast[low:high + 1].clip(min=0).sum())
    return _Lattice1D(start=float(lines[low]), pitch=pitch, count=int(high - low), score=score)


def _through_peaks(smooth: FloatArray, lattice: _Lattice1D) -> _Lattice1D:
    """The lattice refitted (least squares) through the profile's peak nearest to each of
    its lines: the pitch of the board itself, not of the frame round it."""
    lines = lattice.start + lattice.pitch * np.arange(lattice.count + 1)
    found = _highest_within(smooth, np.floor(lines).astype(np.int64) - 2,
                            np.ceil(lines).astype(np.int64) + 2)
    if found is None:
        return lattice
    pitch, start = _fit_inner(np.arange(lines.size, dtype=np.float64), found)
    return _Lattice1D(start, pitch, lattice.count, lattice.score)


def _highest_within(smooth: FloatArray, lows: IntArray, highs: IntArray) -> FloatArray | None:
    """Per window ``lows[i]..highs[i]`` (inclusive, kept off the profile's ends), the
    sub-pixel position of the profile's highest point; None if a window is empty."""
    lows = np.maximum(lows, 1)
    highs = np.minimum(highs, smooth.size - 2)
    if np.any(highs <= lows):
        return None
    best = [low + int(np.argmax(smooth[low:high + 1]))
            for low, high in zip(lows, highs, strict=True)]
    return _subpixel(smooth, np.asarray(best, dtype=np.int64))


def _near_peak(smooth: FloatArray, lines: FloatArray) -> FloatArray:
    """The profile's highest value within a pixel of each line (a line a pixel off still
    counts)."""
    axis = np.arange(smooth.size)
    return np.asarray(np.max(
        [np.interp(lines + offset, axis, smooth) for offset in (-1.0, 0.0, 1.0)], axis=0),
        dtype=np.float64)


def _candidate_progressions(
    peaks: FloatArray, strengths: FloatArray, keep: int = 6
) -> list[tuple[float, float]]:
    """Start and step of the few progressions that match the most peak strength.

    Every pair of peaks proposes progressions with their distance split into 1..8 cells
    (distant pairs measure a fractional pitch precisely); each is scored at once
    (vectorised) by the strength of the peaks it hits, less the lines it predicts but
    misses and the strong peaks it leaves unexplained inside its span, so half or three
    times the true pitch scores lower than the pitch itself.
    """
    first, second = np.triu_indices(len(peaks), k=1)
    distances = peaks[second] - peaks[first]
    splits = np.arange(1, MAX_SPLIT + 1, dtype=np.float64)
    gaps = (distances[:, None] / splits[None, :]).ravel()
    starts = np.repeat(peaks[first], splits.size)
    usable = (gaps >= MIN_PITCH) & (gaps <= MAX_PITCH)
    starts, gaps = starts[usable], gaps[usable]
    if gaps.size == 0:
        return []
    k = np.round((peaks[None, :] - starts[:, None]) / gaps[:, None])
    off_line = np.abs(peaks[None, :] - (starts[:, None] + k * gaps[:, None]))
    hit = off_line <= PEAK_TOLERANCE
    hits = hit.sum(axis=1)
    k_low = np.where(hit, k, np.inf).min(axis=1)
    k_high = np.where(hit, k, -np.inf).max(axis=1)
    misses = np.maximum(k_high - k_low + 1 - hits, 0)
    first_line = starts + k_low * gaps
    last_line = starts + k_high * gaps
    within = (peaks[None, :] > first_line[:, None]) & (peaks[None, :] < last_line[:, None])
    inside = within & (off_line > BESIDE_LINE * gaps[:, None])
    typical = np.nanmedian(np.where(hit, strengths[None, :], np.nan), axis=1)
    strong = strengths[None, :] >= STRONG_LINE * typical[:, None]
    unexplained = (inside * strong * strengths[None, :]).sum(axis=1)
    score = (hit * strengths[None, :]).sum(axis=1) * (hits - 2 * misses) / np.maximum(hits, 1)
    score -= UNEXPLAINED_WEIGHT * unexplained
    order = np.argsort(-score)
    chosen: list[tuple[float, float]] = []
    for i in order:
        if score[i] <= 0 or len(chosen) >= keep:
            break
        if not any(_same_pitch(float(gaps[i]), step) for _, step in chosen):
            chosen.append((float(starts[i]), float(gaps[i])))
    return chosen


def _peaks(profile: IntArray) -> tuple[FloatArray, FloatArray]:
    """Positions (sub-pixel) and heights of the profile's clear local maxima.

    The profile is smoothed first, so the few parallel edges of one bevel or grid line
    (2..6 px wide) make a single rounded peak.
    """
    if profile.size < 3 or profile.max() <= 0:
        return np.zeros(0), np.zeros(0)
    smooth = _smoothed(profile)
    floor = 0.25 * float(np.percentile(smooth[smooth > 0], 90))
    middle = smooth[1:-1]
    is_peak = (middle >= smooth[:-2]) & (middle > smooth[2:]) & (middle >= floor)
    index = np.nonzero(is_peak)[0] + 1
    return _subpixel(smooth, index), smooth[index]


def _smoothed(profile: IntArray) -> FloatArray:
    return np.convolve(profile.astype(np.float64), SMOOTHING, mode="same")


def _subpixel(smooth: FloatArray, index: IntArray) -> FloatArray:
    """Peak positions refined by a parabola through each peak and its two neighbours."""
    left, centre, right = smooth[index - 1], smooth[index], smooth[index + 1]
    curvature = np.minimum(left - 2 * centre + right, -1e-9)
    offset = np.clip(0.5 * (left - right) / curvature, -0.5, 0.5)
    return np.asarray(index + offset, dtype=np.float64)


def _longest_run(ks: IntArray, max_gap: int = 1) -> tuple[int, int] | None:
    """The best stretch of lattice indices, no more than ``max_gap`` missing in a row:
    the one with the most lines found less twice the lines missing (a stretch that
    wanders off the board over a frame's odd lines gains length, not worth)."""
    if ks.size == 0:
        return None
    unique = np.unique(ks)
    breaks = np.nonzero(np.diff(unique) > max_gap + 1)[0]
    starts = np.concatenate([[0], breaks + 1])
    ends = np.concatenate([breaks, [unique.size - 1]])
    found = ends - starts + 1
    missing = (unique[ends] - unique[starts] + 1) - found
    worth = found - 2 * missing
    best = int(np.lexsort((unique[ends] - unique[starts], worth))[-1])
    return int(unique[starts[best]]), int(unique[ends[best]])


def _lattice_lines(lattice: _Lattice1D, size: int) -> FloatArray:
    """The lattice's lines, one more at each end, those inside ``1..size-2``."""
    lines = lattice.start + np.arange(-1, lattice.count + 2) * lattice.pitch
    return np.asarray(lines[(lines >= 1) & (lines <= size - 2)], dtype=np.float64)


def _trim_to_cells(
    xs: FloatArray, ys: FloatArray, vertical: Mask, horizontal: Mask
) -> tuple[float, BoardGeometry] | None:
    """Keep the rows and columns whose cells show edges on their sides.

    The lines come one beyond the fitted lattice on each side (an outermost line blurred
    into the frame's bevel may have been missed); the lattice is cut back to the
    supported cells.
    """
    if xs.size < MIN_CELLS + 1 or ys.size < MIN_CELLS + 1:
        return None
    cells = _cell_support(xs, ys, vertical, horizontal)
    row_run = longest_true_run(cells.mean(axis=1) >= LINE_SUPPORT)
    col_run = longest_true_run(cells.mean(axis=0) >= LINE_SUPPORT)
    if row_run is None or col_run is None:
        return None
    (top_row, bottom_row), (left_col, right_col) = row_run, col_run
    if bottom_row - top_row + 1 < MIN_CELLS or right_col - left_col + 1 < MIN_CELLS:
        return None
    kept = cells[top_row:bottom_row + 1, left_col:right_col + 1]
    geometry = BoardGeometry(
        xs=lines_from(xs[left_col:right_col + 2] + EDGE_BIAS),
        ys=lines_from(ys[top_row:bottom_row + 2] + EDGE_BIAS),
    )
    return float(kept.sum()), geometry


def longest_true_run(flags: npt.NDArray[np.bool_]) -> tuple[int, int] | None:
    """First and last index of the longest run of True values, or None if there is none."""
    padded = np.concatenate([[False], flags, [False]]).astype(np.int8)
    starts = np.nonzero(np.diff(padded) == 1)[0]
    ends = np.nonzero(np.diff(padded) == -1)[0] - 1
    if starts.size == 0:
        return None
    best = int(np.argmax(ends - starts))
    return int(starts[best]), int(ends[best])


def _cell_support(xs: FloatArray, ys: FloatArray, vertical: Mask, horizontal: Mask) -> Mask:
    """Per lattice cell, 1 when at least 3 of its 4 sides are mostly edge pixels."""
    x0, y0 = max(int(xs[0]) - 2, 0), max(int(ys[0]) - 2, 0)
    vertical = vertical[y0:int(ys[-1]) + 3, x0:int(xs[-1]) + 3]
    horizontal = horizontal[y0:int(ys[-1]) + 3, x0:int(xs[-1]) + 3]
    xs, ys = xs - x0, ys - y0
    height, width = vertical.shape
    near = cv2.getStructuringElement(cv2.MORPH_RECT, (3, 1))
    column_sums = np.cumsum(cv2.dilate(vertical, near), axis=0, dtype=np.int32)
    row_sums = np.cumsum(cv2.dilate(horizontal, near.T), axis=1, dtype=np.int32)
    xi = np.clip(np.round(xs).astype(np.int64), 0, width - 1)
    yi = np.clip(np.round(ys).astype(np.int64), 0, height - 1)
    # vertical sides: fraction of rows between yi[j] and yi[j+1] with an edge at xi[k]
    span_y = np.maximum(np.diff(yi), 1)
    side_v = (column_sums[yi[1:] - 1][:, xi] - column_sums[yi[:-1]][:, xi]) / span_y[:, None]
    span_x = np.maximum(np.diff(xi), 1)
    side_h = (row_sums[:, xi[1:] - 1][yi] - row_sums[:, xi[:-1]][yi]) / span_x[None, :]
    left = side_v[:, :-1] >= SIDE_SUPPORT
    right = side_v[:, 1:] >= SIDE_SUPPORT
    top = side_h[:-1, :] >= SIDE_SUPPORT
    bottom = side_h[1:, :] >= SIDE_SUPPORT
    sides = left.astype(np.uint8) + right + top + bottom
    return (sides >= 3).astype(np.uint8)
