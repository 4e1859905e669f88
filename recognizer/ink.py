"""The classic colour conventions: which "ink" a pixel is drawn with.

Classic Minesweeper draws 1 blue, 2 green, 3 red, 4 navy, 5 maroon, 6 teal, 7 black and
8 grey on light grey tiles; flags are red, mines black. Every pixel is sorted into one of
these inks (or none: greys and whites, or "other": saturated but none of them) with a
lookup table over 15-bit colour, so many pixels are classified in one vectorised pass.
The tolerances accept the greys and anti-aliasing of other classic-looking games.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import numpy.typing as npt

NONE = 0
BLUE, GREEN, RED, NAVY, MAROON, TEAL, BLACK, GREY = range(1, 9)
OTHER = 9  # saturated but none of the above (yellow, magenta, ...)
INK_COUNT = 10
INK_NAMES = ("none", "blue", "green", "red", "navy", "maroon", "teal", "black", "grey", "other")
# the classic inks: 1 (0,0,255), 2 (0,128,0), 3 (255,0,0), 4 (0,0,128), 5 (128,0,0),
# 6 (0,128,128), 7 (0,0,0), 8 (128,128,128) as RGB
GREY_CHROMA = 40  # channels closer than this make a grey (black, grey and anti-aliasing)
BLACK_BELOW = 72  # a grey darker than this is black ink (7 is drawn at 0)
GREY_INK = (80, 150)  # a grey between these is grey ink (8 is drawn at 128, a light tile 192)
COLOURED_CHROMA = 64  # channels this far apart make a coloured ink (every classic one: 128)
CHANNEL_LEAD = 64  # blue's, red's or teal's channels lead the others by this much (128 at least)
GREEN_LEAD = 48  # green's channel leads by this much (2 is a dark green: 128 over 0)
TEAL_BALANCE = 48  # teal's green and blue channels differ by less than this (6: equal)
LIGHT_INK = 176  # a blue or red channel this bright is 1 or 3 (255); darker is 4 or 5 (128)


def classify_pixels(pixels: npt.NDArray[np.uint8]) -> npt.NDArray[np.int64]:
    """Ink class of each ``(..., 3)`` BGR pixel."""
    return _ink_table()[_quantised(pixels)].astype(np.int64)


def classify_colours(
    b: npt.NDArray[np.int64], g: npt.NDArray[np.int64], r: npt.NDArray[np.int64]
) -> npt.NDArray[np.int64]:
    """Ink class of each colour given as three channel arrays."""
    high = np.maximum(np.maximum(b, g), r)
    low = np.minimum(np.minimum(b, g), r)
    chroma = high - low
    ink = np.full(b.shape, NONE, dtype=np.int64)
    grey = chroma < GREY_CHROMA
    ink[grey & (high < BLACK_BELOW)] = BLACK
    ink[grey & (high >= GREY_INK[0]) & (high <= GREY_INK[1])] = GREY
    coloured = chroma >= COLOURED_CHROMA
    blue = coloured & (b - np.maximum(g, r) >= CHANNEL_LEAD)
    red = coloured & (r - np.maximum(g, b) >= CHANNEL_LEAD)
    green = coloured & (g - np.maximum(r, b) >= GREEN_LEAD)
    teal = coloured & (np.minimum(g, b) - r >= CHANNEL_LEAD) & (np.abs(g - b) < TEAL_BALANCE)
    ink[coloured] = OTHER
    ink[blue] = np.where(b[blue] >= LIGHT_INK, BLUE, NAVY)
    ink[red] = np.where(r[red] >= LIGHT_INK, RED, MAROON)
    ink[green] = GREEN
    ink[teal] = TEAL
    return ink


def _quantised(pixels: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint16]:
    """15-bit index (5 bits per channel) of each BGR pixel, for the lookup table."""
    return np.asarray(
        (pixels[..., 0].astype(np.uint16) >> 3) << 10
        | (pixels[..., 1].astype(np.uint16) >> 3) << 5
        | pixels[..., 2].astype(np.uint16) >> 3, dtype=np.uint16,
    )


@lru_cache(maxsize=1)
def _ink_table() -> npt.NDArray[np.uint8]:
    """Ink class of every 15-bit BGR colour (5 bits per channel, centre of each bin)."""
    levels = (np.arange(32) * 8 + 4).astype(np.int64)
    b, g, r = np.meshgrid(levels, levels, levels, indexing="ij")
    return classify_colours(b.ravel(), g.ravel(), r.ravel()).astype(np.uint8)
