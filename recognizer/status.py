"""The game's status a reading shows: from the board where it can tell, else from the
face above it.

A revealed mine means lost (always so when it lies on red: the one that went off), and
with the mine count known a board whose every safe cell is open is won. The face above
the board, where there is one, decides otherwise; the faces of a look never seen before
are learned from the boards whose status is certain.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from sweeper.core import MINE, game_status, mine_count
from sweeper.recognizer.faces import (
    MIN_FACE_SCORE,
    FaceSearch,
    KnownFaces,
    face_signature,
    find_yellow_face,
    mood_of,
    shipped_faces,
)
from sweeper.recognizer.geometry import BoardGeometry
from sweeper.recognizer.image_io import Image
from sweeper.recognizer.learned import LearnedSkin
from sweeper.recognizer.naming import red_face
from sweeper.recognizer.recognition import Status
from sweeper.recognizer.rules import BoolGrid, flagged_to_the_end

ENDS = ("won", "lost")  # the moods a face may show once every safe cell is open
END_FACE_SCORE = 0.4  # lowest correlation with a won or lost face that tells the two
# apart there: classic winners' faces match the shipped won face 0.45 to 0.76 (aegis-w2k
# at 1.25, 0.58, under the 0.6 a mood needs among all three), an emoji 😵 0.06 to 0.17
MAX_FACES = 3  # face pictures kept per status
SAME_FACE = 0.98  # correlation of two face signatures above which the second adds nothing


def exploded(skin: LearnedSkin, templates: npt.NDArray[np.int64],
             readable: npt.NDArray[np.bool_]) -> bool:
    """Whether a readable cell (read as ``templates``, indices into ``skin``) shows a mine
    on a red face: the one that went off."""
    red = [index for index, template in enumerate(skin.templates)
           if template.kind == "mine" and red_face(template.look)]
    if not red:
        return False
    is_red = np.zeros(len(skin.templates), np.bool_)
    is_red[red] = True
    return bool(is_red[templates[readable]].any())


def read_status(picture: Image, geometry: BoardGeometry, codes: npt.NDArray[np.int8],
                readable: BoolGrid, *, went_off: bool, faces: KnownFaces,
                total_mines: int | None, face_search: FaceSearch | None = None) -> Status:
    """The status the board shows, or failing that, the face (whose look for a status the
    board shows is kept in ``faces``; ``face_search`` remembers where it was last)."""
    from_board = board_status(codes, readable, went_off, total_mines)
    face = (find_yellow_face(picture, geometry) if face_search is None
            else face_search.find(picture, geometry))
    if face is None:
        return from_board or ("playing" if readable.all() else "unknown")
    seen = face_signature(picture, face)
    if from_board == "won" and _shows_mines(codes, readable):
        # a loss that opens the whole board reads the same: the face tells, if known;
        # with every safe cell open it need only tell won from lost
        return _mood(seen, faces, among=ENDS, min_score=END_FACE_SCORE) or "unknown"
    if from_board is not None:
        remember_face(faces, from_board, seen)
        return from_board
    mood = _mood(seen, faces)
    if mood is not None:
        return mood
    return "playing" if readable.all() and total_mines is None else "unknown"


def board_status(codes: npt.NDArray[np.int8], readable: BoolGrid,
                 went_off: bool, total_mines: int | None) -> Status | None:
    """Won when every safe cell is open (with the mine count known; some games show
    the mines then) or the numbers prove every closed cell a flagged mine, lost when a
    mine shows; playing on a fresh board or, with the mine count known, a board with
    safe cells left to open. A mine that went off
    (on red) means lost whatever else the board shows."""
    mine_shown = _shows_mines(codes, readable)
    if went_off:
        return "lost"
    if not readable.all():
        return "lost" if mine_shown else None
    rows, cols = codes.shape
    total = mine_count(rows, cols, total_mines)
    covered = int(np.count_nonzero(codes < 0))
    if total is not None and covered == total:
        return "won"
    if mine_shown:
        return "lost"
    if flagged_to_the_end(codes):
        return "won"  # whatever the count: a game of fewer mines than its size's standard
    if total is not None or covered == codes.size:
        return "playing"
    return None


def _mood(seen: npt.NDArray[np.float32], faces: KnownFaces,
          among: tuple[str, ...] | None = None, min_score: float = MIN_FACE_SCORE,
          ) -> Status | None:
    """The status the face ``seen`` shows, by the faces learned or shipped (of the
    statuses ``among`` only, if given, matched by ``min_score`` at least)."""
    def kept(known: KnownFaces) -> KnownFaces:
        return known if among is None else {k: v for k, v in known.items() if k in among}
    return game_status(mood_of(seen, kept(faces), min_score)
                       or mood_of(seen, kept(shipped_faces()), min_score))


def _shows_mines(codes: npt.NDArray[np.int8], readable: BoolGrid) -> bool:
    """Whether a readable cell shows a mine."""
    return bool(np.any((codes == MINE) & readable))


def remember_face(faces: KnownFaces, status: str, seen: npt.NDArray[np.float32]) -> None:
    """Keep ``seen`` as a face of ``status`` unless it is like one kept already."""
    known = faces.setdefault(status, [])
    if len(known) < MAX_FACES and all(float(seen @ other) < SAME_FACE for other in known):
        known.append(seen)
