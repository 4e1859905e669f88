"""Whether a located board goes on past the cells its lattice holds.

A game window pushed against the edge of the screen can show its outermost column or row
only in part, or whole but with no line of its own at the image's edge. The lattice then
holds the other cells only, and the board it describes is a column (or row) short: a
wrong board. The strip just beyond each side of the board tells: where the board goes on,
each of its rows (columns) there looks like the matching part of a cell of the same row
(column); a frame or a background does not.
"""

from __future__ import annotations

import itertools

import cv2
import numpy as np

from sweeper.recognizer.geometry import BoardGeometry
from sweeper.recognizer.image_io import Image, as_image
from sweeper.recognizer.learned import KIND_INDEX, LearnedSkin, features
from sweeper.recognizer.sampling import cut_cells

MIN_STRIP = 2  # px: a narrower strip shows too little of a cell to tell
SAME_LEVELS = 12.0  # mean grey-level difference within which a strip matches a cell part
SAME_LINE_LEVELS = 32.0  # ... and the most any one line of pixels across it may differ
MATCHING_SHARE = 0.8  # of the rows (columns) along the strip, the share that must match
MIN_CONTRAST = 10.0  # grey-level spread a strip needs to tell a cell from a plain background
MIN_TILES_BEYOND = 2  # marked tiles of the board's own skin beside it that say it goes on
# tiles no frame or background looks like: numbers, flags, mines (a plain unopened tile
# may look like a frame's line on a plain background, an opened 0 like a margin)
MARKED_KINDS = [KIND_INDEX[kind] for kind in ("1", "2", "3", "4", "5", "6", "7", "8",
                                               "flag", "mine")]


def board_goes_on(image: Image, geometry: BoardGeometry) -> str | None:
    """Why the board in ``image`` must go on beyond ``geometry``'s cells ("... runs off
    the left edge of the screenshot"), or None when every side ends in something other
    than cells."""
    gray = as_image(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image)
    sides = (("left", gray, geometry, True), ("right", gray, geometry, False),
             ("top", gray.T, _transposed(geometry), True),
             ("bottom", gray.T, _transposed(geometry), False))
    for side, picture, lattice, before in sides:
        strip = _strip_width(picture, lattice, before)
        if strip < MIN_STRIP:  # a row or column hidden right at the edge cannot be told
            return f"the board runs off the {side} edge of the screenshot"
        cell = int(np.median(np.diff(np.round(lattice.xs))))
        if _continues(picture, lattice, before, min(strip, cell)):
            part = "column" if side in ("left", "right") else "row"
            if strip <= cell:
                return f"the board runs off the {side} edge of the screenshot"
            return f"cells like the board's lie beyond its {side} {part}"
    return None


def tiles_beyond(image: Image, geometry: BoardGeometry, skin: LearnedSkin) -> str | None:
    """Why the board must go on beyond ``geometry``: a row or column of cells beside one
    of its sides with numbers, flags or mines of the board's own ``skin`` in it (a game
    whose opened cells draw no lines leaves its lattice short where a column is mostly
    open), or None."""
    height, width = image.shape[:2]
    for side, strip in _neighbouring_strips(geometry):
        rect = strip.rect
        if rect.left < 0 or rect.top < 0 or rect.right > width or rect.bottom > height:
            continue  # the screenshot's edge: board_goes_on looks there
        matches = skin.match(features(cut_cells(image, strip)))
        marked = np.isin(matches.kinds, MARKED_KINDS) & matches.confident
        if int(marked.sum()) >= MIN_TILES_BEYOND:
            part = "column" if side in ("left", "right") else "row"
            return f"cells like the board's lie beyond its {side} {part}"
    return None


def _neighbouring_strips(geometry: BoardGeometry) -> list[tuple[str, BoardGeometry]]:
    """The row or column of cells one pitch beyond each side of ``geometry``."""
    xs, ys = geometry.xs, geometry.ys
    dx, dy = geometry.pitch_x, geometry.pitch_y
    return [("left", BoardGeometry((xs[0] - dx, xs[0]), ys, geometry.origin)),
            ("right", BoardGeometry((xs[-1], xs[-1] + dx), ys, geometry.origin)),
            ("top", BoardGeometry(xs, (ys[0] - dy, ys[0]), geometry.origin)),
            ("bottom", BoardGeometry(xs, (ys[-1], ys[-1] + dy), geometry.origin))]


def _strip_width(gray: Image, geometry: BoardGeometry, before: bool) -> int:
    """Pixels between the board's first (``before``) or last column and the image edge."""
    return round(geometry.xs[0]) if before else gray.shape[1] - round(geometry.xs[-1])


def _continues(gray: Image, geometry: BoardGeometry, before: bool, width: int) -> bool:
    """Whether the strip ``width`` px wide (up to a cell) beside the board's first
    (``before``) or last column looks, row by row, like the same part of a cell of that
    row, and not plain."""
    xs, ys = np.round(geometry.xs).astype(int), np.round(geometry.ys).astype(int)
    if width < MIN_STRIP:
        return False
    matching = 0
    for top, bottom in itertools.pairwise(ys):
        if before:  # the right part of a cell whose left part is not there
            seen = gray[top:bottom, xs[0] - width:xs[0]]
            parts = [gray[top:bottom, x1 - width:x1] for x1 in xs[1:]]
        else:  # the left part of a cell whose right part is not there
            seen = gray[top:bottom, xs[-1]:xs[-1] + width]
            parts = [gray[top:bottom, x0:x0 + width] for x0 in xs[:-1]]
        # a plain strip matches an opened cell as well as a plain background: no sign
        matching += float(seen.std()) >= MIN_CONTRAST and any(
            _same(seen, part) for part in parts)
    return matching >= MATCHING_SHARE * (len(ys) - 1)


def _same(seen: Image, part: Image) -> bool:
    """Whether two strips match, down to every line of pixels along them (a cell's thin
    border is a line a plain strip does not have); strips cut short by the image's edge
    are not compared."""
    if seen.shape != part.shape:
        return False
    difference = cv2.absdiff(seen, part)
    return (float(difference.mean()) <= SAME_LEVELS
            and float(difference.mean(axis=1).max()) <= SAME_LINE_LEVELS)


def _transposed(geometry: BoardGeometry) -> BoardGeometry:
    return BoardGeometry(geometry.ys, geometry.xs)


def partial_board(image: Image, geometry: BoardGeometry, skin: LearnedSkin) -> str | None:
    """Why a board read at ``geometry`` (with ``skin``) cannot be taken whole, said for
    the player, or None when it ends at its lattice on every side."""
    goes_on = board_goes_on(image, geometry)
    if goes_on is not None:
        return (f"{goes_on}, so not all of it could be placed: make the whole game "
                "window show, with some space around it")
    beyond = tiles_beyond(image, geometry, skin)
    if beyond is not None:
        return (f"{beyond}, so its grid could be placed on part of it only (its opened "
                "cells draw no lines): start on a fresh board")
    return None
