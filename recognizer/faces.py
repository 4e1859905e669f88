"""The smiley button above the board: where it is and what mood it shows."""

from __future__ import annotations

import cv2
import numpy as np

from recognizer.geometry import BoardGeometry
from recognizer.image_io import Image, as_image
from recognizer.skins import Skin, scaled

SEARCH_ROWS = 5.0  # how many cell pitches above the board the face may sit
MIN_FACE_SCORE = 0.6  # lowest template correlation accepted as a face
MIN_FACE_MARGIN = 0.04  # least lead of the best mood over the others


def face_search_area(image: Image, geometry: BoardGeometry) -> tuple[int, int, int, int]:
    """``(x, y, w, h)``: the strip above the board where a face button would be."""
    x, y, width, _ = geometry.rect
    top = max(0, round(y - SEARCH_ROWS * geometry.pitch))
    left = max(0, x)
    right = min(image.shape[1], x + width)
    return left, top, max(0, right - left), max(0, y - top)


def find_yellow_face(image: Image, geometry: BoardGeometry) -> tuple[int, int, int, int] | None:
    """``(x, y, w, h)`` of the largest yellow disc above the board, or None."""
    left, top, width, height = face_search_area(image, geometry)
    if width < 4 or height < 4:
        return None
    area = image[top:top + height, left:left + width].astype(np.int16)
    blue, green, red = area[..., 0], area[..., 1], area[..., 2]
    yellow = ((red > 190) & (green > 190) & (blue < 120)).astype(np.uint8)
    # join the parts of a face cut apart by its features (sunglasses, eyes, mouth)
    size = max(3, round(0.35 * geometry.pitch)) | 1
    yellow = as_image(cv2.morphologyEx(
        yellow, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))))
    count, _, stats, _ = cv2.connectedComponentsWithStats(yellow, connectivity=8)
    if count <= 1:
        return None
    label = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    x, y, w, h = (int(v) for v in stats[label, :4])
    if min(w, h) < 0.4 * geometry.pitch or max(w, h) > 1.3 * min(w, h):
        return None
    return left + x, top + y, w, h


def read_face(image: Image, geometry: BoardGeometry, skin: Skin) -> str | None:
    """``playing``, ``won`` or ``lost`` from the skin's face pictures, or None if not seen."""
    if not skin.faces:
        return None
    left, top, width, height = face_search_area(image, geometry)
    area = image[top:top + height, left:left + width]
    factor = geometry.pitch / skin.pitch
    best: dict[str, float] = {}
    for status, pictures in skin.faces.items():
        for picture in pictures:
            template = scaled(picture, factor)
            if template.shape[0] > area.shape[0] or template.shape[1] > area.shape[1]:
                continue
            score = float(cv2.matchTemplate(area, template, cv2.TM_CCOEFF_NORMED).max())
            best[status] = max(best.get(status, -1.0), score)
    if not best:
        return None
    ranked = sorted(best.items(), key=lambda item: -item[1])
    status, score = ranked[0]
    runner_up = ranked[1][1] if len(ranked) > 1 else -1.0
    if score < MIN_FACE_SCORE or score - runner_up < MIN_FACE_MARGIN:
        return None
    return status
