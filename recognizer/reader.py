"""Read every cell of a located board, learning the game's tile pictures as they appear.

A :class:`BoardReader` keeps what one game teaches across its screenshots: the learned
skin (:mod:`recognizer.learned`), the shipped tile sets it may start from, the faces
seen for each status, and the cells' last pictures. Each reading is the same steps, one
module each: cut the cells at the lattice (:mod:`recognizer.rereading`), start from the
shipped tile sets (:mod:`recognizer.priors`), compare the cells with the templates and
learn the pictures none explains (:mod:`recognizer.learning`), check the tiles named
against the game's rules (:mod:`recognizer.rules`) and read the status
(:mod:`recognizer.status`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np
import numpy.typing as npt

from sweeper.recognizer.faces import FaceSearch, KnownFaces
from sweeper.recognizer.families import OPENED
from sweeper.recognizer.geometry import BoardGeometry
from sweeper.recognizer.image_io import ImageSource, load_image
from sweeper.recognizer.learned import CODES, FloatArray, LearnedSkin
from sweeper.recognizer.learning import match_and_learn
from sweeper.recognizer.priors import adopt_priors
from sweeper.recognizer.realign import Realignments
from sweeper.recognizer.recognition import Recognition, cells_read
from sweeper.recognizer.rereading import CellVectors
from sweeper.recognizer.rules import impossible_cells
from sweeper.recognizer.skins import Skin
from sweeper.recognizer.status import exploded, read_status
from sweeper.recognizer.steadiness import Steadiness

MAX_DISTANCE_KEPT = 255  # a cell's distance to its template is reported up to this (a uint8 grey)


class BoardReader:
    """Reads boards of one game, learning its skin as it goes."""

    def __init__(self, priors: Sequence[Skin] = (), adopt_all: bool = False) -> None:
        """``priors`` are tile sets to start from (adopted when they read the board, or
        always with ``adopt_all``)."""
        self.skin = LearnedSkin()
        self.priors = list(priors)
        self.adopt_all = adopt_all
        self.faces: KnownFaces = {}
        self._priors_tried = False
        self._steadiness = Steadiness()  # how long each cell has held its picture
        self._cells = CellVectors()  # cut again only where the screenshot changed
        self._steadied: FloatArray | None = None  # the vectors steadiness saw last
        self._face_search = FaceSearch()  # searched again only where its strip changed
        self._realignments = Realignments()  # cells drawn off their place, as last found

    def read(self, image: ImageSource, geometry: BoardGeometry, total_mines: int | None = None,
             *, learn_when_stable: bool = False) -> Recognition:
        """Read the board at ``geometry`` in ``image``.

        ``total_mines`` (known for the standard sizes) lets the status say won. With
        ``learn_when_stable``, a new picture is learned only once a cell has held it for
        ``STEADY_SPAN_S`` over the readings (a tile caught half drawn or fading in is
        never learned)."""
        picture = load_image(image)
        # cut the lattice: every cell sampled at the matching size
        before = self._cells.last_vectors
        vectors = self._cells.of(picture, geometry)
        if not self._priors_tried:  # the first reading: start from the shipped tile sets
            self._priors_tried = True
            adopt_priors(self.skin, self.priors, vectors, geometry, self.adopt_all)
        # which cells may teach: all of them, or in play those that held their picture
        steady = (self._steady(geometry, vectors, before) if learn_when_stable
                  else np.ones(vectors.shape[0], dtype=np.bool_))
        # compare with the templates; name and learn the pictures none explains
        matches, learned = match_and_learn(self.skin, picture, geometry, vectors, steady,
                                           realignments=self._realignments)
        # the tiles named, checked against the game's rules
        shape = (geometry.rows, geometry.cols)
        codes = CODES[matches.kinds].reshape(shape)
        readable = matches.confident.reshape(shape)
        impossible = impossible_cells(codes, readable)
        readable &= ~impossible
        # the status: from the board, or else the face above it
        went_off = exploded(self.skin, matches.templates, readable.ravel())
        status = read_status(picture, geometry, codes, readable, went_off=went_off,
                             faces=self.faces, total_mines=total_mines,
                             face_search=self._face_search)
        return replace(cells_read(geometry, codes, readable, bool(impossible.any())),
                       skin=self.skin.name,
                       status=status, learned=tuple(learned),
                       distance=np.minimum(matches.distance, MAX_DISTANCE_KEPT).reshape(shape))

    def _steady(self, geometry: BoardGeometry, vectors: FloatArray,
                before: FloatArray | None) -> npt.NDArray[np.bool_]:
        """Which cells held their picture long enough to teach; only the cells cut again
        since ``before`` are compared, when steadiness saw ``before`` last."""
        changed = self._cells.changed if before is not None and before is self._steadied else None
        self._steadied = vectors
        return self._steadiness.steady(geometry, vectors, changed)

    def forget_opened_since(self, count: int) -> None:
        """Forget the opened-cell pictures (0 to 8) learned after the first ``count``
        templates ever learned (the skin's ``mark``). What a game's end showed must not
        teach the next game how its opened cells look: a dialog's plain inside reads as
        a 0, and an opened cell whose face is unlike that 0's would never be named
        again."""
        self.skin.forget(OPENED, since=count)
