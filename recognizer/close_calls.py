"""A closer look at cells whose picture lies near templates of two types.

Cells are matched at 16x16 px (:mod:`recognizer.learned`): enough for bold digits, but
where large cells carry small thin digits (a rounded flat look at 84 px a cell), a 1 and
a 4 lie only about 4 levels apart at that size, under the lead a reading needs. Such a
close call (a cell within reach of a template, another type's not far behind) is
compared again at ``FINE_SIZE`` px with every template of the types it lies near, and
read as the nearest when that one is clearly nearer: there a 1 and a 4 lie 12 levels
apart, a cell and its own template's picture under 1. (Every template of those types: at
a fractional pitch a digit is learned at each phase it is cut at, and the picture cut as
the cell is may lie beyond the lead at the matching size.)
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import numpy.typing as npt

from sweeper.recognizer.geometry import BoardGeometry
from sweeper.recognizer.image_io import Image
from sweeper.recognizer.learned import MIN_LEAD, LearnedSkin, Matches
from sweeper.recognizer.picture_memo import PictureMemo, digest
from sweeper.recognizer.sampling import native_cell

FINE_SIZE = 48  # px a close call and its templates are compared at, unless cut alike
# (thin strokes survive)
FINE_BLUR = 1.0  # px of blur at FINE_SIZE: a cell cut a pixel off still matches
FINE_SHARE = 0.35  # a cell lies within this share of the distance from its template to
# the nearest template of another type ...
FINE_LEAD = 6.0  # ... and this much nearer its template than any other type's
SAME_CUT = 2  # px two pictures' sizes may differ by to be compared as drawn, unscaled ...
KEPT = 8192  # comparisons remembered (a board's close calls against the
# templates they lie near, over a reading's passes: a lost 30x16 board holds a few hundred)
SHIFT = 1  # ... each moved by up to this many px against the other to line them up: at
# a fractional pitch cells are cut 37 and 38 px by turns, and scaled to FINE_SIZE one
# keycap lay 8 levels from its own picture and 11 from another digit's

FloatArray = npt.NDArray[np.float32]


def settle_close_calls(picture: Image, geometry: BoardGeometry, skin: LearnedSkin,
                       vectors: FloatArray, matches: Matches) -> Matches:
    """``matches`` with the close calls among the cells (``vectors``, as matched) read
    where a finer look tells them."""
    if not skin.templates:
        return matches
    close = np.nonzero(~matches.confident & (matches.distance <= matches.reach))[0]
    if close.size == 0:
        return matches
    kinds, templates = matches.kinds.copy(), matches.templates.copy()
    settled = np.zeros_like(matches.confident)
    near = skin.distances(vectors[close]) <= matches.distance[close, None] + MIN_LEAD
    types = skin.kinds
    # every picture of the types a cell lies near: at a fractional pitch a digit is
    # learned at each phase it is cut at, and the picture cut as the cell is may lie
    # beyond the lead at the matching size
    near_kinds = (near[:, :, None] & (types[:, None] == types[None, :])[None]).any(axis=1)
    fine = _FineTemplates(skin)
    for cell, candidates in zip(close, near_kinds, strict=True):
        picked = _finer(native_cell(picture, geometry, *divmod(int(cell), geometry.cols)),
                        np.nonzero(candidates)[0], skin, fine)
        if picked is not None:
            templates[cell], kinds[cell], settled[cell] = picked, skin.kind_of(picked), True
    return replace(matches, kinds=kinds, templates=templates, settled=settled)


class _FineTemplates:
    """The templates' pictures as each comparison makes them (at ``FINE_SIZE``, or as
    drawn), their digests, and the distances between them, each computed once per
    settling."""

    def __init__(self, skin: LearnedSkin) -> None:
        self.skin = skin
        self.pictures: dict[tuple[int, bool], FloatArray] = {}
        self.digests: dict[int, bytes] = {}
        self.apart: dict[tuple[int, int, bool], float] = {}

    def digest(self, index: int) -> bytes:
        if index not in self.digests:
            self.digests[index] = digest(self.skin.templates[index].picture)
        return self.digests[index]

    def picture(self, index: int, drawn: bool) -> FloatArray:
        if (index, drawn) not in self.pictures:
            picture = self.skin.templates[index].picture
            self.pictures[index, drawn] = _drawn(picture) if drawn else _fine(picture)
        return self.pictures[index, drawn]

    def separation(self, first: int, second: int, drawn: bool) -> float:
        if (first, second, drawn) not in self.apart:
            self.apart[first, second, drawn] = _distance(
                self.picture(first, drawn), self.picture(second, drawn), drawn)
        return self.apart[first, second, drawn]


def _finer(cell: Image, candidates: npt.NDArray[np.int64], skin: LearnedSkin,
           fine: _FineTemplates) -> int | None:
    """The one of the ``candidates`` (template indices) that ``cell`` clearly shows at
    ``FINE_SIZE``, or else as drawn where it and every candidate are cut alike; None if
    neither tells."""
    kinds = np.array([skin.kind_of(int(i)) for i in candidates])
    if np.all(kinds == kinds[0]):
        return None
    picked = _clearly(cell, candidates, kinds, fine, drawn=False)
    height, width = cell.shape[:2]
    if picked is None and all(
            abs(height - h) <= SAME_CUT and abs(width - w) <= SAME_CUT
            for h, w in (skin.templates[int(i)].picture.shape[:2] for i in candidates)):
        picked = _clearly(cell, candidates, kinds, fine, drawn=True)
    return picked


def _clearly(cell: Image, candidates: npt.NDArray[np.int64], kinds: npt.NDArray[np.int64],
             fine: _FineTemplates, drawn: bool) -> int | None:
    """The candidate ``cell`` lies clearly nearest: within ``FINE_SHARE`` of its
    distance to the nearest template of another type, and ``FINE_LEAD`` nearer it."""
    seen = digest(cell)
    distance = np.array([_remembered_distance(cell, seen, fine, int(i), drawn)
                         for i in candidates])
    best = int(np.argmin(distance))
    others = kinds != kinds[best]
    lead = float(distance[others].min() - distance[best])
    if lead < FINE_LEAD:
        return None
    separation = min(fine.separation(int(candidates[best]), int(i), drawn)
                     for i in candidates[others])
    return int(candidates[best]) if distance[best] <= FINE_SHARE * separation else None


_KNOWN = PictureMemo[float](KEPT)  # distances seen


def _remembered_distance(cell: Image, seen: bytes, fine: _FineTemplates, template: int,
                         drawn: bool) -> float:
    """:func:`_distance` of a cell (``seen``: its digest) and template number
    ``template``'s picture, at ``FINE_SIZE`` or as ``drawn``: the same cell and template
    meet again in each of a reading's passes, so the last ``KEPT`` are remembered."""
    view = _drawn if drawn else _fine
    return _KNOWN.answer((seen, fine.digest(template), drawn),
                         lambda: _distance(view(cell), fine.picture(template, drawn), drawn))


def _fine(picture: Image) -> FloatArray:
    """A cell's picture at ``FINE_SIZE``, blurred a little, as floats."""
    small = cv2.resize(picture, (FINE_SIZE, FINE_SIZE), interpolation=cv2.INTER_AREA)
    return np.asarray(cv2.GaussianBlur(small.astype(np.float32), (0, 0), FINE_BLUR))


def _drawn(picture: Image) -> FloatArray:
    """A cell's picture as drawn, in grey (a third of the work: a stroke's shape is what
    the finer look is for), blurred a little, as floats."""
    grey = cv2.cvtColor(picture, cv2.COLOR_BGR2GRAY).astype(np.float32)
    return np.asarray(cv2.GaussianBlur(grey, (0, 0), FINE_BLUR))


def _distance(first: FloatArray, second: FloatArray, drawn: bool) -> float:
    """Root-mean-square difference of two pictures: of one size (``FINE_SIZE``), or
    ``drawn``, each moved by up to ``SHIFT`` px against the other to where they line up
    best (the middle of the first, ``SHIFT`` px in from its sides, over the second)."""
    if not drawn:
        return float(np.sqrt(((first - second) ** 2).mean()))
    (h1, w1), (h2, w2) = first.shape[:2], second.shape[:2]
    height, width = min(h1, h2) - 2 * SHIFT, min(w1, w2) - 2 * SHIFT
    top, left = (h1 - height) // 2, (w1 - width) // 2
    middle = np.ascontiguousarray(first[top:top + height, left:left + width])
    squares = cv2.matchTemplate(np.ascontiguousarray(second), middle, cv2.TM_SQDIFF)
    return float(np.sqrt(max(float(squares.min()), 0.0) / middle.size))
