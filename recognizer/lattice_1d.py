"""Evenly spaced lines along one axis: the pitch, phase and extent of a board's lattice
read from a profile of line pixels.

The line pixels of a blob, summed across the axis, make a profile whose peaks are the
candidate lines. Pairs of peaks propose pitches (12..64 px, fractional ones too), each
scored by the peaks it explains less the strong peaks it leaves inside its cells (so
three cells are never taken for one). Each proposal is refined by folding the whole
profile on it (every line votes), the run of lines that stand out from the profile inside
their cells is kept, and the lattice is refitted through the board's own lines.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

MIN_PITCH = 12.0  # px: the classic 16 px cell drawn at 0.75 ...
MAX_PITCH = 64.0  # ... up to 4 times its size
MIN_CELLS = 2  # fewest rows/columns accepted as a board
PEAK_TOLERANCE = 1.6  # px between a predicted and a found line
STRONG_LINE = 0.6  # of a lattice's typical line, what a peak inside a cell must reach to count
BESIDE_LINE = 0.2  # of the pitch: a peak this close to a line is part of it (a split edge)
MAX_SPLIT = 8  # a pair of peaks may be up to this many cells apart when proposing a pitch
UNEXPLAINED_WEIGHT = 1.5  # penalty per unit of strength of a strong peak inside a cell
# (a big tile's bevel makes weaker peaks of its own beside each boundary)
SMOOTHING = np.array([1.0, 4.0, 7.0, 4.0, 1.0]) / 17.0  # profile smoothing (about 1 px sigma)
AXIS_CANDIDATES = 2  # lattices kept per axis (pairs of them are tried)
PROPOSALS = 6  # pitches proposed per axis, each of another pitch: the true one is among them
FOLD_RANGE = 0.03  # a proposed pitch is refined within this share of itself ...
FOLD_STEPS = 61  # ... in this many steps (a thousandth of the pitch apart)
REFIT_RANGE = 0.02  # ... and refitted through the lines within this share of that
REFITS = 2  # refits through the board's own lines (the second settles what the first moved)
HITS_MARGIN = 0.5  # pitches beyond a proposal's outermost found lines that still count
INSIDE_FRACTIONS = (0.25, 1 / 3, 0.5, 2 / 3, 0.75)  # where inside a cell no line may be
LINE_CONTRAST = 0.25  # of the strong lines' contrast, what a line of the board shows
STRONG_PERCENTILE = 90  # the strong lines' level: this percentile of all lines' (the few
# odd lines of a frame lie above it, most of a board's lines near it)
PEAK_FLOOR = 0.25  # of the strong peaks' height, the lowest peak kept as a candidate line
NEAR_LINE = 2  # px each side of a line searched for its profile's peak (a bevel's width)
SAME_PITCH_SHARE = 0.04  # pitches within this share of each other (or 1 px) are one pitch
# (a fitted pitch is good to a few hundredths of a pixel; another reading is 2 or 3 times it)
MIN_INNER_LINES = 5  # lines a lattice needs before its two outermost are left out of a fit
FLAT_CURVATURE = -1e-9  # a peak's curvature is at least this sharp (no division by 0)

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Lattice1D:
    """Lines at ``start + k*pitch`` for ``k = 0..count`` along one axis."""

    start: float
    pitch: float
    count: int  # number of cells (lines - 1)
    score: float


def axis_lattices(profile: IntArray) -> list[Lattice1D]:
    """The few evenly spaced line sets that best explain the profile, each of another
    pitch, the best first.

    Pairs of peaks propose pitches; each is refined by folding the whole profile on it
    (every line of the board votes, so one line drawn a pixel off moves nothing), and the
    lattice spans the lines that stand out from the profile between them.
    """
    peaks, strengths = _peaks(profile)
    if len(peaks) < MIN_CELLS + 1:
        return []
    smooth = smoothed(profile)
    fitted = []
    for start, step in _candidate_progressions(peaks, strengths):
        # folded over the whole profile, and over where the proposal finds its lines
        # only (a small board's frame and panel are wider than the board)
        for folded in (smooth, _around_hits(smooth, peaks, start, step)):
            lattice = _refitted(smooth, *_folded(folded, step))
            if lattice is not None:
                fitted.append(lattice)
    fitted.sort(key=lambda lattice: -lattice.score)
    kept: list[Lattice1D] = []
    for lattice in fitted:
        if lattice.score > 0 and not any(same_pitch(lattice.pitch, k.pitch) for k in kept):
            kept.append(lattice)
    return kept[:AXIS_CANDIDATES]


def _refitted(smooth: FloatArray, pitch: float, phase: float) -> Lattice1D | None:
    """The run of lines at ``pitch`` and ``phase``, refitted through the board's own lines
    (twice, keeping the folded pitch where odd outer lines would pull it off)."""
    lattice = _comb_run(smooth, pitch, phase)
    for _ in range(REFITS):
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


def _comb_run(smooth: FloatArray, pitch: float, phase: float) -> Lattice1D | None:
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
    strong = contrast >= LINE_CONTRAST * float(np.percentile(contrast, STRONG_PERCENTILE))
    run = _longest_run(np.nonzero(strong & (contrast > 0))[0].astype(np.int64))
    if run is None or run[1] - run[0] < MIN_CELLS:
        return None
    low, high = run
    score = float(contrast[low:high + 1].clip(min=0).sum())
    return Lattice1D(start=float(lines[low]), pitch=pitch, count=int(high - low), score=score)


def _through_peaks(smooth: FloatArray, lattice: Lattice1D) -> Lattice1D:
    """The lattice refitted (least squares) through the profile's peak nearest to each of
    its lines: the pitch of the board itself, not of the frame round it."""
    lines = lattice.start + lattice.pitch * np.arange(lattice.count + 1)
    found = highest_within(smooth, np.floor(lines).astype(np.int64) - NEAR_LINE,
                           np.ceil(lines).astype(np.int64) + NEAR_LINE)
    if found is None:
        return lattice
    pitch, start = fit_inner(np.arange(lines.size, dtype=np.float64), found)
    return Lattice1D(start, pitch, lattice.count, lattice.score)


def highest_within(smooth: FloatArray, lows: IntArray, highs: IntArray) -> FloatArray | None:
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
    peaks: FloatArray, strengths: FloatArray, keep: int = PROPOSALS
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
        if not any(same_pitch(float(gaps[i]), step) for _, step in chosen):
            chosen.append((float(starts[i]), float(gaps[i])))
    return chosen


def _peaks(profile: IntArray) -> tuple[FloatArray, FloatArray]:
    """Positions (sub-pixel) and heights of the profile's clear local maxima.

    The profile is smoothed first, so the few parallel edges of one bevel or grid line
    (2..6 px wide) make a single rounded peak.
    """
    if profile.size < 3 or profile.max() <= 0:
        return np.zeros(0), np.zeros(0)
    smooth = smoothed(profile)
    floor = PEAK_FLOOR * float(np.percentile(smooth[smooth > 0], STRONG_PERCENTILE))
    middle = smooth[1:-1]
    is_peak = (middle >= smooth[:-2]) & (middle > smooth[2:]) & (middle >= floor)
    index = np.nonzero(is_peak)[0] + 1
    return _subpixel(smooth, index), smooth[index]


def smoothed(profile: IntArray) -> FloatArray:
    """The profile smoothed by ``SMOOTHING``: a bevel's few parallel edges make one peak."""
    return np.convolve(profile.astype(np.float64), SMOOTHING, mode="same")


def _subpixel(smooth: FloatArray, index: IntArray) -> FloatArray:
    """Peak positions refined by a parabola through each peak and its two neighbours."""
    left, centre, right = smooth[index - 1], smooth[index], smooth[index + 1]
    curvature = np.minimum(left - 2 * centre + right, FLAT_CURVATURE)
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


def fit_inner(index: FloatArray, positions: FloatArray) -> tuple[float, float]:
    """Pitch and start fitted (least squares) through the lines, leaving out the two
    outermost where there are enough others: they border the frame, whose own bevel
    pulls their peaks aside."""
    inner = slice(1, -1) if index.size >= MIN_INNER_LINES else slice(None)
    pitch, start = np.polyfit(index[inner], positions[inner], 1)
    return float(pitch), float(start)


def same_pitch(first: float, second: float) -> bool:
    """Whether two pitches are one (within ``SAME_PITCH_SHARE`` of the first, or 1 px)."""
    return abs(first - second) <= max(1.0, SAME_PITCH_SHARE * first)

