"""A never-seen picture's tile type, given what this game's skin already knows.

The classic meanings (:mod:`recognizer.naming`) name a picture alone; here the picture
is first seen as this look draws it (flat when its bevel is not the unopened tiles',
unlit when the pointer lights it, raised when its face is a flat look's closed one), and
a name is kept only when the picture looks like its family: opened tiles share one face
colour, unopened ones and flags another face and one bevel.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from sweeper.recognizer.families import (
    COVERED,
    LIT_SLACK,
    OPENED,
    FaceEvidence,
    frame,
    lit,
    plain,
)
from sweeper.recognizer.glyphs import DIGITS, FloatArray
from sweeper.recognizer.learned import LearnedSkin
from sweeper.recognizer.looks import TileLook, is_red
from sweeper.recognizer.naming import MIN_DARK_CORE, PLAIN_INK, name_tile

# tile types drawn alike (a face colour; for covered tiles a bevel too): a new picture
# must look like its family
FAMILIES = (COVERED, OPENED)
FACE_TOLERANCE = 24.0  # largest channel difference between faces of one family
BEVEL_RATIO = (0.55, 1.8)  # how much weaker or stronger a band of a covered tile's bevel may be
WEAKEST_BEVEL = 1.0  # a known bevel band weaker than this is compared as this (no division by 0)


def name_picture(skin: LearnedSkin, look: TileLook, evidence: FaceEvidence) -> str | None:
    """The tile type of a cluster's picture (``look``), given what is known of the
    look's faces."""
    seen_raised = look.raised
    look, known_bevel = _relative_relief(skin, look)
    unlit = evidence.unlit(look.face)
    lit_known = None if unlit is not None else evidence.lit_known(look.face)
    if unlit is not None:
        look = replace(look, face=unlit)  # the tile under the pointer, as if unlit
    elif lit_known is not None:
        look = replace(look, face=lit_known)  # a face known only lit, as first seen
    # a flat look's closed face is named as if raised, and kept if it fits the flat
    # closed pictures (not a closed cell's picture taken for raised)
    as_raised = not look.raised and evidence.closed_face(look)
    if as_raised and not plain(look) and not evidence.closed_face(look, marked=True):
        # a symbol on a face a shade off the closed one: a digit on an opened cell where
        # it reads as one flat (a pastel red 3 passed for a flag), else a mark on a
        # closed tile lit by the pointer (a flag just placed)
        as_raised = name_tile(look, known_bevel, known_digits(skin)).kind not in DIGITS
    if plain(look) and not look.raised and not as_raised:
        kind = evidence.plain_kind(look.face, frame(look))
        if kind is None and look.faint_core >= MIN_DARK_CORE:
            kind = "mine"  # a faint disc on a face of its own: a flat look's mine
        elif kind is None and is_red(look.face) and look.faint_ink >= PLAIN_INK:
            kind = "mine"  # a number a shade darker than a mine's red square
    else:
        kind = name_tile(replace(look, raised=True) if as_raised else look, known_bevel,
                         known_digits(skin)).kind
    if kind == "mine" and seen_raised and not look.raised and _tinted(skin, look):
        # a tile drawn raised, its bevel and face unlike any known tile's: a closed
        # tile under a tint, whose icon is a flag (an icon on a closed cell is one) with
        # its red tinted away; a mine lies on an opened cell or shows at the game's end
        return None
    if kind is None or not fits_family(skin, kind, look):
        return None
    return kind


def _tinted(skin: LearnedSkin, look: TileLook) -> bool:
    """Whether ``look``'s face is unlike every face the skin knows (beyond
    ``FACE_TOLERANCE``) and not an exploded mine's red: a tile under a tint or a
    highlight no template explains, whose picture is left unread."""
    faces = [other.face for _, other in skin.named_looks]
    return not is_red(look.face) and all(
        float(np.abs(face - look.face).max()) > FACE_TOLERANCE for face in faces)


def known_digits(skin: LearnedSkin) -> list[tuple[str, FloatArray, float]]:
    """The digits ``skin`` knows, each with the shape and aspect of its first picture
    (the others, lit or on another shade, carry the same ink)."""
    first: dict[str, tuple[str, FloatArray, float]] = {}
    for template in skin.templates:
        shape = template.look.shape
        if template.kind in DIGITS and shape is not None:
            first.setdefault(template.kind, (template.kind, shape, template.look.aspect))
    return list(first.values())


def _relative_relief(skin: LearnedSkin, look: TileLook) -> tuple[TileLook, bool]:
    """``look``, flat if this skin's unopened tiles are raised and its bevel is
    clearly not theirs (some games draw a thin bevel round opened cells too); and
    whether its bevel is theirs."""
    known = [other for other in skin.looks_of(frozenset({"unopened"})) if other.raised]
    if not look.raised or not known:
        return look, False
    if bevel_like(look, known):
        return look, True
    return replace(look, raised=False), False


def fits_family(skin: LearnedSkin, kind: str, look: TileLook) -> bool:
    """Whether a tile named ``kind`` looks like its family in this skin: opened tiles
    share one face colour (or show a face the family holds that is another of its faces
    lit by the pointer: once the family's unlit pictures outnumber the lit ones, the
    lit face lies further from their middle than a face of the family may), unopened
    ones and flags another face and one bevel. (A window or a tint over a cell changes
    its face, a tile caught half drawn its bevel; an exploded mine has a face of its
    own.)"""
    family = next((group for group in FAMILIES if kind in group), None)
    if family is None:
        return True
    known = [other for other in skin.looks_of(family)
             if other.raised == look.raised or family is OPENED]
    if not known or (kind == "flag" and _face_of_its_own(skin, look)):
        return True
    face = np.median(np.stack([other.face for other in known]), axis=0)
    if float(np.abs(face - look.face).max()) > FACE_TOLERANCE and not _known_lit_face(
            look.face, known):
        return False  # neither the family's face nor one of its faces under the pointer
    if family is not COVERED or not look.raised:
        return True
    return bevel_like(look, known)


def _face_of_its_own(skin: LearnedSkin, look: TileLook) -> bool:
    """Whether a flag's face is one of its own: flat, and unlike every known opened
    face and every flat closed one (beyond ``FACE_TOLERANCE``). Some looks draw a flag
    on a tile of its own colour (an emoji flag on yellow): such a face is neither
    family's, while a flag on a tinted closed tile (a window over the board) keeps a
    face near the closed one's."""
    if look.raised:
        return False
    faces = [other.face for other in skin.looks_of(OPENED | COVERED) if not other.raised]
    return all(float(np.abs(face - look.face).max()) > FACE_TOLERANCE for face in faces)


def _known_lit_face(face: FloatArray, known: Sequence[TileLook]) -> bool:
    """Whether ``face`` is a face the family already holds (within ``LIT_SLACK``) that is
    another of its faces lit by the pointer, or the face such a lit face brightens (a
    checkerboard's two opened shades, each seen lit under the pointer: the unlit shade
    lies further from the lit ones' middle than a face of the family may). (A window's
    plain face over the board may be an opened face brightened too, but is none the
    family holds: its pictures are never learned by it.)"""
    return any(float(np.abs(other.face - face).max()) <= LIT_SLACK
               and any(lit(other.face, base.face) or lit(base.face, other.face)
                       for base in known)
               for other in known)


def bevel_like(look: TileLook, known: Sequence[TileLook]) -> bool:
    """Whether ``look``'s bevel bands are as strong as the typical known look's (each
    within ``BEVEL_RATIO`` of the median)."""
    lift = float(np.median([other.lift for other in known]))
    drop = float(np.median([other.drop for other in known]))
    return _similar(look.lift, lift) and _similar(look.drop, drop)


def _similar(value: float, reference: float) -> bool:
    """Whether a bevel band's strength is within ``BEVEL_RATIO`` of a known one's."""
    ratio = value / max(reference, WEAKEST_BEVEL)
    return BEVEL_RATIO[0] <= ratio <= BEVEL_RATIO[1]
