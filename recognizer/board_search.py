"""Which of a screenshot's candidate lattices is the board: the first that reads.

The lattices of long lines (:mod:`recognizer.locate`: bevels, grid lines) are read
first, the most convincing first; the likeliest is moved a few pixels when none reads.
Only when none of them reads, or the one that reads is small or cut off (part of a
bigger board), are the lattices of flat tiles (:mod:`recognizer.tiles`) read, and the
larger board is taken. Each lattice is read by a fresh
:class:`~recognizer.reader.BoardReader`, which learns the look as it reads.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from sweeper.recognizer.edges import board_goes_on
from sweeper.recognizer.geometry import BoardGeometry
from sweeper.recognizer.image_io import Image
from sweeper.recognizer.locate import locate_boards
from sweeper.recognizer.reader import BoardReader
from sweeper.recognizer.recognition import Recognition
from sweeper.recognizer.tiles import locate_tile_boards

MIN_READABLE_SHARE = 0.6  # a lattice with fewer readable cells is not taken for a board
MAX_CANDIDATES = 4  # lattices tried, most convincing first
MIN_SIDE_ALONE = 5  # a board of lines with fewer rows or columns gives way to a bigger one
MAX_PHASE_SHIFT = 3  # px the likeliest lattice is moved each way when its cells do not read

Found = tuple[Recognition, BoardReader]  # a board read, and the reader that read it


def find_board(picture: Image, origin: tuple[int, int], new_reader: Callable[[], BoardReader],
               total_mines: int | None) -> Found | None:
    """The board in ``picture`` read on its lattice, with its reader (None if no lattice
    was found); its cells may be unreadable."""
    found = _read_line_lattices(picture, origin, new_reader, total_mines)
    if found is None or found[0].unreadable or _small(found[0]) or _cut(picture, found[0]):
        found = _larger(found, _read_tile_lattices(picture, origin, new_reader, total_mines))
    return found


def _read_line_lattices(picture: Image, origin: tuple[int, int],
                        new_reader: Callable[[], BoardReader], total_mines: int | None,
                        ) -> Found | None:
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
                        ) -> Found | None:
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


def _larger(first: Found | None, second: Found | None) -> Found | None:
    """Of two readings, the one whose lattice has more cells (the first if alike), read
    or not: a small board inside a bigger lattice that does not read is part of it."""
    def cells(found: Found | None) -> int:
        geometry = None if found is None else found[0].geometry
        return 0 if geometry is None else geometry.rows * geometry.cols
    return second if cells(second) > cells(first) else (first or second)


def _first_read(picture: Image, lattices: Iterable[BoardGeometry],
                new_reader: Callable[[], BoardReader], total_mines: int | None, whole: bool,
                ) -> Found | None:
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
