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

from recognizer.geometry import BoardGeometry
from recognizer.image_io import Image, as_image
from recognizer.skins import Skin, available_skins, load_skin

SEARCH_ROWS = 5.0  # how many cell pitches above the board the face may sit
FACE_BORDER = 4  # px a face picture is larger than its yellow disc (see capture)
SIGNATURE_SIZE = 12  # the dark features are compared at this many pixels square
OUTLINE_INSET = 0.14  # share of the disc's size left out all round (its black outline)
MIN_FACE_SCORE = 0.6  # lowest correlation of features accepted as a mood
MIN_FACE_MARGIN = 0.1  # least lead of the best mood over the others

Box = tuple[int, int, int, int]
Signature = npt.NDArray[np.float32]


def face_search_area(image: Image, geometry: BoardGeometry) -> Box:
    """``(x, y, w, h)``: the strip above the board where a face button would be."""
    x, y, width, _ = geometry.rect
    top = max(0, round(y - SEARCH_ROWS * geometry.pitch))
    left = max(0, x)
    right = min(image.shape[1], x + width)
    return left, top, max(0, right - left), max(0, y - top)


def find_yellow_face(image: Image, geometry: BoardGeometry) -> Box | None:
    """``(x, y, w, h)`` of the largest yellow disc above the board, or None."""
    left, top, width, height = face_search_area(image, geometry)
    if width < 4 or height < 4:
        return None
    found = yellow_disc(image[top:top + height, left:left + width], geometry.pitch)
    if found is None:
        return None
    x, y, w, h = found
    return left + x, top + y, w, h


def yellow_disc(area: Image, pitch: float) -> Box | None:
    """``(x, y, w, h)`` of the largest roughly round yellow shape in ``area``, or None."""
    pixels = area.astype(np.int16)
    blue, green, red = pixels[..., 0], pixels[..., 1], pixels[..., 2]
    yellow = ((red > 190) & (green > 190) & (blue < 120)).astype(np.uint8)
    # join the parts of a face cut apart by its features (sunglasses, eyes, mouth) to
    # pick the face, then measure the face by its own yellow pixels only
    size = max(3, round(0.35 * pitch)) | 1
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
    padded = cv2.copyMakeBorder(yellow, size, size, size, size, cv2.BORDER_CONSTANT, value=0)
    joined = as_image(cv2.morphologyEx(padded, cv2.MORPH_CLOSE, kernel))[size:-size, size:-size]
    count, labels, stats, _ = cv2.connectedComponentsWithStats(joined, connectivity=8)
    if count <= 1:
        return None
    label = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    rows, cols = np.nonzero((labels == label) & (yellow > 0))
    x, y = int(cols.min()), int(rows.min())
    w, h = int(cols.max()) - x + 1, int(rows.max()) - y + 1
    if min(w, h) < 0.4 * pitch or max(w, h) > 1.3 * min(w, h):
        return None
    return x, y, w, h


def read_face(image: Image, geometry: BoardGeometry, skin: Skin) -> str | None:
    """``playing``, ``won`` or ``lost`` from the face above the board, or None if not seen.

    Compared with the faces of ``skin`` and of every shipped skin: smileys look alike.
    """
    found = find_yellow_face(image, geometry)
    if found is None:
        return None
    x, y, w, h = found
    seen = signature(image[y:y + h, x:x + w])
    best: dict[str, float] = {}
    for status, known in [*_face_signatures(skin), *_shipped_face_signatures()]:
        best[status] = max(best.get(status, -1.0), float(seen @ known))
    if not best:
        return None
    ranked = sorted(best.values(), reverse=True)
    status = max(best, key=lambda name: best[name])
    runner_up = ranked[1] if len(ranked) > 1 else -1.0
    if ranked[0] < MIN_FACE_SCORE or ranked[0] - runner_up < MIN_FACE_MARGIN:
        return None
    return status


def signature(disc: Image) -> Signature:
    """The dark features inside a face's disc (its bounding box), as a unit vector."""
    height, width = disc.shape[:2]
    inset_y, inset_x = round(height * OUTLINE_INSET), round(width * OUTLINE_INSET)
    inner = disc[inset_y:height - inset_y, inset_x:width - inset_x]
    dark = (inner.max(axis=2) < 100).astype(np.float32)
    small = cv2.resize(dark, (SIGNATURE_SIZE, SIGNATURE_SIZE), interpolation=cv2.INTER_AREA)
    vector = np.asarray(small, dtype=np.float32).ravel()
    vector -= vector.mean()
    norm = float(np.linalg.norm(vector))
    return vector / norm if norm > 1e-6 else vector


@lru_cache(maxsize=16)
def _face_signatures(skin: Skin) -> tuple[tuple[str, Signature], ...]:
    """The signature of each of the skin's face pictures (where a disc is found in it)."""
    found = []
    for status, pictures in skin.faces.items():
        for picture in pictures:
            disc = yellow_disc(picture, skin.pitch)
            if disc is not None:
                x, y, w, h = disc
                found.append((status, signature(picture[y:y + h, x:x + w])))
    return tuple(found)


@lru_cache(maxsize=1)
def _shipped_face_signatures() -> tuple[tuple[str, Signature], ...]:
    return tuple(item for name in available_skins() for item in _face_signatures(load_skin(name)))
