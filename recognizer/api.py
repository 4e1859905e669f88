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
from dataclasses import replace

import numpy as np

from recognizer.geometry import BoardGeometry
from recognizer.image_io import Image, ImageSource, load_image
from recognizer.learned import features
from recognizer.locate import locate_boards
from recognizer.reader import BoardReader, impossible_cells
from recognizer.recognition import Recognition, nothing_found
from recognizer.sampling import cut_cells
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
        grown = _grown_over_readable_lines(picture, placed, reader)
        if grown != placed:
            result = reader.read(picture, grown)
        readable = 1 - len(result.unreadable) / (grown.rows * grown.cols)
        if readable >= MIN_READABLE_SHARE:
            return result, reader
        if best is None or len(result.unreadable) < len(best[0].unreadable):
            best = result, reader
    if best is None:
        return nothing_found("no Minesweeper board found"), None
    return nothing_found(
        "no Minesweeper board found (the likeliest grid is mostly unreadable)"), None


def _grown_over_readable_lines(
    image: Image, geometry: BoardGeometry, reader: BoardReader
) -> BoardGeometry:
    """``geometry`` with every whole row or column next to it whose cells the learned
    skin reads as tiles of the board.

    The lattice search can stop short of the board's edge when the outer cells show few
    lines (a column of opened 0s by the frame); the tiles themselves say where it ends.
    """
    height, width = image.shape[:2]
    growing = True
    while growing:
        growing = False
        for grown in _one_line_more(geometry):
            x, y, grown_width, grown_height = grown.rect
            if x < 0 or y < 0 or x + grown_width > width or y + grown_height > height:
                continue
            if _reads_as_tiles(image, grown, reader):
                geometry, growing = grown, True
                break
    return geometry


def _reads_as_tiles(image: Image, grown: BoardGeometry, reader: BoardReader) -> bool:
    """Whether every cell of ``grown`` reads by the templates learned so far, the new line
    holds more than plain opened 0s (a frame's flat grey reads as 0s), and the grown board
    breaks no rule of the game."""
    matches = reader.skin.match(features(cut_cells(image, grown)))
    if not matches.confident.all():
        return False
    from recognizer.reader import CODES

    codes = CODES[matches.kinds].reshape(grown.rows, grown.cols)
    readable = np.ones(codes.shape, dtype=np.bool_)
    return bool(codes.any()) and not impossible_cells(codes, readable).any()


def _one_line_more(geometry: BoardGeometry) -> list[BoardGeometry]:
    """The geometry grown by one row or column on each side in turn, at the pitch of the
    row or column beside it."""
    xs, ys = geometry.xs, geometry.ys
    left = xs[0] - (xs[1] - xs[0])
    right = xs[-1] + (xs[-1] - xs[-2])
    top = ys[0] - (ys[1] - ys[0])
    bottom = ys[-1] + (ys[-1] - ys[-2])
    return [
        replace(geometry, xs=(left, *xs)), replace(geometry, xs=(*xs, right)),
        replace(geometry, ys=(top, *ys)), replace(geometry, ys=(*ys, bottom)),
    ]


def read_board(image: ImageSource, geometry: BoardGeometry, skin: Skin | str) -> Recognition:
    """Read a board whose geometry and tile set are known (with a fresh reader)."""
    tiles = skin if isinstance(skin, Skin) else load_skin(skin)
    return BoardReader([tiles], adopt_all=True).read(image, geometry)
