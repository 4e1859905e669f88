"""The classic colour conventions: which "ink" a cell is drawn with.

Classic Minesweeper draws 1 blue, 2 green, 3 red, 4 navy, 5 maroon, 6 teal, 7 black and
8 grey on light grey tiles. Every pixel in the middle of a cell is sorted into one of
these inks (or none: the grey background, white highlights, bevels) with a lookup table
over 15-bit colour, so a whole board is classified in one vectorised pass. Ink class
``n`` (1..8) is the colour of the digit ``n``; the tolerances accept the greys and
anti-aliasing of other classic-looking games.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

NONE = 0
BLUE, GREEN, RED, NAVY, MAROON, TEAL, BLACK, GREY = range(1, 9)
OTHER = 9  # saturated but none of the above (yellow, magenta, ...)
INK_COUNT = 10
INK_NAMES = ("none", "blue", "green", "red", "navy", "maroon", "teal", "black", "grey", "other")

DOMINANT_SHARE = 0.05  # of a cell's middle that one ink must cover to count
PRESENT_SHARE = 0.03  # of a tile's middle that an ink must cover to be part of the tile
SHARE_RATIO = 3.0  # how much more or less of its main ink a cell may show than its tile
# Inks that appear where another is anti-aliased against the grey background.
BLENDS = {BLACK: (GREY,)}


@dataclass(frozen=True)
class InkProfile:
    """The inks of a set of cells or tiles: ``main`` (N,), ``present`` and ``share`` (N, INKS)."""

    main: npt.NDArray[np.int64]
    present: npt.NDArray[np.bool_]
    share: npt.NDArray[np.float64]


def ink_profile(cells: npt.NDArray[np.uint8]) -> InkProfile:
    """The ink profile of ``(N, S, S, 3)`` cells."""
    counts = ink_counts(cells)
    share = counts / np.maximum(counts.sum(axis=1, keepdims=True), 1)
    return InkProfile(dominant_ink(counts), inks_present(counts), share)


def compatible(cells: InkProfile, tiles: InkProfile, check_share: npt.NDArray[np.bool_]
               ) -> npt.NDArray[np.bool_]:
    """``(cells, tiles)``: whether each cell shows the same inks as each tile.

    Same main ink; every ink of the tile present in the cell and no other ink in the cell
    (inks that only arise from anti-aliasing another are optional on both sides); and,
    for tiles with ``check_share``, about as much of the main ink (within a factor of
    ``SHARE_RATIO``), so a red exploded-mine background is not a red cross.
    """
    optional = np.zeros_like(tiles.present)
    for ink, partners in BLENDS.items():
        for partner in partners:
            optional[:, partner] |= tiles.present[:, ink]
    core = tiles.present & ~optional
    allowed = tiles.present | optional
    cell_present = cells.present.astype(np.int32)
    has_core = (cell_present @ core.T.astype(np.int32)) == core.sum(axis=1)[None, :]
    nothing_else = (cell_present @ (~allowed).T.astype(np.int32)) == 0
    same_main = cells.main[:, None] == tiles.main[None, :]
    tile_share = tiles.share[np.arange(tiles.main.size), tiles.main]
    cell_share = cells.share[:, tiles.main]
    ratio = cell_share / np.maximum(tile_share, 1e-6)[None, :]
    share_ok = ~check_share[None, :] | (tiles.main[None, :] == NONE) | (
        (ratio >= 1 / SHARE_RATIO) & (ratio <= SHARE_RATIO))
    return np.asarray(same_main & has_core & nothing_else & share_ok, dtype=np.bool_)


def middle(cells: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """The middle of each cell (bevels and grid lines cut away): ``(..., S, S, 3)`` in."""
    size = cells.shape[-2]
    margin = max(2, round(size * 0.2))
    return cells[..., margin:size - margin + 1, margin:size - margin + 1, :]


def ink_counts(cells: npt.NDArray[np.uint8]) -> npt.NDArray[np.int64]:
    """Per cell, how many middle pixels show each ink: ``(N, S, S, 3)`` -> ``(N, INK_COUNT)``."""
    inner = middle(cells)
    count = inner.shape[0]
    quantised = (
        (inner[..., 0].astype(np.uint16) >> 3) << 10
        | (inner[..., 1].astype(np.uint16) >> 3) << 5
        | inner[..., 2].astype(np.uint16) >> 3
    )
    inks = _ink_table()[quantised.reshape(count, -1)]
    flat = (inks + INK_COUNT * np.arange(count)[:, None]).ravel()
    return np.bincount(flat, minlength=count * INK_COUNT).reshape(count, INK_COUNT)


def dominant_ink(counts: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Per cell, the ink covering most of its middle, or NONE if no ink covers enough."""
    area = counts.sum(axis=1)
    inked = counts[:, 1:]
    best = inked.argmax(axis=1) + 1
    enough = inked.max(axis=1) >= DOMINANT_SHARE * np.maximum(area, 1)
    return np.where(enough, best, NONE)


def inks_present(counts: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
    """Per tile, which inks are clearly part of it: ``(N, INK_COUNT)`` booleans."""
    area = counts.sum(axis=1, keepdims=True)
    present = counts >= np.maximum(PRESENT_SHARE * area, 2)
    present[:, NONE] = False
    return np.asarray(present, dtype=np.bool_)


@lru_cache(maxsize=1)
def _ink_table() -> npt.NDArray[np.int64]:
    """Ink class of every 15-bit BGR colour (5 bits per channel, centre of each bin)."""
    levels = (np.arange(32) * 8 + 4).astype(np.int64)
    b, g, r = np.meshgrid(levels, levels, levels, indexing="ij")
    return classify_colours(b.ravel(), g.ravel(), r.ravel())


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
