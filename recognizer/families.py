"""Tell closed cells from opened ones by their face colour, where a look has no relief.

Classic tiles are raised while closed, and that alone tells a plain closed cell from an
opened 0. Flat looks tell them apart by colour only: a checkerboard of two greens over
tan, light tiles over a dark page, grey over white. Which face means which is learned
from what the game shows:

- digits lie on opened cells, flags on closed ones: their faces are opened and closed;
- a plain picture with a face like a known closed (opened) one is closed (opened);
- where the opened faces are known, a plain picture clearly unlike them is closed (the
  board's rules then check it: no opened 0 ever touches a closed cell), if no closed
  face is known yet: a look has one closed face family, a third face is not a cell's;
- a fresh board is all plain cells of one face family (the two shades of a
  checkerboard are one family): closed.

Where the look is raised (the game's closed cells have a bevel), a flat plain picture is
an opened 0, as the classic rules say.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from sweeper.recognizer.looks import TileLook
from sweeper.recognizer.naming import PLAIN_INK

FACE_MATCH = 16.0  # largest channel difference between faces of one family (a
# checkerboard's two shades differ by up to 14)
FACE_APART = 20.0  # a closed face differs from every opened one by at least this much
COVERED = frozenset({"unopened", "flag"})
OPENED = frozenset(str(n) for n in range(9))

FloatArray = npt.NDArray[np.float32]


@dataclass
class FaceEvidence:
    """What is known of a look's faces: opened ones, flat closed ones, and whether its
    closed tiles are raised."""

    opened: list[FloatArray] = field(default_factory=list)
    closed: list[FloatArray] = field(default_factory=list)
    raised: bool = False

    @classmethod
    def of(cls, named: Sequence[tuple[str, TileLook]]) -> FaceEvidence:
        """The evidence of pictures already named (``(kind, look)`` pairs)."""
        evidence = cls()
        for kind, look in named:
            evidence.add(kind, look)
        return evidence

    def add(self, kind: str, look: TileLook) -> None:
        """Count one more named picture."""
        if kind in OPENED:
            self.opened.append(look.face)
        elif kind in COVERED:
            if look.raised:
                self.raised = True
            else:
                self.closed.append(look.face)

    def closed_face(self, face: FloatArray) -> bool:
        """Whether ``face`` is a flat closed face of this look (and no opened one)."""
        to_closed = _nearest(face, self.closed)
        return not self.raised and to_closed <= FACE_MATCH and (
            to_closed < _nearest(face, self.opened))

    def plain_kind(self, face: FloatArray) -> str | None:
        """The type of a flat picture without ink whose face is ``face``."""
        if self.raised:
            return "0"
        to_opened, to_closed = _nearest(face, self.opened), _nearest(face, self.closed)
        if to_closed <= FACE_MATCH and to_closed < to_opened:
            return "unopened"
        if to_opened <= FACE_MATCH:
            return "0"
        if self.opened and to_opened >= FACE_APART and not self.closed:
            return "unopened"  # the look's one closed face (a third face is something else)
        return None


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


def _nearest(face: FloatArray, faces: Sequence[FloatArray]) -> float:
    """The largest channel difference from ``face`` to the closest of ``faces``."""
    if not faces:
        return float("inf")
    return float(min(np.abs(face - other).max() for other in faces))
