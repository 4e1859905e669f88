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

# Of each side of a cell, this share is left out of its middle: bevels, grid lines and
# xdemineur's bevel-plus-line (4 of its 21 px) all stay outside.
MIDDLE_MARGIN = 0.25
DOMINANT_SHARE = 0.05  # of a cell's middle that one ink must cover to count
PRESENT_SHARE = 0.03  # of a cell's middle that an ink must cover to be present
TRACE_SHARE = 0.01  # of a tile's middle that an ink must cover to be allowed at all
REQUIRED_SHARE = 0.15  # of a tile's middle that an ink must cover to be required
SHARE_RATIO = 1.7  # how much more or less of its main ink a cell may show than its tile
# Inks that appear where another is anti-aliased: black against the grey background
# looks grey, red or blue against black look maroon or navy.
BLENDS = {BLACK: (GREY,), RED: (MAROON,), BLUE: (NAVY,)}
# Thin anti-aliased black strokes can even show more grey than black.
MAIN_BLENDS = {BLACK: (GREY,)}

BoolArray = npt.NDArray[np.bool_]


@dataclass(frozen=True)
class CellInks:
    """Per cell: the main ink, the inks present, and each ink's share of the middle."""

    main: npt.NDArray[np.int64]  # (N,)
    present: BoolArray  # (N, INK_COUNT)
    share: npt.NDArray[np.float64]  # (N, INK_COUNT)


@dataclass(frozen=True)
class TileInks:
    """Per tile: the inks a matching cell's main ink may be (``core``), the inks it must
    show (``required``) and the inks it may show at all (``allowed``)."""

    main: npt.NDArray[np.int64]  # (T,)
    core: BoolArray  # (T, INK_COUNT)
    required: BoolArray  # (T, INK_COUNT)
    allowed: BoolArray  # (T, INK_COUNT)
    main_share: npt.NDArray[np.float64]  # (T,)
    check_share: BoolArray  # (T,) compare the amount of main ink too


def read_inks(cells: npt.NDArray[np.uint8]) -> tuple[CellInks, Background]:
    """The inks and the background of ``(N, S, S, 3)`` cells, in one pass over them."""
    return read_middles(middle(cells).reshape(cells.shape[0], -1, 3))


def read_middles(inner: npt.NDArray[np.uint8]) -> tuple[CellInks, Background]:
    """:func:`read_inks` given only the middles of the cells, ``(N, P, 3)`` pixels each."""
    inks = _ink_table()[_quantised(inner)]
    return _inks_from(_counts(inks)), _background_from(inner, inks)


def cell_inks(cells: npt.NDArray[np.uint8]) -> CellInks:
    """The inks of ``(N, S, S, 3)`` cells."""
    return read_inks(cells)[0]


def _inks_from(counts: npt.NDArray[np.int64]) -> CellInks:
    share = counts / np.maximum(counts.sum(axis=1, keepdims=True), 1)
    present = share >= PRESENT_SHARE
    present[:, NONE] = False
    return CellInks(dominant_ink(counts), present, share)


def tile_inks(tiles: npt.NDArray[np.uint8], digits: list[int | None]) -> TileInks:
    """What cells matching each ``(T, S, S, 3)`` tile may show.

    The main ink and any covering a large share are required, and a cell's main ink
    must be one of them; any ink covering a trace of the tile is allowed, and so are inks
    that arise by blending an allowed one. The gap between required and allowed keeps an
    ink near a threshold from deciding. A digit (``digits[i]`` not None) must be drawn in
    one colour: its classic one, in whatever font, or the one the skin's own picture of
    it shows (xdemineur draws 5 to 8 in orchid, sea green, sienna and deep pink).
    """
    measured = cell_inks(tiles)
    allowed = measured.share >= TRACE_SHARE
    required = measured.share >= REQUIRED_SHARE
    required[np.arange(len(digits)), measured.main] = True
    core = required.copy()
    main = measured.main.copy()
    check_share = np.ones(len(digits), dtype=np.bool_)
    for index, digit in enumerate(digits):
        if digit is not None:
            own = measured.main[index]
            main[index] = digit if digit > 0 else NONE
            required[index] = core[index] = False
            core[index, digit] = core[index, own] = digit > 0
            # drawn in the classic colour: some of it must show, however thin the strokes
            required[index, digit] = digit > 0 and own == digit
            allowed[index] = core[index] | (allowed[index] & (digit > 0))
            check_share[index] = False
    for ink, partners in BLENDS.items():
        for partner in partners:
            allowed[allowed[:, ink], partner] = True
    for ink, partners in MAIN_BLENDS.items():
        for partner in partners:
            core[core[:, ink], partner] = True
    allowed[:, NONE] = required[:, NONE] = core[:, NONE] = False
    main_share = measured.share[np.arange(main.size), main]
    return TileInks(main, core, required, allowed, main_share, check_share)


def compatible(cells: CellInks, tiles: TileInks) -> BoolArray:
    """``(cells, tiles)``: whether each cell shows the inks each tile shows.

    The cell's main ink is one of the tile's core inks (none only for a tile without
    ink); the tile's required inks are present in the cell and nothing it does not allow;
    for tiles with ``check_share``, the cell shows about as much of the tile's main ink
    (within a factor of ``SHARE_RATIO``), so a red cross is not a red background.
    """
    present = cells.present.astype(np.int32)
    has_required = (present @ tiles.required.T.astype(np.int32)) == tiles.required.sum(axis=1)
    nothing_else = (present @ (~tiles.allowed).T.astype(np.int32)) == 0
    main_ok = np.where(
        cells.main[:, None] == NONE, tiles.main[None, :] == NONE, tiles.core[:, cells.main].T
    )
    ratio = cells.share[:, tiles.main] / np.maximum(tiles.main_share, 1e-6)[None, :]
    share_ok = ~tiles.check_share[None, :] | (tiles.main[None, :] == NONE) | (
        (ratio >= 1 / SHARE_RATIO) & (ratio <= SHARE_RATIO))
    return np.asarray(main_ok & has_required & nothing_else & share_ok, dtype=np.bool_)


# How far (per channel) a cell's background may be from its tile's: other games' greys
# pass, a light dialog box over the board does not.
BACKGROUND_TOLERANCE = 36.0
# Below this share of background in the middle (a mine fills it), no colour is compared.
MIN_BACKGROUND_SHARE = 0.3


@dataclass(frozen=True)
class Background:
    """Per cell: mean colour (BGR) of the ink-free pixels of its middle, and their share."""

    colour: npt.NDArray[np.float32]  # (N, 3)
    share: npt.NDArray[np.float32]  # (N,)


def background(cells: npt.NDArray[np.uint8]) -> Background:
    """The background behind the ink of ``(N, S, S, 3)`` cells."""
    return read_inks(cells)[1]


def _background_from(inner: npt.NDArray[np.uint8], inks: npt.NDArray[np.uint8]) -> Background:
    bare = (inks == NONE).astype(np.float32)
    count = bare.sum(axis=1)
    colour = np.einsum("npc,np->nc", inner.astype(np.float32), bare) / np.maximum(count, 1)[:, None]
    return Background(colour, count / inner.shape[1])


def same_background(cells: Background, tiles: Background) -> BoolArray:
    """``(cells, tiles)``: backgrounds of about the same colour (or too little to compare)."""
    distance = np.abs(cells.colour[:, None, :] - tiles.colour[None, :, :]).max(axis=2)
    comparable = (cells.share[:, None] >= MIN_BACKGROUND_SHARE) & (
        tiles.share[None, :] >= MIN_BACKGROUND_SHARE)
    return np.asarray(~comparable | (distance <= BACKGROUND_TOLERANCE), dtype=np.bool_)


def middle(cells: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """The middle of each cell (bevels and grid lines cut away): ``(..., S, S, 3)`` in."""
    span = middle_span(cells.shape[-2])
    return cells[..., span, span, :]


def middle_span(size: int) -> slice:
    """The rows (and columns) of a ``size``-px cell that make its middle."""
    margin = max(2, round(size * MIDDLE_MARGIN))
    return slice(margin, size - margin)


def _counts(inks: npt.NDArray[np.uint8]) -> npt.NDArray[np.int64]:
    """Per cell, how many pixels show each ink: ``(N, P)`` ink classes -> ``(N, INK_COUNT)``."""
    count = inks.shape[0]
    flat = (inks + INK_COUNT * np.arange(count, dtype=np.int64)[:, None]).ravel()
    return np.bincount(flat, minlength=count * INK_COUNT).reshape(count, INK_COUNT)


def dominant_ink(counts: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Per cell, the ink covering most of its middle, or NONE if no ink covers enough."""
    area = counts.sum(axis=1)
    inked = counts[:, 1:]
    best = inked.argmax(axis=1) + 1
    enough = inked.max(axis=1) >= DOMINANT_SHARE * np.maximum(area, 1)
    return np.where(enough, best, NONE)


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
