"""Seven-segment counters, as classic games show the mine count: lit digits on black.

A display is a dark box holding bright segments (red, or green in some games). Each digit
is read from which of its seven segment zones are lit, so the reading does not depend on
the drawing's size or on how the unlit segments are shown (dim, or not at all). A digit
whose segments spell no digit makes the whole display unread.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from sweeper.core import Rect
from sweeper.recognizer.image_io import Image, as_image

# segments lit for each digit: a top, b top right, c bottom right, d bottom, e bottom left,
# f top left, g middle (some games draw 6, 7 and 9 with or without their tails)
DIGIT_OF_SEGMENTS = {
    "abcdef": 0, "bc": 1, "abdeg": 2, "abcdg": 3, "bcfg": 4, "acdfg": 5, "acdefg": 6,
    "cdefg": 6, "abc": 7, "abcf": 7, "abcdefg": 8, "abcdfg": 9, "abcfg": 9,
}
MIN_BOX_LIT, MAX_BOX_LIT = 0.08, 0.6  # share of a dark box lit
MIN_LIT_SHARE = 0.15  # least share of a display's digits lit ...
MAX_LIT_SHARE = 0.8  # ... and most (some of it is the dark between the segments)
MIN_DARK_SHARE = 0.1  # ... and least share of it dark ground (lit segments on a panel: not)
MIN_HEIGHT_PITCHES = 0.5  # a display is at least this many cell pitches tall ...
MAX_HEIGHT_PITCHES = 3.0  # ... and at most this many
ZONE_LIT = 0.45  # share of a segment's zone lit for the segment to count as lit ...
ZONE_UNLIT = 0.15  # ... and at most unlit: a zone in between is not a seven-segment drawing
MIN_DIGIT_ASPECT = 0.35  # a digit is at least this wide for its height (all 1s: unread)
MIN_DIGITS, MAX_DIGITS = 2, 4  # a counter shows 3 digits; one alone is some other thing
MIN_BOX_ASPECT, MAX_BOX_ASPECT = 1.0, 4.0  # width over height of a display's digits
JOIN_PITCHES = 0.3  # cell pitches between two segments of one counter, at most
MIN_JOIN = 3  # px segments are joined over at least (a small counter's gaps)
LIT_BRIGHT = 200  # a lit segment's brightest channel is at least this ...
LIT_CHROMA = 120  # ... and its channels this far apart: saturated (dim unlit segments are not)
DARK_GROUND = 90  # a counter's dark ground: its brightest channel at most this
MIN_BOX_DARK = 0.25  # share of a dark box that is dark ground, at least
MIN_DIGIT_SIZE = (3, 5)  # (width, height) px a digit needs: fewer cannot hold its segments apart
# where each segment lies in a digit's box: (top, bottom, left, right), shares of its size
SEGMENT_ZONES = {
    "a": (0.0, 0.14, 0.25, 0.75), "g": (0.43, 0.57, 0.25, 0.75),
    "d": (0.86, 1.0, 0.25, 0.75), "f": (0.15, 0.42, 0.0, 0.22),
    "b": (0.15, 0.42, 0.78, 1.0), "e": (0.58, 0.85, 0.0, 0.22),
    "c": (0.58, 0.85, 0.78, 1.0),
}


@dataclass(frozen=True)
class Display:
    """A seven-segment display: its box on the image and the number it shows."""

    box: Rect
    value: int


def lit_segments(image: Image) -> npt.NDArray[np.bool_]:
    """Pixels of a lit LED segment: bright and saturated (red, green or any colour); the
    dim unlit segments some games draw are not."""
    channels = image.astype(np.int16)
    brightest, darkest = channels.max(axis=2), channels.min(axis=2)
    return np.asarray((brightest >= LIT_BRIGHT) & (brightest - darkest >= LIT_CHROMA),
                      dtype=np.bool_)


def _dark(image: Image) -> npt.NDArray[np.bool_]:
    return np.asarray(image.max(axis=2) <= DARK_GROUND)


def read_displays(image: Image, area: Rect, pitch: float,
                  other_font: Callable[[Image], int | None] | None = None) -> list[Display]:
    """Every display in ``area`` that reads, left to right: seven-segment digits, or
    with ``other_font`` lit digits of another font (a box of the picture in, its number
    or None out)."""
    strip = image[area.top:area.bottom, area.left:area.right]
    if strip.size == 0:
        return []
    found: list[Display] = []
    for box in _dark_boxes(strip, pitch) + _lit_boxes(strip, pitch):
        picture = strip[box.top:box.bottom, box.left:box.right]
        value = read_display(picture)
        if value is None and other_font is not None:
            value = other_font(picture)
        if value is not None:
            found.append(Display(box.moved(area.left, area.top), value))
    return _agreed(found)


def lit_digit_count(box: Image) -> int:
    """How many digits a display's lit ink makes: its runs of lit columns (a dot inside
    a zero lies within its digit's columns)."""
    lit = lit_segments(box)
    return len(_column_runs(np.asarray(lit.any(axis=0), dtype=np.bool_)))


def _agreed(found: list[Display]) -> list[Display]:
    """One display for each place, left to right: a place found twice (as a dark box and
    as its lit digits) must read the same both times, or it reads as nothing."""
    kept: list[Display] = []
    for display in sorted(found, key=lambda d: d.box.left):
        same_place = [d for d in found if d.box.intersection(display.box) is not None]
        if len({d.value for d in same_place}) > 1:
            continue
        if not any(k.box.intersection(display.box) is not None for k in kept):
            kept.append(display)
    return kept


def _dark_boxes(strip: Image, pitch: float) -> list[Rect]:
    """Boxes of dark regions holding lit segments, shaped like a counter."""
    lit, dark = lit_segments(strip), _dark(strip)
    stats = cv2.connectedComponentsWithStats(as_image((lit | dark) * 255), connectivity=4)[2]
    boxes = []
    for x, y, w, h in stats[1:, :4].tolist():
        if not MIN_HEIGHT_PITCHES * pitch <= h <= MAX_HEIGHT_PITCHES * pitch:
            continue
        if not MIN_BOX_ASPECT <= w / h <= MAX_BOX_ASPECT:
            continue
        lit_share = lit[y:y + h, x:x + w].mean()
        if (not MIN_BOX_LIT <= lit_share <= MAX_BOX_LIT
                or dark[y:y + h, x:x + w].mean() < MIN_BOX_DARK):
            continue
        boxes.append(Rect(left=x, top=y, width=w, height=h))
    return boxes


def _lit_boxes(strip: Image, pitch: float) -> list[Rect]:
    """Boxes of lit segments grouped as a counter's digits (the segments of a row of
    digits lie closer than a third of a cell to each other), mostly dark between."""
    lit, dark = lit_segments(strip), _dark(strip)
    reach = max(MIN_JOIN, round(JOIN_PITCHES * pitch))
    joined = cv2.dilate(as_image(lit * 255), np.ones((reach, reach), np.uint8))
    stats = cv2.connectedComponentsWithStats(joined, connectivity=8)[2]
    boxes = []
    for x0, y0, w0, h0 in stats[1:, :4].tolist():
        # the dilation grew the box by half the reach each way
        x, y = x0 + reach // 2, y0 + reach // 2
        w, h = max(1, w0 - reach + 1), max(1, h0 - reach + 1)
        if not MIN_HEIGHT_PITCHES * pitch <= h <= MAX_HEIGHT_PITCHES * pitch:
            continue
        if not MIN_BOX_ASPECT <= w / h <= MAX_BOX_ASPECT:
            continue
        lit_share = lit[y:y + h, x:x + w].mean()
        if (not MIN_LIT_SHARE <= lit_share <= MAX_LIT_SHARE
                or dark[y:y + h, x:x + w].mean() < MIN_DARK_SHARE):
            continue
        boxes.append(Rect(left=x, top=y, width=w, height=h))
    return boxes


def read_display(box: Image) -> int | None:
    """The number a display shows, or None if any of its digits does not read.

    Every digit lights a segment on its right side, so each run of lit columns ends at
    a digit's right edge; the widest run is a whole digit's width.
    """
    lit = lit_segments(box)
    rows = np.nonzero(lit.any(axis=1))[0]
    if rows.size == 0:
        return None
    lit = lit[rows[0]:rows[-1] + 1]
    runs = _column_runs(np.asarray(lit.any(axis=0), dtype=np.bool_))
    width = max(right - left for left, right in runs)
    if not MIN_DIGITS <= len(runs) <= MAX_DIGITS or width < MIN_DIGIT_ASPECT * lit.shape[0]:
        return None
    value, last_right = 0, 0
    for _, right in runs:
        if right - width < last_right - 1:
            return None  # digits overlapping: not a row of equal digits
        digit = read_digit(lit[:, max(0, right - width):right])
        if digit is None:
            return None
        value, last_right = value * 10 + digit, right
    return value


def _column_runs(columns: npt.NDArray[np.bool_]) -> list[tuple[int, int]]:
    """``(start, end)`` of each run of True in ``columns``."""
    padded = np.concatenate([[False], columns, [False]]).astype(np.int8)
    edges = np.diff(padded)
    starts, ends = np.nonzero(edges == 1)[0], np.nonzero(edges == -1)[0]
    return [(int(a), int(b)) for a, b in zip(starts, ends, strict=True)]


def read_digit(digit: npt.NDArray[np.bool_]) -> int | None:
    """The digit whose segments are lit in ``digit`` (the drawing cut to its extent)."""
    height, width = digit.shape
    if height < MIN_DIGIT_SIZE[1] or width < MIN_DIGIT_SIZE[0]:
        return None
    segments = ""
    for name, (y0, y1, x0, x1) in sorted(SEGMENT_ZONES.items()):
        zone = digit[int(y0 * height):max(int(y0 * height) + 1, round(y1 * height)),
                     int(x0 * width):max(int(x0 * width) + 1, round(x1 * width))]
        share = zone.mean()
        if ZONE_UNLIT < share < ZONE_LIT:
            return None
        if share >= ZONE_LIT:
            segments += name
    return DIGIT_OF_SEGMENTS.get(segments)
