"""Cells read by their middles: pictures whose edges something drawn over them changed.

Some looks draw over the cells round the one under the pointer: a glow spreading from
it, or the cell itself grown over its neighbours (a neon look grows the cell under the
pointer by a tenth and lights a glow round it, a quarter of the way into the next
tiles). Such a cell matches no template whole, and learned as it is its picture would
be named from its lit edge (a glowing 2 passes for a raised closed tile with a mark).
Its middle, where a tile's symbol and face lie, is unchanged: a cell no template
explains whole is read as the template whose middle its own is, when that middle alone
tells the type (every other type's middles lie clearly further). A look whose closed
and opened tiles differ only at their edges (a bevel, an outline) has the same middle
for both: there the lead is missing and nothing is read. Nor is a plain face read so
before the skin knows both plain faces, closed and opened: with no 0 learned yet, a
classic look's lost board read its two 0s by their middles as closed tiles, whose
middle they share.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import numpy.typing as npt

from sweeper.recognizer.learned import MIN_LEAD, PLAIN_KINDS, LearnedSkin, Matches
from sweeper.recognizer.sampling import CELL_SIZE

MIDDLE = slice(5, 11)  # px of the CELL_SIZE sample compared: the middle 3/8 of the cell
# each way (a glow from the next cell reaches a quarter of the way in: 10 px of 40)
MIDDLE_MATCH = 5.0  # RMS colour difference of a middle read as its template's: the
# learner's one picture (a glowing closed cell's middle lies 2.7 to 3.5 from a closed
# tile's, 27 to 35 from any other type's)
MIDDLE_LEAD = MIN_LEAD  # how much further every other type's middle must be

FloatArray = npt.NDArray[np.float32]


def read_by_middles(skin: LearnedSkin, vectors: FloatArray, matches: Matches) -> Matches:
    """``matches`` with the cells no template explains whole (``vectors``, as matched)
    read where their middles alone tell their type."""
    unsure = np.nonzero(~matches.confident)[0]
    if unsure.size == 0 or not skin.templates:
        return matches
    kinds = skin.kinds
    templates = middles_of(skin.vectors)
    cells = middles_of(vectors[unsure])
    distance = np.sqrt(((cells[:, None, :] - templates[None, :, :]) ** 2).mean(axis=2))
    best = distance.argmin(axis=1)
    rows = np.arange(unsure.size)
    nearest = distance[rows, best]
    other = np.where(kinds[None, :] == kinds[best][:, None], np.inf, distance).min(axis=1)
    read = (nearest <= MIDDLE_MATCH) & (other - nearest >= MIDDLE_LEAD)
    if not np.isin(PLAIN_KINDS, kinds).all():  # a plain face's middle is told only
        read &= ~np.isin(kinds[best], PLAIN_KINDS)  # against the other plain face's
    if not read.any():
        return matches
    chosen = unsure[read]
    by_middle = np.zeros_like(matches.confident)
    by_middle[chosen] = True
    new_kinds, new_templates = matches.kinds.copy(), matches.templates.copy()
    new_kinds[chosen] = kinds[best[read]]
    new_templates[chosen] = best[read]
    return replace(matches, kinds=new_kinds, templates=new_templates, by_middle=by_middle)


def middles_of(vectors: FloatArray) -> FloatArray:
    """The middles of ``(N, features)`` matched pictures, flattened."""
    cells = vectors.reshape(vectors.shape[0], CELL_SIZE, CELL_SIZE, 3)
    return np.ascontiguousarray(cells[:, MIDDLE, MIDDLE]).reshape(vectors.shape[0], -1)
