"""A second look at cells read from afar: pictures of their own.

A template reads every cell within its reach (:mod:`recognizer.learned`) that leads the
templates of every other type the skin knows; a digit not seen yet has no template to
lead against. In a bold serif look a red 3 lies under 10 levels from a maroon 5, within
reach: a game's first 3, shown after its first 5, was read as a 5, and with as many
closed neighbours as a 5 needs the board's rules let it pass. So a cell read as a digit
further from its template than the learner takes for the same picture is named as the
learner would name it (:func:`~recognizer.picture_naming.name_picture`); where that
names another type, or its ink is not shaped as its template's (:func:`same_shape`),
the cell is not read (and once it holds still, its picture is learned). A cell the
learner could not name, shaped as its template, keeps its reading.

An opened 0 has no rival to lead where the skin knows no digit yet: on a look whose
opened cells are a shade off its closed ones, the first picture named (a 0) read every
small thin digit within its reach, and a board of 479 zeros and a flag came out whole.
So a cell read as a 0 from afar with a symbol on it (:func:`~recognizer.families.plain`)
is not read either. Nor is a flat closed tile read from afar that the learner names an
opened tile: a look whose opened cells are a shade off its closed ones has its first
opening's 0s and digits within the closed template's reach. A digit lies on an opened
cell only, so one the classic rules name on such a tile, on a face of its own (beyond
``SAME_FACE`` of the template's), is not read either, even where its face fits no opened
family the skin knows: a first opening caught in its reveal animation (a light face held
still on a busy machine) was learned as the opened cells' face, and the settled digits,
on a dark face within the closed template's reach, then read as closed. (A dialog's text
over closed tiles lies on their own face; raised closed tiles are left as read: one cut
at a fractional pitch shows some of its bevel as ink.)

A digit read nearer than that but not as its template's very picture has its ink's shape
compared with the template's: where a border round every opened cell outweighs the
digits, two digits lie 2 to 3 levels apart at the matching size, and two digits of one
colour fading in (tejj-neon's 2 and 3, green before their own colours) 1.3 apart.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import numpy.typing as npt

from sweeper.recognizer.families import SAME_FACE, FaceEvidence, plain
from sweeper.recognizer.geometry import BoardGeometry
from sweeper.recognizer.glyphs import DIGITS
from sweeper.recognizer.image_io import Image
from sweeper.recognizer.learned import (
    KIND_INDEX,
    MATCH_DISTANCE,
    LearnedSkin,
    Matches,
)
from sweeper.recognizer.looks import TileLook, look_at
from sweeper.recognizer.naming import name_tile
from sweeper.recognizer.picture_memo import PictureMemo, digest
from sweeper.recognizer.picture_naming import name_picture
from sweeper.recognizer.sampling import cell_look, native_cell

OWN_PICTURE = 5.0  # a cell this far from its template shows a picture of its own: the
# learner's clusters take pictures this close for one (the same tile drawn twice lies
# within 6; a serif 3 and 5 of the classic colours lie 9 to 12 apart)
SAME_SHAPE = 0.6  # a cell read from afar is its template's symbol only if their inks'
# shapes correlate this well (keycap digits: one digit 0.77 to 1, two digits 0.5 at most)
DRAWN_AGAIN = 0.5  # a digit read further than this from its template is not its very
# picture, and has its ink's shape compared: one picture drawn again to the pixel lies 0.1
# off; tejj-neon's 2 and 3, one colour as they fade in, lie 1.3 apart at the matching size
KEPT = 4096  # shape comparisons remembered (a reading's passes, and every later reading
# of a cell that did not change, meet the same cell and template again)
DIGIT_KINDS = np.array([KIND_INDEX[digit] for digit in DIGITS])
OPENED_PLAIN = np.array([KIND_INDEX["0"]])
CLOSED_PLAIN = KIND_INDEX["unopened"]

FloatArray = npt.NDArray[np.float32]


def doubt_far_reads(picture: Image, geometry: BoardGeometry, skin: LearnedSkin,
                     vectors: FloatArray, matches: Matches) -> Matches:
    """``matches`` with the cells read from beyond :data:`OWN_PICTURE` no longer read
    where their picture says otherwise (``vectors``: the cells as matched): a digit the
    learner would name otherwise or whose ink is shaped unlike its template's, an opened
    0 with a symbol on it."""
    far = matches.confident & (matches.distance > OWN_PICTURE)
    near = matches.confident & (matches.distance > DRAWN_AGAIN) & ~far & np.isin(
        matches.kinds, DIGIT_KINDS) & (matches.reach < MATCH_DISTANCE)
    digits = np.nonzero(far & np.isin(matches.kinds, DIGIT_KINDS))[0]
    plains = np.nonzero(far & np.isin(matches.kinds, OPENED_PLAIN))[0]
    closed = np.nonzero(far & (matches.kinds == CLOSED_PLAIN) & _flat(skin, matches))[0]
    if digits.size == 0 and plains.size == 0 and closed.size == 0 and not near.any():
        return matches
    doubted = np.zeros_like(matches.confident)
    for cell in np.nonzero(near)[0]:
        doubted[cell] = not _shaped_as(picture, geometry, skin, int(cell),
                                       int(matches.templates[cell]))
    evidence = FaceEvidence.of(skin.named_looks)
    for leader, members in _look_alikes(vectors, closed):
        look = cell_look(picture, geometry, leader)
        kind = name_picture(skin, look, evidence)
        template = skin.templates[int(matches.templates[leader])].look
        doubted[members] = (kind is not None and kind != "unopened") or _digit_off_face(
            look, template)
    for leader, members in _look_alikes(vectors, digits):
        look = cell_look(picture, geometry, leader)
        kind = name_picture(skin, look, evidence)
        template = skin.templates[int(matches.templates[leader])].look
        doubted[members] = (kind is not None and KIND_INDEX[kind] != matches.kinds[leader]
                            ) or not same_shape(look, template)
    for leader, members in _look_alikes(vectors, plains):
        doubted[members] = not plain(cell_look(picture, geometry, leader))
    if not doubted.any():
        return matches
    return replace(matches, doubted=doubted)


_SHAPED = PictureMemo[bool](KEPT)  # shape comparisons made


def _shaped_as(picture: Image, geometry: BoardGeometry, skin: LearnedSkin, cell: int,
               template: int) -> bool:
    """Whether cell number ``cell``'s ink is shaped as template number ``template``'s
    (:func:`same_shape`). A cell read as a digit though not its template's very picture
    (beyond ``DRAWN_AGAIN``), of a digit that stands out little from its plain tile
    (its reach short of ``MATCH_DISTANCE``: a bold digit cut at a fractional pitch shows
    some of a bevel as ink, and is checked no further), may be another digit: where a
    light border round every
    opened cell outweighs the digits, white digits on navy lie 2 to 3 levels apart at
    the matching size, and a game's first 2 read as the 1 learned before it."""
    tile = native_cell(picture, geometry, *divmod(cell, geometry.cols))
    known = skin.templates[template]
    return _SHAPED.answer((digest(tile), digest(known.picture)),
                          lambda: same_shape(look_at(tile), known.look))


def _digit_off_face(look: TileLook, closed: TileLook) -> bool:
    """Whether a picture read as the closed tile ``closed`` carries a symbol the classic
    rules name a digit on a face of its own (beyond ``SAME_FACE`` of the tile's)."""
    return (float(np.abs(look.face - closed.face).max()) > SAME_FACE and not plain(look)
            and name_tile(look).kind in DIGITS)


def _flat(skin: LearnedSkin, matches: Matches) -> npt.NDArray[np.bool_]:
    """Per cell, whether the template it is read as is flat (no bevel)."""
    flat = np.array([not template.look.raised for template in skin.templates] or [False])
    return np.asarray(flat[np.clip(matches.templates, 0, None)])


def same_shape(look: TileLook, template: TileLook) -> bool:
    """Whether a cell's ink (``look``) is shaped as its template's: the correlation of the
    two shapes is at least ``SAME_SHAPE``. Thin digits on a tile of their own colour (an
    emoji keycap's white digit on blue) lie under 10 levels apart at the matching size,
    within a template's reach: a 2 the learner could not name was read as the 1 it
    was near."""
    if look.shape is None or template.shape is None:
        return look.shape is None and template.shape is None
    return float(look.shape @ template.shape) >= SAME_SHAPE


def _look_alikes(vectors: FloatArray, cells: npt.NDArray[np.intp]
                 ) -> list[tuple[int, npt.NDArray[np.intp]]]:
    """``cells`` in groups of one picture (within :data:`OWN_PICTURE` of the first),
    each with its first cell: one naming per picture."""
    groups = []
    remaining = cells
    while remaining.size:
        leader = vectors[remaining[0]]
        distance = np.sqrt(((vectors[remaining] - leader) ** 2).mean(axis=1))
        near = distance <= OWN_PICTURE
        groups.append((int(remaining[0]), remaining[near]))
        remaining = remaining[~near]
    return groups
