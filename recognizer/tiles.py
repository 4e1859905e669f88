"""Find boards drawn as tiles: a lattice of flat patches, whatever separates them.

Many games draw no long lines: a checkerboard of two close colours, rounded tiles with
gaps, flat tiles with a 1 px line. What every look shares is that each closed cell is a
patch of one colour, of one size, at the points of a lattice. The search:

1. mark the pixels where the colour steps to the next pixel, or over two pixels (right
   or down), by more than ``TILE_STEP`` in any channel: two greens of a checkerboard
   differ by that much, a tile's own face does not;
2. take the connected patches of unmarked pixels; keep those of a cell's size and
   shape (mostly filling their box, not too elongated: a rounded tile fills 0.9 of it,
   a tile with a digit on it more than ``MIN_FILL``);
3. group the patches by size; the centres of each big group lie on a lattice: per axis,
   the distances between neighbouring centres give the pitch, a least-squares fit
   through every centre its start;
4. keep the rows and columns of the lattice where patches sit (opened cells of some
   looks merge into one patch, so a row is kept when a few of its cells hold one, and
   one inside the board when any does).

The lattices are ranked by how many patches they hold. Reading the cells
(:mod:`recognizer.reader`) decides which, if any, is a board.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from sweeper.recognizer.cell_support import longest_true_run
from sweeper.recognizer.geometry import BoardGeometry
from sweeper.recognizer.image_io import Image

TILE_STEP = 4  # colour change (largest channel) between neighbouring pixels that ends a patch
MIN_TILE = 6.0  # px: the smallest side of a tile's patch (a 10 px cell with its border)
MAX_TILE = 100.0  # px: the largest (a 64 px cell at a device scale of 1.5)
MIN_FILL = 0.55  # share of its box a tile's patch covers at least (a digit takes the rest)
MAX_ASPECT = 1.8  # a tile's longer side is at most this many times its shorter
SIZE_TOLERANCE = 0.12  # patches of one group differ in size by at most this share
MIN_GROUP = 12  # patches that make a lattice worth trying
ON_LATTICE = 0.2  # of the pitch: how far a patch's centre may be from its lattice point
MIN_ROW_SHARE = 0.1  # of a row's (column's) cells that must hold a patch for it to end the
# board (inside it, one patch is enough: a flat look's opened region draws none); a tenth,
# as a loss that opens every cell leaves patches only where it shows mines as squares,
# 3 of a row's 30 on an expert board (a fifth of its cells are mines)
MIN_CELLS = 5  # fewest rows and columns of a board drawn as tiles (a smaller block of
# same-sized patches is a widget: a palette, a keypad, a bit of a calendar)
MAX_GROUPS = 3  # size groups tried, the biggest first
SAME_POSITION = 0.2  # of a tile: centres this close along an axis are one position
MAX_PITCH_EXTRA = 3  # px a pitch may exceed MAX_PITCH tiles (see there)
MIN_PITCH = 0.9  # a lattice's pitch is at least this many tiles (patches blend at edges) ...
MAX_PITCH = 2.2  # ... and at most this many, and 3 px (gaps and lines; an emoji tile's
# flat middle is 12 px of a 25 px pitch, its bevel and the gap the rest)

FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True)
class _Patches:
    """Centres and sizes of one group of same-sized patches."""

    x: FloatArray
    y: FloatArray
    width: float
    height: float


def locate_tile_boards(image: Image) -> list[tuple[int, BoardGeometry]]:
    """Every lattice of same-sized flat patches in ``image``, with the number of
    patches it holds, the most populated first."""
    stats, centres = _patches(image)
    found: list[tuple[int, BoardGeometry]] = []
    for group in _size_groups(stats, centres)[:MAX_GROUPS]:
        lattice = _lattice_of(group)
        if lattice is not None:
            found.append(lattice)
    found.sort(key=lambda item: -item[0])
    return found


def _patches(image: Image) -> tuple[npt.NDArray[np.int32], FloatArray]:
    """Stats (x, y, w, h, area) and centres of the flat patches of a cell's size."""
    pixels = image.astype(np.int16)
    step = np.zeros(image.shape[:2], np.bool_)
    step[:, :-1] |= np.abs(np.diff(pixels, axis=1)).max(axis=2) > TILE_STEP
    step[:-1, :] |= np.abs(np.diff(pixels, axis=0)).max(axis=2) > TILE_STEP
    # over two pixels too: a boundary scaled by a fractional factor is blended over one
    step[:, 1:-1] |= np.abs(pixels[:, 2:] - pixels[:, :-2]).max(axis=2) > TILE_STEP
    step[1:-1, :] |= np.abs(pixels[2:, :] - pixels[:-2, :]).max(axis=2) > TILE_STEP
    flat = (~step).astype(np.uint8)
    _, _, stats, _ = cv2.connectedComponentsWithStats(flat, connectivity=4)
    w, h, area = stats[:, 2], stats[:, 3], stats[:, 4]
    shorter, longer = np.minimum(w, h), np.maximum(w, h)
    keep = ((shorter >= MIN_TILE) & (longer <= MAX_TILE) & (longer <= MAX_ASPECT * shorter)
            & (area >= MIN_FILL * w * h))
    keep[0] = False  # label 0 is the marked pixels
    # a patch's box centre, not its mass centre: a digit on a tile leaves a hole
    boxes = np.asarray(stats[keep], np.int32)
    middles = np.stack([boxes[:, 0] + (boxes[:, 2] - 1) / 2,
                        boxes[:, 1] + (boxes[:, 3] - 1) / 2], axis=1)
    return boxes, np.asarray(middles, np.float64)


def _size_groups(stats: npt.NDArray[np.int32], centres: FloatArray) -> list[_Patches]:
    """Groups of patches of about one size, the biggest group first."""
    remaining = np.arange(len(stats))
    groups: list[_Patches] = []
    while remaining.size >= MIN_GROUP:
        w = stats[remaining, 2].astype(np.float64)
        h = stats[remaining, 3].astype(np.float64)
        sizes = np.stack([w, h], axis=1)
        # the commonest size: the one with the most patches within tolerance of it
        near = (np.abs(sizes[:, None, :] - sizes[None, :, :])
                <= SIZE_TOLERANCE * sizes[:, None, :] + 1).all(axis=2)
        best = int(np.argmax(near.sum(axis=1)))
        members = remaining[near[best]]
        if members.size < MIN_GROUP:
            break
        groups.append(_Patches(centres[members, 0], centres[members, 1],
                               float(np.median(stats[members, 2])),
                               float(np.median(stats[members, 3]))))
        remaining = remaining[~near[best]]
    return groups


def _lattice_of(group: _Patches) -> tuple[int, BoardGeometry] | None:
    """The lattice the group's centres lie on, cut to the rows and columns they fill."""
    columns = _axis(group.x, group.width)
    rows = _axis(group.y, group.height)
    if columns is None or rows is None:
        return None
    (x0, pitch_x), (y0, pitch_y) = columns, rows
    col = np.round((group.x - x0) / pitch_x)
    row = np.round((group.y - y0) / pitch_y)
    on = ((np.abs(group.x - (x0 + col * pitch_x)) <= ON_LATTICE * pitch_x)
          & (np.abs(group.y - (y0 + row * pitch_y)) <= ON_LATTICE * pitch_y))
    if on.sum() < MIN_GROUP:
        return None
    col, row = col[on].astype(np.int64), row[on].astype(np.int64)
    col -= col.min()
    row -= row.min()
    filled = np.zeros((row.max() + 1, col.max() + 1), np.bool_)
    filled[row, col] = True
    rows, columns = _held_run(filled.mean(axis=1)), _held_run(filled.mean(axis=0))
    if rows is None or columns is None:
        return None
    (top, bottom), (left, right) = rows, columns
    first_x = x0 + (float(np.round((group.x[on] - x0) / pitch_x).min()) + left) * pitch_x
    first_y = y0 + (float(np.round((group.y[on] - y0) / pitch_y).min()) + top) * pitch_y
    geometry = BoardGeometry.regular(
        left=first_x - pitch_x / 2 + 0.5, top=first_y - pitch_y / 2 + 0.5,
        pitch_x=pitch_x, pitch_y=pitch_y,
        rows=bottom - top + 1, cols=right - left + 1)
    held = int(filled[top:bottom + 1, left:right + 1].sum())
    return held, geometry


def _held_run(shares: FloatArray) -> tuple[int, int] | None:
    """The first and last of the longest run of rows (columns) that each hold a patch,
    cut back at both ends to ones where ``MIN_ROW_SHARE`` of the cells hold one; None if
    fewer than ``MIN_CELLS`` are left. Where a flat look's opened region spans the
    board, its rows (columns) hold few closed tiles, but the board goes on past them."""
    run = longest_true_run(shares > 0)
    if run is None:
        return None
    ends = np.nonzero(shares[run[0]:run[1] + 1] >= MIN_ROW_SHARE)[0]
    if ends.size == 0 or ends[-1] - ends[0] + 1 < MIN_CELLS:
        return None
    return run[0] + int(ends[0]), run[0] + int(ends[-1])


def _axis(centres: FloatArray, size: float) -> tuple[float, float] | None:
    """``(start, pitch)`` of the evenly spaced positions the centres sit at.

    Centres within a fifth of a tile of each other are one position; the pitch is the
    commonest distance between neighbouring positions (``MIN_PITCH`` to ``MAX_PITCH``
    tiles: gaps, lines), refined by a least-squares fit through every centre.
    """
    ordered = np.sort(centres)
    breaks = np.nonzero(np.diff(ordered) > SAME_POSITION * size)[0]
    positions = np.array([part.mean() for part in np.split(ordered, breaks + 1)])
    if positions.size < MIN_CELLS:
        return None
    steps = np.diff(positions)
    plausible = steps[(steps >= size * MIN_PITCH) & (steps <= size * MAX_PITCH + MAX_PITCH_EXTRA)]
    if plausible.size == 0:
        return None
    pitch = float(np.median(plausible))
    index = np.round((centres - centres.min()) / pitch)
    if np.ptp(index) < 1:
        return None
    slope, start = np.polyfit(index, centres, 1)
    return float(start), float(slope)
