"""The recognizer's entry points: a screenshot in, the board, its geometry and status out.

>>> recognition = recognize("screenshot.png")            # doctest: +SKIP
>>> print(recognition.board)                             # doctest: +SKIP

Read top-down from :func:`recognize`: every step of reading a screenshot is a call to a
function named for it, in order, and each lives in a module of its own.
``locate_and_read`` also hands back the :class:`~recognizer.reader.BoardReader`, whose
learned skin reads the next screenshots of the same game in a few milliseconds.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from sweeper.core import FLAG, UNOPENED, mine_count
from sweeper.recognizer.board_search import find_board
from sweeper.recognizer.edges import partial_board
from sweeper.recognizer.geometry import BoardGeometry
from sweeper.recognizer.image_io import ImageSource, load_image
from sweeper.recognizer.mine_counter import read_mine_count
from sweeper.recognizer.reader import BoardReader
from sweeper.recognizer.recognition import Recognition, nothing_found
from sweeper.recognizer.skins import Skin, available_skins, load_skin

MAX_MINE_SHARE = 0.35  # a board with more of its cells closed is not won (no game lays
# more mines than this: the densest standard level has 21%, custom ones up to about 30%)


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

    The steps, in order:

    1. the screenshot as pixels (:func:`~recognizer.image_io.load_image`);
    2. find the board (:func:`~recognizer.board_search.find_board`): the candidate
       lattices of long lines (:mod:`~recognizer.locate`), then of flat tiles
       (:mod:`~recognizer.tiles`), each read by a fresh reader until one reads. Reading
       one lattice (:meth:`~recognizer.reader.BoardReader.read`) is: cut the lattice
       and sample the cells (:mod:`~recognizer.rereading`, :mod:`~recognizer.sampling`);
       start from the shipped tile sets (:mod:`~recognizer.priors`); compare the cells
       with the templates and learn the pictures none explains
       (:mod:`~recognizer.learning`), each named by what the skin knows of its look
       (:mod:`~recognizer.picture_naming`) and the classic meanings
       (:mod:`~recognizer.naming`); check the tiles named against the game's rules
       (:mod:`~recognizer.rules`); read the status from the board or the face
       (:mod:`~recognizer.status`);
    3. check that the board ends at its lattice
       (:func:`~recognizer.edges.partial_board`);
    4. where the board could be won, read the mine count the game shows
       (:func:`~recognizer.mine_counter.read_mine_count`) and the status again with it.
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
    """:func:`recognize` up to its mine count (steps 1 to 3), plus the reader that learned
    the board's skin (None if no board was found)."""
    picture = load_image(image)
    priors = [load_skin(name) for name in (skins if skins else available_skins())]
    new_reader = partial(BoardReader, priors, adopt_all=bool(skins))
    found = find_board(picture, origin, new_reader, total_mines)
    if found is None:
        return nothing_found("no Minesweeper board found"), None
    result, reader = found
    assert result.geometry is not None
    refusal = partial_board(picture, result.geometry, reader.skin)
    if refusal is not None:
        return nothing_found(refusal), None
    return result, reader


def _maybe_won(result: Recognition, total_mines: int | None) -> bool:
    """Whether a board read as playing could be won if only its mine count were known:
    none given or standard, no flag placed, and few enough cells closed."""
    board = result.board
    if board is None or result.status != "playing" or total_mines is not None:
        return False
    if mine_count(board.height, board.width) is not None or board.cells_where(FLAG):
        return False
    closed = board.count(UNOPENED)
    return 0 < closed <= MAX_MINE_SHARE * board.cells.size


def read_board(image: ImageSource, geometry: BoardGeometry, skin: Skin | str) -> Recognition:
    """Read a board whose geometry and tile set are known (with a fresh reader)."""
    tiles = skin if isinstance(skin, Skin) else load_skin(skin)
    return BoardReader([tiles], adopt_all=True).read(image, geometry)
