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
    grey = chroma < 40
    ink[grey & (high < 72)] = BLACK
    ink[grey & (high >= 80) & (high <= 150)] = GREY
    coloured = chroma >= 64
    blue = coloured & (b - np.maximum(g, r) >= 64)
    red = coloured & (r - np.maximum(g, b) >= 64)
    green = coloured & (g - np.maximum(r, b) >= 48)
    teal = coloured & (np.minimum(g, b) - r >= 64) & (np.abs(g - b) < 48)
    ink[coloured] = OTHER
    ink[blue] = np.where(b[blue] >= 176, BLUE, NAVY)
    ink[red] = np.where(r[red] >= 176, RED, MAROON)
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
