"""A closer look at cells whose picture lies near templates of two types.

Cells are matched at 16x16 px (:mod:`recognizer.learned`): enough for bold digits, but
where large cells carry small thin digits (a rounded flat look at 84 px a cell), a 1 and
a 4 lie only about 4 levels apart at that size, under the lead a reading needs. Such a
close call (a cell within reach of a template, another type's not far behind) is
compared again at ``FINE_SIZE`` px with the templates of the types it lies near, and read
as the nearest when that one is clearly nearer: there a 1 and a 4 lie 12 levels apart,
a cell and its own template's picture under 1.
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import numpy.typing as npt

from sweeper.recognizer.geometry import BoardGeometry
from sweeper.recognizer.image_io import Image
from sweeper.recognizer.learned import MIN_LEAD, LearnedSkin, Matches
from sweeper.recognizer.sampling import native_cell

FINE_SIZE = 48  # px a close call and its templates are compared at (thin strokes survive)
FINE_BLUR = 1.0  # px of blur at FINE_SIZE: a cell cut a pixel off still matches
FINE_SHARE = 0.35  # a cell lies within this share of the distance from its template to
# the nearest template of another type ...
FINE_LEAD = 6.0  # ... and this much nearer its template than any other type's

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
    fine_templates: dict[int, FloatArray] = {}
    for cell, candidates in zip(close, near, strict=True):
        picked = _finer(native_cell(picture, geometry, *divmod(int(cell), geometry.cols)),
                        np.nonzero(candidates)[0], skin, fine_templates)
        if picked is not None:
            templates[cell], kinds[cell], settled[cell] = picked, skin.kind_of(picked), True
    return replace(matches, kinds=kinds, templates=templates, settled=settled)


def _finer(cell: Image, candidates: npt.NDArray[np.int64], skin: LearnedSkin,
           fine_templates: dict[int, FloatArray]) -> int | None:
    """The one of the ``candidates`` (template indices) that ``cell`` clearly shows at
    ``FINE_SIZE``, or None."""
    for index in candidates:
        if int(index) not in fine_templates:
            fine_templates[int(index)] = _fine(skin.templates[int(index)].picture)
    seen = _fine(cell)
    distance = np.array([_rms(seen, fine_templates[int(i)]) for i in candidates])
    best = int(np.argmin(distance))
    kinds = np.array([skin.kind_of(int(i)) for i in candidates])
    others = kinds != kinds[best]
    if not others.any():
        return None
    separation = min(_rms(fine_templates[int(candidates[best])], fine_templates[int(i)])
                     for i in candidates[others])
    lead = float(distance[others].min() - distance[best])
    if distance[best] <= FINE_SHARE * separation and lead >= FINE_LEAD:
        return int(candidates[best])
    return None


def _fine(picture: Image) -> FloatArray:
    """A cell's picture at ``FINE_SIZE``, blurred a little, as floats."""
    small = cv2.resize(picture, (FINE_SIZE, FINE_SIZE), interpolation=cv2.INTER_AREA)
    return np.asarray(cv2.GaussianBlur(small.astype(np.float32), (0, 0), FINE_BLUR))


def _rms(first: FloatArray, second: FloatArray) -> float:
    """Root-mean-square difference of two pictures of one size."""
    return float(np.sqrt(((first - second) ** 2).mean()))
