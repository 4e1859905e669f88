"""The smiley button above the board: where it is and what mood it shows.

The face is the yellow disc above the board. Its mood is told by its dark features
alone (eyes, sunglasses, mouth): the dark pixels inside the disc, scaled to a small
square, are compared with those of the skins' face pictures. That ignores the button
around the face and the exact size and pixelation of the drawing.
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np
import numpy.typing as npt

from sweeper.core import Rect
from sweeper.recognizer.geometry import BoardGeometry
from sweeper.recognizer.image_io import Image, as_image
from sweeper.recognizer.skins import Skin, available_skins, load_skin

SEARCH_ROWS = 5.0  # how many cell pitches above the board the face may sit
FACE_BORDER = 4  # px a face picture is larger than its yellow disc (see capture)
SIGNATURE_SIZE = 12  # the dark features are compared at this many pixels square
OUTLINE_INSET = 0.14  # share of the disc's size left out all round (its black outline)
YELLOW_LOW = np.array([0, 191, 191], dtype=np.uint8)  # BGR bounds of a smiley's yellow
YELLOW_HIGH = np.array([119, 255, 255], dtype=np.uint8)
MIN_FACE_FILL = 0.4  # share of its box a face's yellow fills (faces 0.51 to 0.78 on the
# corpus, features and outline cut out; a stopwatch's yellow rim 0.25)
MIN_FACE_SCORE = 0.6  # lowest correlation of features accepted as a mood
MIN_FACE_MARGIN = 0.1  # least lead of the best mood over the others
MIN_AREA_SIDE = 8  # px: a narrower or lower strip above the board holds no face
ROUGH_STEP = 2  # the face is first looked for on every ROUGH_STEP-th pixel (4 times fewer)
ROUGH_MARGIN = 4  # px round the rough find measured again at full resolution
MIN_FACE_SIZE = 0.4  # of a cell's pitch: a smaller yellow shape is no face button
MAX_FACE_ASPECT = 1.3  # a face's box is about square (a disc), within this ratio
FEATURE_DARK = 100  # brightest channel below which a face's pixel is a dark feature
FLAT_NORM = 1e-6  # a signature with less spread is featureless, left unscaled

Signature = npt.NDArray[np.float32]
KnownFaces = dict[str, list[Signature]]  # status -> face signatures


def face_search_area(image: Image, geometry: BoardGeometry) -> Rect | None:
    """The strip above the board where a face button would be (None if there is none)."""
    board = geometry.rect
    top = max(0, round(board.top - SEARCH_ROWS * geometry.pitch))
    left = max(0, board.left)
    right = min(image.shape[1], board.right)
    if right <= left or board.top <= top:
        return None
    return Rect(left=left, top=top, width=right - left, height=board.top - top)


def find_yellow_face(image: Image, geometry: BoardGeometry) -> Rect | None:
    """The rectangle of the largest yellow disc above the board, or None.

    Looked for on every other pixel of the strip above the board first, then measured
    at full resolution round what was found.
    """
    area = face_search_area(image, geometry)
    if area is None or area.width < MIN_AREA_SIDE or area.height < MIN_AREA_SIDE:
        return None
    strip = image[area.top:area.bottom, area.left:area.right]
    step = ROUGH_STEP
    rough = yellow_disc(strip[::step, ::step], geometry.pitch / step)
    if rough is None:
        return None
    x, y, w, h = step * rough.left, step * rough.top, step * rough.width, step * rough.height
    margin = ROUGH_MARGIN
    x0, y0 = max(0, x - margin), max(0, y - margin)
    found = yellow_disc(strip[y0:y + h + margin, x0:x + w + margin], geometry.pitch)
    if found is None:
        return None
    return found.moved(area.left + x0, area.top + y0)


class FaceSearch:
    """:func:`find_yellow_face` for one reader, answered again without a search while the
    strip above the board shows the same pixels (most of a game's screenshots)."""

    def __init__(self) -> None:
        self._last: tuple[Rect, float, Image, Rect | None] | None = None

    def find(self, image: Image, geometry: BoardGeometry) -> Rect | None:
        """What ``find_yellow_face(image, geometry)`` answers."""
        area = face_search_area(image, geometry)
        if area is None:
            return find_yellow_face(image, geometry)
        strip = image[area.top:area.bottom, area.left:area.right]
        last = self._last
        if (last is not None and last[0] == area and last[1] == geometry.pitch
                and np.array_equal(last[2], strip)):
            return last[3]
        found = find_yellow_face(image, geometry)
        self._last = area, geometry.pitch, strip.copy(), found
        return found


def yellow_disc(area: Image, pitch: float) -> Rect | None:
    """The rectangle of the largest roughly round yellow shape in ``area``, or None.

    The face's features (sunglasses, eyes, mouth) may cut its yellow into pieces: the
    pieces lying within the largest one's span, widened a little, count as one face.
    """
    yellow = as_image(cv2.inRange(area, YELLOW_LOW, YELLOW_HIGH))
    count, _, stats, _ = cv2.connectedComponentsWithStats(yellow, connectivity=8)
    if count <= 1:
        return None
    boxes = stats[1:, :4].astype(np.int64)
    largest = boxes[int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))]
    reach = max(largest[2], largest[3]) // 2
    left, top = largest[0] - reach, largest[1] - reach
    right, bottom = largest[0] + largest[2] + reach, largest[1] + largest[3] + reach
    inside = ((boxes[:, 0] >= left) & (boxes[:, 1] >= top)
              & (boxes[:, 0] + boxes[:, 2] <= right) & (boxes[:, 1] + boxes[:, 3] <= bottom))
    chosen = boxes[inside]
    x, y = int(chosen[:, 0].min()), int(chosen[:, 1].min())
    w = int((chosen[:, 0] + chosen[:, 2]).max()) - x
    h = int((chosen[:, 1] + chosen[:, 3]).max()) - y
    if min(w, h) < MIN_FACE_SIZE * pitch or max(w, h) > MAX_FACE_ASPECT * min(w, h):
        return None
    if float(yellow[y:y + h, x:x + w].mean()) / 255 < MIN_FACE_FILL:
        return None  # a yellow ring round a white dial: a clock, not a face
    return Rect(left=x, top=y, width=w, height=h)


def read_face(image: Image, geometry: BoardGeometry, known: KnownFaces) -> str | None:
    """``playing``, ``won`` or ``lost`` from the face above the board, or None if no face
    is seen or its mood is not clearly one of ``known``'s."""
    found = find_yellow_face(image, geometry)
    if found is None:
        return None
    return mood_of(face_signature(image, found), known)


def face_signature(image: Image, box: Rect) -> Signature:
    """The signature of the face found at ``box``."""
    return signature(image[box.top:box.bottom, box.left:box.right])


def mood_of(seen: Signature, known: KnownFaces, min_score: float = MIN_FACE_SCORE,
            ) -> str | None:
    """The status whose known faces ``seen`` matches clearly best (by ``min_score`` at
    least), or None."""
    best: dict[str, float] = {}
    for status, signatures in known.items():
        for other in signatures:
            best[status] = max(best.get(status, -1.0), float(seen @ other))
    if not best:
        return None
    ranked = sorted(best.values(), reverse=True)
    status = max(best, key=lambda name: best[name])
    runner_up = ranked[1] if len(ranked) > 1 else -1.0
    if ranked[0] < min_score or ranked[0] - runner_up < MIN_FACE_MARGIN:
        return None
    return status


def signature(disc: Image) -> Signature:
    """The dark features inside a face's disc (its bounding box), as a unit vector."""
    height, width = disc.shape[:2]
    inset_y, inset_x = round(height * OUTLINE_INSET), round(width * OUTLINE_INSET)
    inner = disc[inset_y:height - inset_y, inset_x:width - inset_x]
    dark = (inner.max(axis=2) < FEATURE_DARK).astype(np.float32)
    small = cv2.resize(dark, (SIGNATURE_SIZE, SIGNATURE_SIZE), interpolation=cv2.INTER_AREA)
    vector = np.asarray(small, dtype=np.float32).ravel()
    vector -= vector.mean()
    norm = float(np.linalg.norm(vector))
    return vector / norm if norm > FLAT_NORM else vector


def skin_faces(skin: Skin) -> KnownFaces:
    """The signatures of a tile set's face pictures (where a disc is found in them)."""
    found: KnownFaces = {}
    for status, pictures in skin.faces.items():
        for picture in pictures:
            disc = yellow_disc(picture, min(skin.size))
            if disc is not None:
                found.setdefault(status, []).append(face_signature(picture, disc))
    return found


@lru_cache(maxsize=1)
def shipped_faces() -> KnownFaces:
    """The face signatures of every shipped tile set: smileys look alike."""
    merged: KnownFaces = {}
    for name in available_skins():
        for status, signatures in skin_faces(load_skin(name)).items():
            merged.setdefault(status, []).extend(signatures)
    return merged
