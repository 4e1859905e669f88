"""The game's status: playing, won or lost, from the face and from the board itself."""

from __future__ import annotations

from typing import Literal

import numpy as np
import numpy.typing as npt

from analyzer.board import MINE, UNOPENED
from recognizer.faces import read_face
from recognizer.geometry import BoardGeometry
from recognizer.image_io import Image
from recognizer.skins import Skin

Status = Literal["playing", "won", "lost", "unknown"]
FACE_STATUS: dict[str, Status] = {"playing": "playing", "won": "won", "lost": "lost"}


def game_status(
    image: Image,
    geometry: BoardGeometry,
    skin: Skin,
    codes: npt.NDArray[np.int8],
    readable: npt.NDArray[np.bool_],
) -> Status:
    """The status shown on screen.

    A revealed mine means the game is lost, whatever the face says. Otherwise the face
    decides; without a readable face, a fully readable board with nothing left to open
    is won, and anything else is ``unknown``.
    """
    if np.any((codes == MINE) & readable):
        return "lost"
    face = FACE_STATUS.get(read_face(image, geometry, skin) or "")
    if face is not None:
        return face
    if readable.all() and not np.any(codes == UNOPENED):
        return "won"
    return "unknown"
