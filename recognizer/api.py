"""The recognizer's entry points: a screenshot in, the board, its geometry and status out.

>>> recognition = recognize("screenshot.png")            # doctest: +SKIP
>>> print(recognition.board)                             # doctest: +SKIP

``recognize`` finds the board and reads it with a skin learned from the screenshot
itself (starting from the shipped tile sets where they fit). ``locate_and_read`` also
hands back the :class:`~recognizer.reader.BoardReader`, whose learned skin reads the
next screenshots of the same game in a few milliseconds.
"""

from __future__ import annotations

from collections.abc import Sequence

from recognizer.edges import board_goes_on
from recognizer.geometry import BoardGeometry
from recognizer.image_io import ImageSource, load_image
from recognizer.locate import locate_boards
from recognizer.reader import BoardReader
from recognizer.recognition import Recognition, nothing_found
from recognizer.skins import Skin, available_skins, load_skin

MIN_READABLE_SHARE = 0.6  # a lattice with fewer readable cells is not taken for a board
MAX_CANDIDATES = 4  # lattices tried, most convincing first


def recognize(
    image: ImageSource, skins: Sequence[str] | None = None, origin: tuple[int, int] = (0, 0),
    total_mines: int | None = None,
) -> Recognition:
    """Find the board anywhere in ``image`` and read it.

    ``skins`` names tile sets to start from (by default every shipped one that fits);
    ``origin`` is the screen point of the image's top-left pixel, for the cell centres;
    ``total_mines`` (known for the standard sizes) lets the status say won.
    """
    return locate_and_read(image, skins, origin, total_mines)[0]


def locate_and_read(
    image: ImageSource, skins: Sequence[str] | None = None, origin: tuple[int, int] = (0, 0),
    total_mines: int | None = None,
) -> tuple[Recognition, BoardReader | None]:
    """:func:`recognize`, plus the reader that learned the board's skin (None if no
    board was found)."""
    picture = load_image(image)
    priors = [load_skin(name) for name in (skins if skins else available_skins())]
    best: tuple[Recognition, BoardReader] | None = None
    for geometry in locate_boards(picture)[:MAX_CANDIDATES]:
        reader = BoardReader(priors, total_mines, adopt_all=bool(skins))
        placed = geometry.with_origin(*origin)
        result = reader.read(picture, placed)
        readable = 1 - len(result.unreadable) / (placed.rows * placed.cols)
        if readable >= MIN_READABLE_SHARE:
            goes_on = board_goes_on(picture, geometry)
            if goes_on is not None:
                return nothing_found(
                    f"{goes_on}, so not all of it could be placed: make the whole game "
                    "window show, with some space around it"), None
            return result, reader
        if best is None or len(result.unreadable) < len(best[0].unreadable):
            best = result, reader
    if best is None:
        return nothing_found("no Minesweeper board found"), None
    return nothing_found(
        "no Minesweeper board found (the likeliest grid is mostly unreadable)"), None


def read_board(image: ImageSource, geometry: BoardGeometry, skin: Skin | str) -> Recognition:
    """Read a board whose geometry and tile set are known (with a fresh reader)."""
    tiles = skin if isinstance(skin, Skin) else load_skin(skin)
    return BoardReader([tiles], adopt_all=True).read(image, geometry)
