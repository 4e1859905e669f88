"""A game's end told by a message drawn over the board: "Game over", "You win!".

Some games show their end with a box over the middle of the board and no face: the cells
under it cannot be read, and the board alone may not tell the end (only the mine that
went off shows, drawn as an icon of the game's own). The words in the covered part are
read by the OCR as for the mine count (:mod:`recognizer.mine_counter`'s inks); a
message that says the game was lost or won tells the status.
"""

from __future__ import annotations

import re
from collections.abc import Collection

import cv2
import numpy as np
import pytesseract

from sweeper.core import Cell, GameStatus, Rect
from sweeper.recognizer.geometry import BoardGeometry
from sweeper.recognizer.image_io import Image, as_image
from sweeper.recognizer.mine_counter import ink_images, ocr_words

LOST_WORDS = re.compile(r"\b(?:game over|you lose|you lost|you died|boom|kaboom)\b")
WON_WORDS = re.compile(r"\b(?:you win|you won|winner|victory|congratulations|"
                       r"you cleared|well done)\b")
MARGIN_CELLS = 2  # cells round the covered ones searched (a box's edge over read cells)
TEXT_PITCH = 60.0  # px a cell pitch is scaled to for the OCR: a message's words, some 0.4
# of a pitch tall, come to 25 px (aryanpanda-dark's 17 px "Game Over!" read with too
# little confidence at 40, the mine count's scale)
MAX_SCALE = 4.0  # ... enlarged at most this much (more makes no sharper text, only pixels)
OCR_CONFIG = "--psm 11"  # sparse text: a message's few big words anywhere in the box
MIN_WORD_CONFIDENCE = 60.0  # the OCR's least confidence in a word of the message


def end_told(image: Image, geometry: BoardGeometry,
             covered: Collection[Cell]) -> GameStatus | None:
    """``lost`` or ``won`` if words over the ``covered`` cells of the board in ``image``
    say so (and not both), else None."""
    area = _covered_area(image, geometry, covered)
    if area is None:
        return None
    text = _words(image[area.top:area.bottom, area.left:area.right], geometry.pitch)
    lost, won = bool(LOST_WORDS.search(text)), bool(WON_WORDS.search(text))
    if lost == won:
        return None
    return "lost" if lost else "won"


def _covered_area(image: Image, geometry: BoardGeometry,
                  covered: Collection[Cell]) -> Rect | None:
    """The box round the largest patch of covered cells (a box drawn over the board;
    a lone covered cell elsewhere is the mine that went off), grown by
    ``MARGIN_CELLS``, inside ``image``."""
    if not covered:
        return None
    mask = np.zeros((geometry.rows, geometry.cols), np.uint8)
    for cell in covered:
        mask[cell] = 1
    _, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    largest = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    rows, cols = np.nonzero(labels == largest)
    pitch_x, pitch_y = geometry.pitch_x, geometry.pitch_y
    board = geometry.rect
    left = round(board.left + (min(cols) - MARGIN_CELLS) * pitch_x)
    top = round(board.top + (min(rows) - MARGIN_CELLS) * pitch_y)
    right = round(board.left + (max(cols) + 1 + MARGIN_CELLS) * pitch_x)
    bottom = round(board.top + (max(rows) + 1 + MARGIN_CELLS) * pitch_y)
    height, width = image.shape[:2]
    return Rect(left=0, top=0, width=width, height=height).intersection(
        Rect(left=left, top=top, width=max(1, right - left), height=max(1, bottom - top)))


def _words(crop: Image, pitch: float) -> str:
    """The confident words the OCR reads in ``crop``, lower-cased, in one line."""
    scale = min(MAX_SCALE, max(1.0, TEXT_PITCH / pitch))
    gray = cv2.resize(cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY), None, fx=scale, fy=scale,
                      interpolation=cv2.INTER_CUBIC)
    found: list[str] = []
    try:
        for ink in ink_images(as_image(gray), pitch * scale):
            words = ocr_words(ink, scale, pitch, OCR_CONFIG)
            found += [word.text for word in words if word.confidence >= MIN_WORD_CONFIDENCE]
            found.append("|")  # no phrase runs from one reading into the next
    except pytesseract.TesseractNotFoundError:
        return ""
    return " ".join(found).lower().replace("!", " ")
