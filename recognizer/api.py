"""The recognizer's entry points: a screenshot in, the board, its geometry and status out.

>>> recognition = recognize("screenshot.png")            # doctest: +SKIP
>>> print(recognition.board)                             # doctest: +SKIP

``recognize`` finds the board and reads it with a skin learned from the screenshot
itself (starting from the shipped tile sets where they fit). ``locate_and_read`` also
hands back the :class:`~recognizer.reader.BoardReader`, whose learned skin reads the
next screenshots of the same game in a few milliseconds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial

import numpy as np

from sweeper.core import FLAG, UNOPENED, mine_count
from sweeper.recognizer.edges import board_goes_on, tiles_beyond
from sweeper.recognizer.geometry import BoardGeometry
from sweeper.recognizer.image_io import Image, ImageSource, load_image
from sweeper.recognizer.locate import locate_boards
from sweeper.recognizer.mine_counter import read_mine_count
from sweeper.recognizer.reader import BoardReader
from sweeper.recognizer.recognition import Recognition, nothing_found
from sweeper.recognizer.skins import Skin, available_skins, load_skin
from sweeper.recognizer.tiles import locate_tile_boards

MIN_READABLE_SHARE = 0.6  # a lattice with fewer readable cells is not taken for a board
MAX_CANDIDATES = 4  # lattices tried, most convincing first
MIN_SIDE_ALONE = 5  # a board of lines with fewer rows or columns gives way to a bigger one
MAX_MINE_SHARE = 0.35  # a board with more of its cells closed is not won (no game lays
# more mines than this: the densest standard level has 21%, custom ones up to about 30%)
MAX_PHASE_SHIFT = 3  # px the likeliest lattice is moved each way when its cells do not read


def recognize(
    image: ImageSource, skins: Sequence[str] | None = None, origin: tuple[int, int] = (0, 0),
    total_mines: int | None = None,
) -> Recognition:
    """Find the board anywhere in ``image`` and read it.

    ``skins`` names tile sets to start from (by default every shipped one that fits);
    ``origin`` is the screen point of the image's top-left pixel, for the cell centres;
    ``total_mines`` (known for the standard sizes) lets the status say won; where it is
    not known and the board could be a won one (no flag placed, so a "mines left"
    counter shows the total, and few cells closed), the count the game shows is read.
    """
    picture = load_image(image)
    result, reader = locate_and_read(picture, skins, origin, total_mines)
    if reader is None or not _maybe_won(result, total_mines):
        return result
    assert result.geometry is not None
    shown = read_mine_count(picture, result.geometry)
    return result if shown is None else reader.read(picture, result.geometry, shown)


def locate_and_read(
    image: ImageSource, skins: Sequence[str] | None = None, origin: tuple[int, int] = (0, 0),
    total_mines: int | None = None,
) -> tuple[Recognition, BoardReader | None]:
    """:func:`recognize`, plus the reader that learned the board's skin (None if no
    board was found)."""
    picture = load_image(image)
    priors = [load_skin(name) for name in (skins if skins else available_skins())]
    new_reader = partial(BoardReader, priors, adopt_all=bool(skins))
    found = _read_line_lattices(picture, origin, new_reader, total_mines)
    if found is None or _small(found[0]) or _cut(picture, found[0]):
        found = _larger(found, _read_tile_lattices(picture, origin, new_reader, total_mines))
    if found is None:
        return nothing_found("no Minesweeper board found"), None
    result, reader = found
    assert result.geometry is not None
    goes_on = board_goes_on(picture, result.geometry)
    if goes_on is not None:
        return nothing_found(
            f"{goes_on}, so not all of it could be placed: make the whole game "
            "window show, with some space around it"), None
    beyond = tiles_beyond(picture, result.geometry, reader.skin)
    if beyond is not None:
        return nothing_found(
            f"{beyond}, so its grid could be placed on part of it only (its opened "
            "cells draw no lines): start on a fresh board"), None
    return result, reader


def _maybe_won(result: Recognition, total_mines: int | None) -> bool:
    """Whether a board read as playing could be won if only its mine count were known:
    none given or standard, no flag placed, and few enough cells closed."""
    board = result.board
    if board is None or result.status != "playing" or total_mines is not None:
        return False
    if mine_count(board.height, board.width) is not None or board.cells_where(FLAG):
        return False
    closed = int(np.count_nonzero(board.cells == UNOPENED))
    return 0 < closed <= MAX_MINE_SHARE * board.cells.size


def _read_line_lattices(picture: Image, origin: tuple[int, int],
                        new_reader: Callable[[], BoardReader], total_mines: int | None,
                        ) -> tuple[Recognition, BoardReader] | None:
    """The board on the likeliest lattice of long lines (bevels, grid lines) that
    reads, moved a few pixels if need be."""
    lattices = [lattice.with_origin(*origin)
                for lattice in locate_boards(picture)[:MAX_CANDIDATES]]
    if not lattices:
        return None
    found = _first_read(picture, lattices, new_reader, total_mines, whole=False)
    if (found is None or found[0].unreadable) and board_goes_on(picture, lattices[0]) is None:
        found = (_first_read(picture, _moved(lattices[0]), new_reader, total_mines, whole=True)
                 or found)
    return found


def _read_tile_lattices(picture: Image, origin: tuple[int, int],
                        new_reader: Callable[[], BoardReader], total_mines: int | None,
                        ) -> tuple[Recognition, BoardReader] | None:
    """The board on the likeliest lattice of flat tiles (checkerboards, tiles with gaps
    or rounded corners) whose cells mostly read, or else the likeliest one's reading."""
    lattices = [lattice.with_origin(*origin)
                for _, lattice in locate_tile_boards(picture)[:MAX_CANDIDATES]]
    found = _first_read(picture, lattices, new_reader, total_mines, whole=False)
    if found is None and lattices:  # the likeliest, read as far as it goes
        reader = new_reader()
        found = reader.read(picture, lattices[0], total_mines), reader
    return found


def _cut(picture: Image, result: Recognition) -> bool:
    """Whether the board goes on past a lattice of lines (rounded tiles whose outermost
    column draws no long line of its own): a lattice of tiles may hold it whole."""
    return result.geometry is not None and board_goes_on(picture, result.geometry) is not None


def _small(result: Recognition) -> bool:
    """Whether a board read on lines is small enough to be part of a bigger board of tiles
    (a few of a lost game's mines drawn as squares make a lattice of lines of their own)."""
    geometry = result.geometry
    return geometry is not None and min(geometry.rows, geometry.cols) < MIN_SIDE_ALONE


def _larger(first: tuple[Recognition, BoardReader] | None,
            second: tuple[Recognition, BoardReader] | None,
            ) -> tuple[Recognition, BoardReader] | None:
    """Of two readings, the one whose lattice has more cells (the first if alike), read
    or not: a small board inside a bigger lattice that does not read is part of it."""
    def cells(found: tuple[Recognition, BoardReader] | None) -> int:
        geometry = None if found is None else found[0].geometry
        return 0 if geometry is None else geometry.rows * geometry.cols
    return second if cells(second) > cells(first) else (first or second)


def _first_read(picture: Image, lattices: Iterable[BoardGeometry],
                new_reader: Callable[[], BoardReader], total_mines: int | None, whole: bool,
                ) -> tuple[Recognition, BoardReader] | None:
    """The first of ``lattices`` whose cells read (all of them if ``whole``, else most),
    with the reader that read them."""
    for geometry in lattices:
        reader = new_reader()
        result = reader.read(picture, geometry, total_mines)
        unreadable = len(result.unreadable) / (geometry.rows * geometry.cols)
        if unreadable == 0 or (not whole and unreadable <= 1 - MIN_READABLE_SHARE):
            return result, reader
    return None


def _moved(lattice: BoardGeometry) -> Iterator[BoardGeometry]:
    """``lattice`` moved by a few pixels each way, the smallest moves first.

    Where each tile sits inside a frame of its own (a button round a tile picture), the
    strongest steps of brightness may lie inside the tiles rather than between them: a
    lattice on them cuts every cell across two tiles, and the cells at the board's edges
    come out unlike the rest. Moved onto the tiles, the same lattice reads.
    """
    for step in range(1, MAX_PHASE_SHIFT + 1):
        for dx, dy in ((step, step), (-step, -step), (step, -step), (-step, step),
                       (step, 0), (-step, 0), (0, step), (0, -step)):
            yield lattice.shifted(dx, dy)


def read_board(image: ImageSource, geometry: BoardGeometry, skin: Skin | str) -> Recognition:
    """Read a board whose geometry and tile set are known (with a fresh reader)."""
    tiles = skin if isinstance(skin, Skin) else load_skin(skin)
    return BoardReader([tiles], adopt_all=True).read(image, geometry)
