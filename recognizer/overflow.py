"""Symbols bigger than their cells: digits cut off by their cell, and their spilled feet.

Some games draw a digit bigger than its cell, from the cell's top left (xbomb's big
digits): the cell shows the digit cut off (a 2 without its foot looks like a 7), and the
foot lies in the top of the cell below, where it stays until that cell is drawn again.
So, for naming a new picture:

- a symbol that runs down to its cell's bottom edge (the grid line left out) is never
  named from its cut picture as if it were whole: it is seen whole, its foot joined on
  across the grid line, where the cell below shows nothing but that foot (plain beneath
  a band at its top), and named from its top against references cut alike;
- a cell with a foot at its top (ink in the colour of the symbol above, where that
  symbol runs down to its cell's bottom edge) that cannot be named as it is, is named
  without the foot (painted over with the face below it), or else read as the known
  tile it shows below the foot (compared there only, as a template is matched). The
  foot is taken away only then: the top of a 1 under a 1 is in the same colour.

Grid lines are told by the board: a line is a row (column) of pixels of one colour
across the whole board, so a digit's foot drawn as a bar across one cell is none. A
symbol that keeps off its cell's bottom edge (every classic look's) is left as it is.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np
import numpy.typing as npt

from sweeper.recognizer import ink
from sweeper.recognizer.geometry import BoardGeometry
from sweeper.recognizer.image_io import Image, as_image
from sweeper.recognizer.learned import MATCH_DISTANCE, MIN_LEAD
from sweeper.recognizer.looks import (
    INK_DIFF,
    MARGIN,
    MIN_INK_PIXELS,
    TileLook,
    look_at,
    undithered,
)
from sweeper.recognizer.naming import INK_BLENDS
from sweeper.recognizer.sampling import native_box

SPILL_BAND = 0.4  # share of the cell below, from its top, a spilled foot may cover (xbomb's
# digits overrun their 20 px cells by 6 px: 0.3)
LINE_ROWS = 0.2  # share of a cell's height (width) at each side where its grid line may lie
LINE_UNIFORM = 0.5  # a grid line's row (column) is over half of one colour, board-wide (a
# foot drawn across one cell is far less; a lost xbomb game leaves its mines' cells out: 0.6)
CELL_LINE_UNIFORM = 0.8  # ... and this much of one colour across its cell
EDGE_ROWS = 2  # a symbol that has ink in this many rows above its cell's bottom edge (the
# grid line left out) runs down to it; a classic digit keeps a quarter of the cell off it

Pixels = npt.NDArray[np.int16]
Mask = npt.NDArray[np.bool_]
Sides = tuple[int, int, int, int]  # pixels of grid line at the bottom, left, top, right


class Overflow:
    """Cut symbols and spilled feet on one screenshot's board."""

    def __init__(self, picture: Image, geometry: BoardGeometry) -> None:
        self.picture = picture
        self.geometry = geometry
        self._board_rows: dict[int, bool] = {}  # image row (column): a line across the board
        self._board_cols: dict[int, bool] = {}
        self._cells: dict[tuple[int, int], Image] = {}
        self._looks: dict[tuple[int, int], TileLook] = {}

    # ------------------------------------------------------------ cells

    def cell(self, row: int, col: int) -> Image:
        """Cell ``(row, col)``, undithered."""
        if (row, col) not in self._cells:
            self._cells[row, col] = undithered(self._raw(row, col))
        return self._cells[row, col]

    def look(self, row: int, col: int) -> TileLook:
        """The look of cell ``(row, col)`` as it is."""
        if (row, col) not in self._looks:
            self._looks[row, col] = look_at(self.cell(row, col))
        return self._looks[row, col]

    def cut_by_cell(self, row: int, col: int, look: TileLook) -> bool:
        """Whether the symbol of cell ``(row, col)`` (``look``: its look) runs over its
        cell's bottom edge: a picture of part of a symbol. (Its right edge alone says
        nothing: a neighbour's symbol of the same colour may reach into it, as a
        Google-style look's coloured mines do.)"""
        return self._runs_over(row, col, look, bottom=True)

    def cut_symbol(self, row: int, col: int, look: TileLook) -> Image | None:
        """The symbol of cell ``(row, col)`` as far as the cell shows it, its grid lines
        left out, in a frame of its face; None unless it runs over the cell's bottom edge
        (a digit cut off at its foot, and maybe at its right side)."""
        if not self._runs_over(row, col, look, bottom=True):
            return None
        bottom, left, top, right = self._sides(row, col, look)
        cell = self.cell(row, col)
        kept = cell[top:cell.shape[0] - bottom, left:cell.shape[1] - right].astype(np.int16)
        return _framed(kept, look.face.astype(np.int16))

    def whole_symbol(self, row: int, col: int, look: TileLook) -> Image | None:
        """Cell ``(row, col)`` (``look``: its look) with the foot of its symbol that
        spilled into the cell below joined on, the grid lines left out; None unless the
        symbol runs over its cell's bottom edge and the cell below shows nothing but its
        foot."""
        if row + 1 >= self.geometry.rows or not self._runs_over(row, col, look, bottom=True):
            return None
        below = self.cell(row + 1, col)
        band_height = int(np.ceil(SPILL_BAND * below.shape[0]))
        rest = look_at(below[band_height:])
        cell = self.cell(row, col)
        if below.shape[1] != cell.shape[1] or rest.has_ink:
            return None
        spill = self._foot(row + 1, col, below, look)
        if int(spill.sum()) < MIN_INK_PIXELS:
            return None
        first = int(np.argmax(spill.any(axis=1)))  # the rows above it: the grid line
        band = below[first:band_height].astype(np.int16)
        face = look.face.astype(np.int16)
        foot = np.where(spill[first:, :, None], band, face[None, None, :])
        bottom, left, top, right = self._sides(row, col, look)
        whole = np.vstack([cell[top:cell.shape[0] - bottom].astype(np.int16), foot])
        return _framed(whole[:, left:whole.shape[1] - right], face)

    def spilled_into(self, row: int, col: int) -> bool:
        """Whether the top of cell ``(row, col)`` shows a foot the cell above spilled."""
        return bool(self._spill_from_above(row, col).any())

    def own_picture(self, row: int, col: int) -> Image:
        """Cell ``(row, col)`` without the foot the symbol of the cell above spilled into
        it (painted over with the face below it), undithered."""
        cell = self._raw(row, col)
        spill = self._spill_from_above(row, col)
        if not spill.any():
            return undithered(cell)
        band_height = spill.shape[0]
        cleaned = cell.astype(np.int16)
        cleaned[:band_height][spill] = look_at(cell[band_height:]).face.astype(np.int16)
        return undithered(as_image(cleaned.astype(np.uint8)))

    def kind_beneath_spill(self, row: int, col: int,
                           templates: Sequence[tuple[str, Image]]) -> str | None:
        """The type of the one template (``(kind, picture)`` pairs) that cell ``(row,
        col)`` shows below the foot the cell above spilled into its top, compared there
        only (the cell's own top is covered); None if there is no foot or no clear match."""
        if not templates or not self.spilled_into(row, col):
            return None
        cell = self.cell(row, col)
        height, width = cell.shape[:2]
        top = int(np.ceil(SPILL_BAND * height))
        rest = cell[top:].astype(np.float32)
        nearest: dict[str, float] = {}
        for kind, template in templates:
            seen = undithered(as_image(cv2.resize(template, (width, height),
                                                  interpolation=cv2.INTER_AREA)))
            distance = float(np.sqrt(((seen[top:].astype(np.float32) - rest) ** 2).mean()))
            nearest[kind] = min(nearest.get(kind, np.inf), distance)
        ranked = sorted(nearest.items(), key=lambda item: item[1])
        best, distance = ranked[0]
        lead = ranked[1][1] - distance if len(ranked) > 1 else np.inf
        return best if distance <= MATCH_DISTANCE and lead >= MIN_LEAD else None

    # ------------------------------------------------------------ parts

    def _raw(self, row: int, col: int) -> Image:
        return native_box(self.picture, self.geometry.cell_box(row, col))

    def _spill_from_above(self, row: int, col: int) -> Mask:
        """Which pixels of the top band (``SPILL_BAND``) of cell ``(row, col)`` are the
        foot the symbol of the cell above spilled into it (all False if none)."""
        cell = self._raw(row, col)
        band_height = int(np.ceil(SPILL_BAND * cell.shape[0]))
        if row == 0:
            return np.zeros((band_height, cell.shape[1]), np.bool_)
        above = self.look(row - 1, col)
        if not self._runs_over(row - 1, col, above, bottom=True):
            return np.zeros((band_height, cell.shape[1]), np.bool_)
        return self._foot(row, col, cell, above)

    def _foot(self, row: int, col: int, cell: Image, symbol: TileLook) -> Mask:
        """Which pixels of the top band of cell ``(row, col)`` (its picture ``cell``) are
        ink in the colour of ``symbol``, against the face below the band, its grid lines
        left out (a game may draw them in a digit's colour: xbomb's turn green at a
        game's end)."""
        band_height = int(np.ceil(SPILL_BAND * cell.shape[0]))
        band = cell[:band_height].astype(np.int16)
        rest = look_at(cell[band_height:])
        foot = _ink(band, rest.face) & _of_colour(band, symbol)
        _, left, top, right = self._sides(row, col, rest)
        foot[:top] = False
        foot[:, :left] = False
        foot[:, foot.shape[1] - right:] = False
        return foot

    def _runs_over(self, row: int, col: int, look: TileLook, bottom: bool) -> bool:
        """Whether ``look``'s symbol has ink in every one of the last ``EDGE_ROWS`` rows
        (columns) of cell ``(row, col)`` before its bottom (right) grid line."""
        if not look.has_ink:
            return False
        cell = self.cell(row, col).astype(np.int16)
        height, width = cell.shape[:2]
        reach = int(np.ceil(LINE_ROWS * (height if bottom else width))) + EDGE_ROWS
        near = cell[height - reach:] if bottom else cell[:, width - reach:]
        marked = _ink(near, look.face) & _of_colour(near, look, shades=False)
        if np.count_nonzero(marked.any(axis=1 if bottom else 0)) < EDGE_ROWS:
            return False  # no ink near that edge: no need to find its grid line
        below, left, top, right = self._sides(row, col, look)
        if bottom:
            edge = cell[height - below - EDGE_ROWS:height - below, left:width - right]
            axis = 1
        else:
            edge = cell[top:height - below, width - right - EDGE_ROWS:width - right]
            axis = 0
        # in the symbol's own colour only: a grey line is a shade of a black digit
        marked = _ink(edge, look.face) & _of_colour(edge, look, shades=False)
        return bool(marked.size) and bool(marked.any(axis=axis).all())

    def _board_line(self, index: int, across: bool) -> bool:
        """Whether image row ``index`` (with ``across``, else column) is a line across the
        board: ``LINE_UNIFORM`` of it of one colour (worked out once, when first asked)."""
        known = self._board_rows if across else self._board_cols
        if index not in known:
            geometry = self.geometry
            x0, y0 = geometry.cell_box(0, 0)[:2]
            x1, y1 = geometry.cell_box(geometry.rows - 1, geometry.cols - 1)[2:]
            box = (x0, index, x1, index + 1) if across else (index, y0, index + 1, y1)
            line = native_box(self.picture, box).astype(np.int16).reshape(1, -1, 3)
            known[index] = bool(_uniform_lines(line, LINE_UNIFORM)[1][0])
        return known[index]

    def _sides(self, row: int, col: int, look: TileLook) -> Sides:
        """Pixels of grid line at the bottom, left, top and right of cell ``(row, col)``:
        rows (columns) of one colour unlike ``look``'s face, each a line across the
        board or part of a frame round the cell (its first and last row of one colour)."""
        x0, y0, x1, y1 = self.geometry.cell_box(row, col)
        reach_y = int(np.ceil(LINE_ROWS * (y1 - y0)))
        reach_x = int(np.ceil(LINE_ROWS * (x1 - x0)))
        cell = self._raw(row, col).astype(np.int16)
        face = look.face
        rows = _lines_of(cell, self._edges(y0, y1, reach_y, across=True), face)
        cols = _lines_of(cell.transpose(1, 0, 2), self._edges(x0, x1, reach_x, across=False),
                         face)
        return (_run(rows[::-1], reach_y), _run(cols, reach_x), _run(rows, reach_y),
                _run(cols[::-1], reach_x))


    def _edges(self, start: int, end: int, reach: int, across: bool) -> Mask:
        """Which image rows (columns) from ``start`` to ``end`` are lines across the
        board, looked up within ``reach`` of either end only (no line lies further in)."""
        wide = np.zeros(end - start, np.bool_)
        for offset in (*range(min(reach, wide.size)), *range(max(0, wide.size - reach),
                                                              wide.size)):
            wide[offset] = self._board_line(start + offset, across)
        return wide


def _lines_of(cell: Pixels, board_wide: Mask, face: npt.NDArray[np.float32]) -> list[bool]:
    """Per row of ``cell``: whether it is a line, of one colour unlike ``face``, across
    the board (``board_wide``) or framing the cell (its first and last rows of that
    colour)."""
    colours, uniform = _uniform_lines(cell, CELL_LINE_UNIFORM)
    unlike = np.abs(colours - face).max(axis=1) > INK_DIFF
    framed = bool(uniform[0] and uniform[-1]) and float(
        np.abs(colours[0] - colours[-1]).max()) <= INK_DIFF / 2
    frame = framed & (np.abs(colours - colours[0]).max(axis=1) <= INK_DIFF / 2)
    wide = np.zeros(len(colours), np.bool_)
    wide[:min(board_wide.size, wide.size)] = board_wide[:wide.size]
    return [bool(v) for v in uniform & unlike & (wide | frame)]


def _uniform_lines(pixels: Pixels, share: float) -> tuple[Pixels, Mask]:
    """Per row of ``pixels``: its colour (of the pixels at a quarter, half and three
    quarters of its length, the one most of the row shares), and whether ``share`` of the
    row is that colour."""
    length = pixels.shape[1]
    candidates = pixels[:, [length // 4, length // 2, 3 * length // 4]]  # (rows, 3, 3)
    near = np.abs(pixels[:, None, :, :] - candidates[:, :, None, :]).max(axis=3) <= INK_DIFF / 2
    shares = near.mean(axis=2)  # (rows, 3)
    best = shares.argmax(axis=1)
    rows = np.arange(pixels.shape[0])
    return candidates[rows, best], np.asarray(shares[rows, best] >= share)


def _run(flags: list[bool], reach: int) -> int:
    """How many of ``flags`` are True from the first on (at most ``reach``)."""
    count = 0
    for flag in flags[:reach]:
        if not flag:
            break
        count += 1
    return count


def _ink(pixels: Pixels, face: npt.NDArray[np.float32]) -> Mask:
    """Which ``pixels`` stand out from ``face`` as ink."""
    return np.asarray(np.abs(pixels - face.astype(np.int16)).max(axis=2) > INK_DIFF)


def _of_colour(pixels: Pixels, look: TileLook, shades: bool = True) -> Mask:
    """Which ``pixels`` are of the colour of ``look``'s symbol (with ``shades``, or the
    shades it blends into): a grid line or a face of another colour is no part of it
    (none, if the symbol has no colour class of its own: it is then no digit bigger than
    its cell)."""
    main = look.main_ink
    if main in (ink.NONE, ink.OTHER):
        return np.zeros(pixels.shape[:2], np.bool_)
    flat = np.clip(pixels.reshape(-1, 3), 0, 255).astype(np.uint8)
    classes = ink.classify_pixels(flat).reshape(pixels.shape[:2])
    return np.isin(classes, (main, *(INK_BLENDS.get(main, ()) if shades else ())))


def _framed(symbol: Pixels, face: Pixels) -> Image:
    """``symbol`` with a border of ``face`` round it wide enough that a look's middle
    (``looks.MARGIN`` of each side left out) holds all of it."""
    height, width = symbol.shape[:2]
    pad_y = int(np.ceil(MARGIN * height / (1 - 2 * MARGIN))) + 1
    pad_x = int(np.ceil(MARGIN * width / (1 - 2 * MARGIN))) + 1
    framed = np.empty((height + 2 * pad_y, width + 2 * pad_x, 3), np.int16)
    framed[:] = face
    framed[pad_y:pad_y + height, pad_x:pad_x + width] = symbol
    return as_image(np.clip(framed, 0, 255).astype(np.uint8))
