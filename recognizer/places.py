"""A picture no classic meaning names, named by where the board shows it.

Some looks draw their opened 0s and their flags as icons with no classic meaning (an
emoji look's 🐣 on an opened cell, its 🚧 on a closed one). The classic rules
(:mod:`recognizer.naming`) leave such a picture unnamed; its cells' neighbours, as the
rest of the board reads, may still leave it one meaning only:

- **an opened 0**: every cell of it has only opened cells round it (numbers, or cells of
  the same picture), at least one a number, and the picture is flat and not clearly a
  mine's or a "?"'s shape. In a game a cell so enclosed is a 0: a number counts a mine
  next to it, and a mine is closed, flagged or shown. A closed mine ringed by numbers is
  the exception, so a single such cell is never named (the pointer resting on one would
  make a picture of its own; ``MIN_ENCLOSED`` cells are); and the mines or flags a game
  shows at its end, each ringed by numbers, named 0 leave those numbers counting more
  mines than they touch, which the rules refuse.
- **a flag**: every cell of it touches a closed cell, and the picture is a mark no classic
  rule names: many-coloured (no digit's one ink), with some of a flag's red, shaped most
  like no mine and no "?", on a board that shows no mine (where a game is over, an
  unnamed symbol may be one of its mines). A 0 never touches a closed cell, and a digit
  is one colour. On a board with no closed cell left, where a game puts a flag on every
  mine at its win, the mark needs instead the numbers beside it to count its cells as
  their mines (:func:`_counted_as_mines`).
- **a mine**: on a board with no closed cell left, a picture shaped most like a mine
  whose cells the numbers count as their mines: a loss that opens every cell.

An opened 0 must also leave each number beside it as many cells that may be mines as
it says: a loss's mines, each ringed by numbers, pass as enclosed 0s otherwise.

The board's rules (:mod:`recognizer.rules`) then check the name as they check any other.
"""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from sweeper.core import FLAG, MINE, UNOPENED, neighbour_sums
from sweeper.recognizer import ink
from sweeper.recognizer.glyphs import score_shape
from sweeper.recognizer.looks import TileLook
from sweeper.recognizer.naming import MIN_SHAPE, ONE_INK, name_tile

MIN_ENCLOSED = 2  # cells of one picture enclosed by opened cells, at least, to be a 0: the
# pointer over a closed mine ringed by numbers makes one such picture, never two alike
MARK_RED = 0.05  # share of a mark's ink in a flag's red, at least (the 🚧's two lamps: 0.10;
# an emoji bomb's spark 0.07 to 0.08 is shaped as a mine and left out by that)
MIN_CHECKED = 0.9  # share of the numbers beside a mark on a board with no closed cell that
# must have every neighbour read, each then counting exactly its mines with the mark's
# cells: a few may touch a cell the pointer hides; with fewer checked, a cluster of 0s
# not yet named (each number beside it counting one or two of them) could pass as flags
NOT_MARKS = ("mine", "crossed", "?")  # shapes a mark on a closed cell other than a flag has

Grid = npt.NDArray[np.bool_]


def named_by_place(look: TileLook, members: npt.NDArray[np.int64], codes: npt.NDArray[np.int8],
                   readable: Grid, shape: tuple[int, int]) -> str | None:
    """The type of a picture the classic rules leave unnamed (``look``, shown on the cells
    ``members``, row by row), given how the rest of the board reads (``codes`` where
    ``readable``, both flat): "0", "flag", "mine" or None."""
    if not look.has_ink or name_tile(look).kind is not None:
        return None
    grid_codes, grid_readable = codes.reshape(shape), readable.reshape(shape)
    own = np.zeros(codes.size, np.bool_)
    own[members] = True
    own_grid = own.reshape(shape)
    opened = (grid_codes >= 0) & grid_readable & ~own_grid
    closed = (grid_codes == UNOPENED) & grid_readable & ~own_grid
    if members.size >= MIN_ENCLOSED and _opened_icon(look) and _enclosed(
            own_grid, opened, grid_codes) and _mines_left_round_numbers(
            own_grid, grid_codes, grid_readable):
        return "0"
    if _mark(look) and not ((grid_codes == MINE) & grid_readable).any() and (
            _all_touch(own_grid, closed) if closed.any()
            else _counted_as_mines(own_grid, grid_codes, grid_readable)):
        return "flag"  # beside closed cells, or, none left, the flags a game puts on a win
    if not closed.any() and _mine_shaped(look) and _counted_as_mines(
            own_grid, grid_codes, grid_readable):
        return "mine"  # none closed: the mines a game shows when a loss opens every cell
    return None


def _mines_left_round_numbers(own: Grid, codes: npt.NDArray[np.int8], readable: Grid) -> bool:
    """Whether, the cells ``own`` taken as opened 0s, each number beside them still has as
    many neighbours that may be mines (closed, flagged, shown or unread) as it says: the
    mines a loss shows ringed by numbers, taken as 0s, would leave those numbers none."""
    may_be_mines = (((codes < 0) & readable) | ~readable) & ~own
    numbers = (codes > 0) & readable & ~own & _dilated(own)
    return bool(np.all(neighbour_sums(may_be_mines)[numbers] >= codes[numbers]))


def _counted_as_mines(own: Grid, codes: npt.NDArray[np.int8], readable: Grid) -> bool:
    """Whether the numbers beside the cells ``own`` count them as mines: with them, no
    number has more mines round it than it says, and those with every neighbour read (at
    least ``MIN_CHECKED`` of them) have exactly as many."""
    mines = own | (((codes == FLAG) | (codes == MINE)) & readable)
    around, unread = neighbour_sums(mines), neighbour_sums(~readable & ~own)
    numbers = (codes > 0) & readable & ~own & _dilated(own)
    if not numbers.any():
        return False
    values, counted = codes[numbers], around[numbers]
    checked = unread[numbers] == 0
    return bool(np.all(counted <= values) and np.all(counted[checked] == values[checked])
                and checked.mean() >= MIN_CHECKED)


def _enclosed(own: Grid, opened: Grid, codes: npt.NDArray[np.int8]) -> bool:
    """Whether every neighbour of the cells ``own`` is opened or one of them, and some
    neighbour is a number."""
    ring = _dilated(own) & ~own
    return bool(np.all(opened[ring]) and np.any(codes[ring] > 0))


def _all_touch(own: Grid, closed: Grid) -> bool:
    """Whether every cell of ``own`` has a ``closed`` neighbour."""
    return bool(np.all(_dilated(closed)[own]))


def _opened_icon(look: TileLook) -> bool:
    """Whether a picture may be an opened cell's: flat (a raised tile is closed), and not
    clearly shaped as a mine, a crossed mine or a "?" (at least ``MIN_SHAPE``; the 🐣 is
    shaped most like a mine, but only 0.51 to 0.52)."""
    assert look.shape is not None
    symbol, score, _ = score_shape(look.shape, look.aspect).best()
    return not look.raised and not (symbol in NOT_MARKS and score >= MIN_SHAPE)


def _mark(look: TileLook) -> bool:
    """Whether a picture is a many-coloured mark with a flag's red, shaped as no mine and
    no "?"."""
    assert look.shape is not None
    many_coloured = float(look.inks.max()) < ONE_INK
    symbol = score_shape(look.shape, look.aspect).best()[0]
    return many_coloured and look.ink_of(ink.RED) >= MARK_RED and symbol not in NOT_MARKS


def _mine_shaped(look: TileLook) -> bool:
    """Whether a picture is shaped more like a mine than like any other symbol."""
    assert look.shape is not None
    return bool(score_shape(look.shape, look.aspect).best()[0] == "mine")


def _dilated(cells: Grid) -> Grid:
    """``cells`` and their eight neighbours."""
    return cv2.dilate(cells.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
