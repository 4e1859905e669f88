"""Push buttons in a picture: where a dialog over the board has its OK.

A dialog that Enter does not close is closed as a person would, with its OK button. A
push button is a small rectangle, raised (light border above and left, dark below and
right) or filled (a flat face of a colour of its own, as on a web page's "Play again"),
with a short label in its middle, darker or lighter than its face. ``find_buttons`` finds
such rectangles and measures their labels; the caller presses the one whose label is
narrowest (OK beside "Reset Scores" or "Cancel").
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from sweeper.core import Rect
from sweeper.recognizer.image_io import Image, as_image

MIN_SIZE = (24, 14)  # (width, height) px of the smallest button
MAX_SIZE = (360, 80)  # ... and of the largest: a wide label such as "Reset Scores", or a
# web page's padded button (tejj-neon's "DISCONNECT", 170x52 at device scale 1), at 1.5
MIN_ASPECT = 1.2  # buttons are wider than tall
BORDER_STEP = 24  # grey levels the light border is above the dark one
LABEL_INK = 60  # grey levels a label's pixel is darker or lighter than the button's face
FILL_STEP = 40  # colour levels (largest channel) a filled button's face is off its
# surroundings: a coloured button on a white or grey dialog is far more, a frame drawn
# round the dialog's own colour is not
FACE_SHARE = 0.9  # of each side's band that is the face's one colour (a word's or an
# icon's box crosses strokes and background alike on one side or another)
RING = 3  # px round a button where its surroundings' colour is sampled
CANNY_THRESHOLDS = (40, 120)  # gradients of Canny's weak and strong edges (the usual 1:3):
# a button's border steps by BORDER_STEP or more, so its outline is found whole
BORDER_BAND = 2  # px of each border line sampled (a toolkit's bevel is 1 or 2 px)
LABEL_MARGIN = 4  # px left out each side of the label's search: the border and its shade
LABEL_ROWS = 4  # the label is looked for in the middle of the height, a 1/LABEL_ROWS cut off
# above and below (the border and the padding)
SAME_PLACE = 4  # px within which two contours' corners are one button's


@dataclass(frozen=True)
class Button:
    """A button's box in the picture and the width of its label (0: none seen)."""

    x: int
    y: int
    width: int
    height: int
    label_width: int

    @property
    def centre(self) -> tuple[int, int]:
        return self.x + self.width // 2, self.y + self.height // 2

    @property
    def rect(self) -> Rect:
        """The button's box as a rectangle of the picture."""
        return Rect(left=self.x, top=self.y, width=self.width, height=self.height)


def find_buttons(image: Image) -> list[Button]:
    """The raised or filled, labelled rectangles of button size in ``image``."""
    grey = as_image(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY))
    edges = as_image(cv2.Canny(grey, *CANNY_THRESHOLDS))
    contours, _ = cv2.findContours(edges, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    found: list[Button] = []
    for contour in contours:
        x, y, width, height = cv2.boundingRect(contour)
        if not _button_sized(width, height):
            continue
        label = _button_label(image, grey, (x, y, width, height))
        if label and not _overlaps(found, x, y):
            found.append(Button(x, y, width, height, label))
    # a word of a button's label may outline a box of its own inside the button's
    return [button for button in found
            if not any(other != button and other.rect.contains_rect(button.rect)
                       for other in found)]


def _button_label(image: Image, grey: Image, box: tuple[int, int, int, int]) -> int:
    """The label width of a raised box with a dark label, or of a filled one with a label
    darker or lighter than its face (0: no button; a word's box, lighter between its
    strokes than on them, is neither)."""
    x, y, width, height = box
    dark = (_label_width(grey, x, y, width, height, lighter_too=False)
            if _raised(grey, x, y, width, height) else 0)
    if dark or not _filled(image, x, y, width, height):
        return dark
    return _label_width(grey, x, y, width, height, lighter_too=True)


def _button_sized(width: int, height: int) -> bool:
    return (MIN_SIZE[0] <= width <= MAX_SIZE[0] and MIN_SIZE[1] <= height <= MAX_SIZE[1]
            and width >= MIN_ASPECT * height)


def _raised(grey: Image, x: int, y: int, width: int, height: int) -> bool:
    """Light top and left border lines, dark bottom and right ones."""
    box = grey[y:y + height, x:x + width].astype(np.float32)
    band = BORDER_BAND
    light = (np.median(box[:band, band:-band]) + np.median(box[band:-band, :band])) / 2
    dark = (np.median(box[-band:, band:-band]) + np.median(box[band:-band, -band:])) / 2
    return bool(light - dark >= BORDER_STEP)


def _filled(image: Image, x: int, y: int, width: int, height: int) -> bool:
    """A face of one colour all along the inside of each of the box's sides (where a
    padded label never reaches), far from the colour round the box."""
    box = image[y:y + height, x:x + width].astype(np.int16)
    inset, keep_w, keep_h = BORDER_BAND + 1, width // 5, height // 5  # corners may be round
    sides = [box[inset, keep_w:-keep_w], box[-inset - 1, keep_w:-keep_w],
             box[keep_h:-keep_h, inset], box[keep_h:-keep_h, -inset - 1]]
    top, left = max(y - RING, 0), max(x - RING, 0)
    ring = image[top:y + height + RING, left:x + width + RING].astype(np.int16)
    ring[y - top:y - top + height, x - left:x - left + width] = -1  # the box itself
    around = ring.reshape(-1, 3)
    around = around[around[:, 0] >= 0]
    if any(side.size == 0 for side in sides) or around.size == 0:
        return False
    face = np.median(np.concatenate(sides), axis=0)
    one_colour = all(np.mean(np.abs(side - face).max(axis=1) <= FILL_STEP // 2) >= FACE_SHARE
                     for side in sides)
    return one_colour and bool(np.abs(face - np.median(around, axis=0)).max() >= FILL_STEP)


def _label_width(grey: Image, x: int, y: int, width: int, height: int, *,
                 lighter_too: bool) -> int:
    """The width of the label in the button's middle, darker (or, ``lighter_too``,
    lighter) than its face (0 without one)."""
    inner = grey[y + height // LABEL_ROWS:y + height - height // LABEL_ROWS,
                 x + LABEL_MARGIN:x + width - LABEL_MARGIN]
    if inner.size == 0:
        return 0
    face = float(np.median(inner))
    ink = (np.abs(inner.astype(np.float32) - face) if lighter_too
           else face - inner.astype(np.float32)) > LABEL_INK
    columns = np.nonzero(ink.any(axis=0))[0]
    if columns.size == 0 or columns[0] == 0 or columns[-1] == inner.shape[1] - 1:
        return 0  # no label, or ink to the sides: a word's own box, not a padded button
    return int(columns[-1] - columns[0] + 1)


def _overlaps(found: list[Button], x: int, y: int) -> bool:
    """Whether a button was already found at about this place (one button, two contours)."""
    return any(abs(button.x - x) <= SAME_PLACE and abs(button.y - y) <= SAME_PLACE
               for button in found)
