"""Tell closed cells from opened ones by their face colour, where a look has no relief.

Classic tiles are raised while closed, and that alone tells a plain closed cell from an
opened 0. Flat looks tell them apart by colour only: a checkerboard of two greens over
tan, light tiles over a dark page, grey over white. Which face means which is learned
from what the game shows:

- digits lie on opened cells, flags on closed ones: their faces are opened and closed;
- a plain picture with a face like a known closed (opened) one is closed (opened);
- where the opened faces are known, a plain picture clearly unlike them is closed (the
  board's rules then check it: no opened 0 ever touches a closed cell), if no plain
  closed face is known yet: a look has one closed face family, a third face is not a
  cell's. A flag's face alone does not make that family: the pointer that just placed
  the flag rests on it, and many looks light the tile under the pointer;
- a face that is a known one lit by the pointer (brightened, or blended toward white,
  channel by channel alike) is of that face's family, where only one family's fits;
- a fresh board is all plain cells of one face family (the two shades of a
  checkerboard are one family): closed;
- a closed tile is framed as the known ones (a look may paint both families one colour
  and draw a border inside opened cells only), and a symbol lies on a closed face only
  as drawn: on a face a shade off it, it is a digit on an opened cell where it reads as
  one (:mod:`~recognizer.picture_naming`);
- a plain face a shade off the opened ones is another opened shade or the closed face
  of a look whose closed tiles are only a shade lighter: the board's rules tell which.

Where the look is raised (the game's closed cells have a bevel), a flat plain picture is
an opened 0, as the classic rules say.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from sweeper.recognizer.looks import TileLook, is_red
from sweeper.recognizer.naming import PLAIN_INK

FACE_MATCH = 16.0  # largest channel difference between faces of one family (a
# checkerboard's two shades differ by up to 14)
FACE_APART = 20.0  # a closed face differs from every opened one by at least this much
FRAME_APART = 60.0  # grey levels by which a band round a tile (its lift or drop, see
# ``looks``) differs between two pictures drawn unlike: a light border round opened cells
# only (180 levels on a navy look); one tile cut at another phase, or beside another
# neighbour, moves its bands by 20 at most
SAME_FACE = 4.0  # largest channel difference of one face drawn twice (a flat look paints
# each face in one colour; anti-aliasing and a browser's colour rounding move it 1 or 2)
LIT_GAIN = (1.03, 1.25)  # a pointer's highlight brightens a face by this factor (seen:
# 1.09 to 1.15) ...
LIT_BLEND = (0.03, 0.4)  # ... or blends it toward white by this share (seen: 0.25, 0.39)
LIT_ADD = (8.0, 60.0)  # ... or adds this much light to every channel alike (seen: 16 on a
# tan the last pressed cell keeps lit)
LIT_SLACK = 5.0  # largest channel miss of any model for a face to be a lit one
COVERED = frozenset({"unopened", "flag"})
OPENED = frozenset(str(n) for n in range(9))

FloatArray = npt.NDArray[np.float32]


@dataclass
class FaceEvidence:
    """What is known of a look's faces: opened ones, flat closed ones, and whether its
    closed tiles are raised."""

    opened: list[FloatArray] = field(default_factory=list)
    closed: list[FloatArray] = field(default_factory=list)
    opened_frames: list[FloatArray] = field(default_factory=list)  # (lift, drop) of each
    closed_frames: list[FloatArray] = field(default_factory=list)  # ... face above
    plain_closed: bool = False  # a closed face known from a plain picture, not a flag's
    raised_closed: int = 0  # closed pictures seen raised (the flat ones are ``closed``)
    shade_closed: bool = False  # a plain face a shade off the opened ones is closed

    @classmethod
    def of(cls, named: Sequence[tuple[str, TileLook]]) -> FaceEvidence:
        """The evidence of pictures already named (``(kind, look)`` pairs)."""
        evidence = cls()
        # flags last: whether a flag's face is one of its own needs the others known
        for kind, look in sorted(named, key=lambda pair: pair[0] == "flag"):
            evidence.add(kind, look)
        return evidence

    def add(self, kind: str, look: TileLook) -> None:
        """Count one more named picture."""
        if kind in OPENED:
            self.opened.append(look.face)
            self.opened_frames.append(frame(look))
        elif kind in COVERED and not is_red(look.face) and not self._own_face(kind, look):
            # a flag a loss shows on its mine's red square tells nothing of the closed
            # tiles' face, nor does one on a face of its own
            if look.raised:
                self.raised_closed += 1
            else:
                self.closed.append(look.face)
                self.closed_frames.append(frame(look))
                self.plain_closed |= plain(look)

    def _own_face(self, kind: str, look: TileLook) -> bool:
        """Whether a flat flag lies on a face of its own: flat closed faces are known,
        and its face is beyond ``FACE_MATCH`` of each of them and of every opened one (an
        emoji look draws its 🚧 on the white ground between its tiles, where its 🐣 0s
        lie too: taken for a closed face, it made every 🐣 with its red a flag)."""
        return kind == "flag" and not look.raised and bool(self.closed) and min(
            _nearest(look.face, self.closed), _nearest(look.face, self.opened)) > FACE_MATCH

    @property
    def raised(self) -> bool:
        """Whether the look's closed tiles are raised: more of its closed pictures are
        raised than flat. A flat look's closed cell caught with the outline round the
        opened area on its four sides and a sliver of an opened neighbour at its top left
        (the board shaken a pixel at a loss) passes for raised; taken as the look's
        relief, it made every plain flat picture an opened 0, and a fresh board that
        no learned picture read could never be named."""
        return self.raised_closed > len(self.closed)

    def closed_face(self, look: TileLook, marked: bool = False) -> bool:
        """Whether ``look`` has a flat closed face of this look (and no opened one),
        framed as the closed tiles are. A ``marked`` picture's face must be a known
        closed face as drawn (within ``SAME_FACE``): a mark lies on a closed tile of the
        look's own shade, and a symbol on a face a shade off it is a digit on an opened
        cell (a look whose opened cells are only a shade darker than its closed ones)."""
        to_closed = _nearest(look.face, self.closed, frame(look), self.closed_frames)
        return not self.raised and to_closed <= (SAME_FACE if marked else FACE_MATCH) and (
            to_closed < _nearest(look.face, self.opened))

    def framed_as_closed(self, look: TileLook) -> bool:
        """Whether a flat picture is framed as some known flat closed tile is (its bands
        within ``FRAME_APART``), or nothing tells: a raised picture, or no flat closed
        tile known. A look whose opened cells differ from its closed ones by a border
        alone draws a loss's mines with that border: a mark so framed lies on an opened
        cell, and is no flag."""
        if look.raised or not self.closed_frames:
            return True
        framed = frame(look)
        return min(float(np.abs(bands - framed).max())
                   for bands in self.closed_frames) <= FRAME_APART

    def plain_kind(self, face: FloatArray, framed: FloatArray | None = None) -> str | None:
        """The type of a flat picture without ink whose face is ``face`` (and whose
        bands are ``framed``, if known: a closed tile is framed as the known ones)."""
        if self.raised:
            return "0"
        to_opened = _nearest(face, self.opened)
        to_closed = _nearest(face, self.closed, framed, self.closed_frames)
        if to_closed <= FACE_MATCH and to_closed < to_opened:
            return "unopened"
        if self.shade_closed and self.shade_off(face, framed):
            return "unopened"
        if to_opened <= FACE_MATCH:
            return "0"
        if self.opened and to_opened >= FACE_APART and not self.plain_closed and (
                not is_red(face)):  # a red face is the classic look's mine, not a closed tile
            return "unopened"  # the look's one closed face (a third face is something else)
        return None

    def shade_off(self, face: FloatArray, framed: FloatArray | None = None) -> bool:
        """Whether a plain flat picture (its ``face``, its bands ``framed``) is a shade
        off every known opened picture (its face within ``FACE_MATCH`` of one, none
        within ``SAME_FACE``, or framed unlike every one) and near no closed one:
        another shade of the opened cells (a checkerboard's; a 0 inside an opening whose
        edge draws a border), or the closed tile of a look whose closed cells are only a
        shade lighter than its opened ones, or drawn without the border its opened cells
        have. The board's rules tell which (:func:`~recognizer.learning.learn`)."""
        to_opened = _nearest(face, self.opened)
        same_frame = _nearest(face, self.opened, framed, self.opened_frames)
        return (not self.raised and to_opened <= FACE_MATCH
                and (to_opened > SAME_FACE or same_frame > FACE_MATCH)
                and _nearest(face, self.closed) > FACE_MATCH and not is_red(face))

    def unlit(self, face: FloatArray) -> FloatArray | None:
        """The known flat face of which ``face`` is the pointer's highlight (many flat
        looks light the tile under the pointer), if it is one of exactly one family's
        and both families are known; else None."""
        return self._lit_pair(face, face_lit=True)

    def lit_known(self, face: FloatArray) -> FloatArray | None:
        """The known flat face that is ``face`` lit by the pointer, if exactly one
        family's is and both families are known; else None. A look may first show a
        family under the pointer only (the first click's number, lit while the pointer
        rests on it): that family's unlit face then lies further from the lit one than a
        face of the family may, and is its face all the same."""
        return self._lit_pair(face, face_lit=False)

    def _lit_pair(self, face: FloatArray, face_lit: bool) -> FloatArray | None:
        """The one family's known face that ``face`` is (``face_lit``) or would be, lit
        by the pointer; None for a face of a known family or a match in both."""
        if self.raised or not self.closed or not self.opened:
            return None
        if min(_nearest(face, self.closed), _nearest(face, self.opened)) <= FACE_MATCH:
            return None  # a face of its own family, not a lit or an unlit one

        def pairs(known: FloatArray) -> bool:
            return lit(face, known) if face_lit else lit(known, face)

        closed = [known for known in self.closed if pairs(known)]
        opened = [known for known in self.opened if pairs(known)]
        if bool(closed) == bool(opened):
            return None
        return (closed or opened)[0]


def lit(face: FloatArray, base: FloatArray) -> bool:
    """Whether ``face`` is ``base`` brightened (scaled up, blended toward white, or with
    light added) by a pointer's highlight, channel by channel alike."""
    face64, base64 = face.astype(np.float64), base.astype(np.float64)
    if float(face64.min()) >= 255.0 - LIT_SLACK:
        return False  # white: any light face lit so far clips to it, and so does a plain
        # white ground (an emoji look's icons lie on the white between its tiles)
    gain = float(face64 @ base64 / max(float(base64 @ base64), 1.0))
    if LIT_GAIN[0] <= gain <= LIT_GAIN[1] and (
            np.abs(np.minimum(base64 * gain, 255.0) - face64).max() <= LIT_SLACK):
        return True
    room = 255.0 - base64
    blend = float((face64 - base64) @ room / max(float(room @ room), 1.0))
    if LIT_BLEND[0] <= blend <= LIT_BLEND[1] and (
            np.abs(base64 + blend * room - face64).max() <= LIT_SLACK):
        return True
    added = float(np.mean(face64 - base64))
    return LIT_ADD[0] <= added <= LIT_ADD[1] and (
        np.abs(np.minimum(base64 + added, 255.0) - face64).max() <= LIT_SLACK)


def one_family(looks: Sequence[TileLook]) -> bool:
    """Whether plain pictures are all of one relief and one face family (a fresh
    board's cells, the two shades of a checkerboard included)."""
    if not looks or not all(plain(look) for look in looks):
        return False
    if len({look.raised for look in looks}) > 1:
        return False
    faces = np.stack([look.face for look in looks])
    return float(np.ptp(faces, axis=0).max()) <= FACE_MATCH


def plain(look: TileLook) -> bool:
    """Whether a picture shows nothing on its face."""
    return not look.has_ink or look.ink_share < PLAIN_INK


def frame(look: TileLook) -> FloatArray:
    """A picture's bands round its face: ``(lift, drop)``."""
    return np.array([look.lift, look.drop], np.float32)


def _nearest(face: FloatArray, faces: Sequence[FloatArray], framed: FloatArray | None = None,
             frames: Sequence[FloatArray] = ()) -> float:
    """The largest channel difference from ``face`` to the closest of ``faces``; with
    ``framed``, of those whose ``frames`` lie within ``FRAME_APART`` of it."""
    if framed is not None:
        faces = [other for other, bands in zip(faces, frames, strict=True)
                 if float(np.abs(bands - framed).max()) <= FRAME_APART]
    if not faces:
        return float("inf")
    return float(min(np.abs(face - other).max() for other in faces))
