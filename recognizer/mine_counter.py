"""The game's mine count, read from the screen where the game shows one.

Classic games show it on a seven-segment counter above the board
(:mod:`recognizer.led_digits`); others write it as text around the board, in any font:
"Mines: 99", "Mines left: 97", "Mines: 0/10", a flag or a bomb icon beside "40" (a
clock's, beside a timer, marks no count). The text is read by Tesseract (Debian's
``tesseract-ocr``, through ``pytesseract``): a well-kept offline OCR that reads words
and numbers in fonts it was never shown, where glyphs rendered from the machine's own
fonts would read only the fonts installed here. Which of the numbers read is the count
is :mod:`recognizer.counter_text`'s call.

Read on a fresh board: then a clock shows 0 and a "mines left" counter the total.
Anything unsure reads as None (the caller then asks for the count).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt
import pytesseract

from sweeper.core import Rect
from sweeper.recognizer.counter_text import STRIPPED, Word, beside_an_icon, pick_mine_count
from sweeper.recognizer.geometry import BoardGeometry
from sweeper.recognizer.image_io import Image, as_image
from sweeper.recognizer.led_digits import (
    MAX_DIGITS,
    MIN_DIGITS,
    lit_digit_count,
    lit_segments,
    read_displays,
)

ROWS_ABOVE = 5.0  # cell pitches above the board where the count may be shown (a counter) ...
ROWS_BELOW = 4.0  # ... and below it (a status line)
MIN_SIDE_REACH = 4.0  # cell pitches beside the board looked at, or ...
SIDE_SHARE = 0.4  # ... this share of the board's width, if more (a panel beside a board)
TEXT_PITCH = 40.0  # px a cell pitch is scaled to for the OCR (text of about 20-30 px)
MAX_SCALE = 4.0  # ... enlarged at most this much (more makes no sharper text, only pixels)
MAX_OCR_PIXELS = 2_000_000  # the OCR's image is enlarged to at most this many pixels
LOCAL_PITCHES = 1.5  # cell pitches over which a pixel's surroundings are averaged
INK_CONTRAST = 12  # grey levels a text pixel stands out from its ground
INK_GROUND = 0.5  # cell pitches: a shape narrower than this, darker or lighter than what
# lies round it, is ink; its ground is what is left without it. Wider than a letter's
# strokes (some 0.3 pitches in the boldest text 1.5 pitches tall), narrower than the box a
# count is written in (about a cell tall)
INK_ON_GROUND = 0.5  # least share of a shape's pixels that stand out from the ground for
# it to be ink: a letter's strokes all do, the end of a box round a count none
MAX_LETTER_WIDTH = 2.0  # cell pitches: an ink shape wider ...
MAX_LETTER_HEIGHT = 1.5  # ... or taller is no letter
# page layouts read with: sparse text (words anywhere) and one block of text (which keeps
# short numbers the sparse reading drops as specks)
OCR_CONFIGS = ("--psm 11", "--psm 6")
ICON_HEIGHTS = (0.2, 2.0)  # an icon's height in cell pitches
ICON_SATURATION, ICON_VALUE = 120, 150  # least HSV saturation and value of an icon's colour
ICON_RIGHT_MARGIN = 2  # px an icon's box is grown by to its right (its outline's blur)
FLAG_HUES = ((0, 15), (165, 180))  # OpenCV hues of a flag icon: red to orange
TALL_SHARE = 0.6  # a digit's shape is at least this share of the tallest one of its word
DIGIT_WIDTH = 0.7  # a digit's width over its height, about (one shape this wide per digit)
MIN_TEXT_PITCHES = 0.15  # a word is at least this many cell pitches tall
MIN_NUMBER_CONFIDENCE = 50.0  # the OCR's least confidence in a word with digits
REREAD_HEIGHT = 48  # px a number is enlarged to for its second reading
DISPLAY_TEXT_HEIGHTS = (24, 40)  # px a counter's digits are enlarged to, read at each:
# Tesseract reads digits best 20-50 px tall, and a shape it guesses at reads otherwise at
# another size
REREAD_MARGIN = 2  # px round it taken across (more would take in a ":" before it)
REREAD_CONFIG = "--psm 7 -c tessedit_char_whitelist=0123456789/"  # one line of digits
MIN_COUNTER_AREA = 4  # px: a strip above the board narrower or lower holds no counter
ICON_ASPECT = (0.3, 2.5)  # an icon's width over its height (a narrow flag to a wide clock)
FLAG_HUE_SHARE = 0.6  # share of an icon's vivid pixels of a flag's hues for it to be a flag
SAME_LETTER_SIZE = 0.3  # letters of one word differ in height and level by at most this share
ICON_GROWTH = 3  # an icon is grown by 1/ICON_GROWTH of its height (its outline, a flag's stem)
SAME_PLACE = 3  # px: two readings of a word this close (on a grid this fine) are one word
REREAD_ROWS = 4  # a number is reread with 1/REREAD_ROWS of its height above and below it
MID_GREY = 128  # splits a black-and-white image's ink from its ground
# A bomb icon ("💣 99"): a dark round body, of any emoji font. The clock beside a timer is
# a light face (a stopwatch, an alarm clock), so a number beside a bomb is the count.
BODY_CONTRAST = 15.0  # least colour distance of a body's pixel from its surroundings
# (a dark grey bomb on a dark blue header differs by some 30 levels, little of it in grey)
BODY_SATURATION = 60  # most HSV saturation of a body: black to dark grey (Twemoji's bomb,
# a slightly blue grey, is some 50); a coloured ground as dark as a body stays apart
BODY_ASPECT = (0.75, 1.33)  # a round body's width over its height
BODY_FILL = (0.55, 0.9)  # share of its box a round body fills: a disc fills 0.79 (less
# where its fuse cuts in); a letter's strokes fill less, a box (a counter's) all of it
FUSE_GROWTH = 2  # a bomb's body is grown up by 1/FUSE_GROWTH of its height (fuse, spark)
BODY_APART = 3.0  # heights of a bomb's body within which no other body lies (a bomb
# icon marks one count; a counter's digits, some 2.5 heights of their holes apart, hold many)
PLAIN_GROUND = 0.75  # least share of the pixels just round a body of its ground's colour:
# a bomb's spark and fuse take some 12% of them; a counter's lit and unlit segments round
# the hole of a digit, half or more
BODY_CORE = 0.5  # least share of a body left by an opening with a disc half its height
# (a filled body keeps most of it; strokes of text, some 1/7 of their height, none)


def read_mine_count(image: Image, geometry: BoardGeometry) -> int | None:
    """The mine count the game shows around the board in ``image`` (a fresh board), or
    None if it shows none or it cannot be read for sure."""
    led = led_count(image, geometry)
    return led if led is not None else text_count(image, geometry)


def led_count(image: Image, geometry: BoardGeometry) -> int | None:
    """The number on the one seven-segment counter above the board that shows a count
    (the mines left, on a fresh board the total); the others must show 0 (a clock that
    has not started). Most games have the count on the left, some on the right."""
    board = geometry.rect
    pitch = geometry.pitch
    top = max(0, round(board.top - ROWS_ABOVE * pitch))
    left = max(0, round(board.left - pitch))
    right = min(image.shape[1], round(board.right + pitch))
    if board.top - top < MIN_COUNTER_AREA or right - left < MIN_COUNTER_AREA:
        return None
    area = Rect(left=left, top=top, width=right - left, height=board.top - top)
    values = [display.value for display in read_displays(image, area, pitch, display_text)]
    counts = [value for value in values if 1 <= value < geometry.rows * geometry.cols]
    if len(counts) != 1 or len(values) - len(counts) != values.count(0):
        return None
    return counts[0]


def display_text(box: Image) -> int | None:
    """The number a counter's box shows in lit digits of a font that is not seven
    segments (a "0" with a dot in it, say), read by OCR alone at two sizes; None unless
    both readings agree, with as many digits as the box's lit ink makes, 2 to 4."""
    lit = lit_segments(box)
    rows, cols = np.nonzero(lit)
    if rows.size == 0:
        return None
    top, bottom, left, right = rows.min(), rows.max() + 1, cols.min(), cols.max() + 1
    margin = max(2, (bottom - top) // 2)
    brightness = box.max(axis=2)[max(0, top - margin):bottom + margin,
                                 max(0, left - margin):right + margin]
    readings = set()
    for height in DISPLAY_TEXT_HEIGHTS:
        scale = height / (bottom - top)
        page = cv2.resize(255 - brightness, None, fx=scale, fy=scale,
                          interpolation=cv2.INTER_CUBIC)
        text = pytesseract.image_to_string(page, config=REREAD_CONFIG)
        readings.add("".join(str(text).split()))
    number = readings.pop() if len(readings) == 1 else ""
    if not number.isdigit() or not MIN_DIGITS <= len(number) <= MAX_DIGITS:
        return None
    return int(number) if len(number) == lit_digit_count(box) else None


def text_count(image: Image, geometry: BoardGeometry) -> int | None:
    """The mine count written around the board, read by OCR, or None."""
    text = text_around(image, geometry)
    if text is None:
        return None
    words = [_digits_beside_icon(_confirmed(word, text.crop), text)
             for word in _whole_words(text.words)]
    return pick_mine_count(words, text.count_icons, geometry.rows * geometry.cols,
                           (geometry.rows, geometry.cols))


def _whole_words(words: list[Word]) -> list[Word]:
    """``words`` without those that lie inside a number read whole by another layout or
    ink: a piece of a "35" read alone, then again from its digit-sized shapes beside a
    flag, made a second number there."""
    numbers = [(word, Rect(left=word.box.left - SAME_PLACE, top=word.box.top - SAME_PLACE,
                           width=word.box.width + 2 * SAME_PLACE,
                           height=word.box.height + 2 * SAME_PLACE))
               for word in words if word.text.strip(STRIPPED).isdigit()]
    return [word for word in words
            if not any(number is not word and number.text != word.text
                       and reach.contains_rect(word.box) for number, reach in numbers)]


@dataclass(frozen=True)
class TextAround:
    """The words read round a board, with boxes in the pixels of ``crop`` (the region
    ``region`` of the picture, the board painted over), and the icons that mark a mine
    count (a flag, a bomb)."""

    crop: Image
    region: Rect
    words: list[Word]
    count_icons: list[Rect]


def text_around(image: Image, geometry: BoardGeometry) -> TextAround | None:
    """The words written round the board in ``image`` (above, below and beside it), or
    None if there is no room round it or no OCR on the machine."""
    crop = _text_crop(image, geometry)
    region = text_region(image, geometry)
    if crop is None or region is None:
        return None
    icons, count_icons = icon_boxes(crop, geometry.pitch)
    for icon in icons:
        _fill_with_surroundings(crop, icon)
    scale = _ocr_scale(crop.shape[0] * crop.shape[1], geometry.pitch)
    gray = cv2.resize(cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY), None, fx=scale, fy=scale,
                      interpolation=cv2.INTER_CUBIC)
    words = []
    try:
        for ink in ink_images(as_image(gray), geometry.pitch * scale):
            for config in OCR_CONFIGS:
                words += ocr_words(ink, scale, geometry.pitch, config)
    except pytesseract.TesseractNotFoundError:
        return None
    return TextAround(crop, region, _distinct(words), count_icons)


def _text_crop(image: Image, geometry: BoardGeometry) -> Image | None:
    """The region round the board, the board painted over with the region's commonest
    colour (its cells are no text)."""
    region = text_region(image, geometry)
    if region is None:
        return None
    crop = image[region.top:region.bottom, region.left:region.right].copy()
    board = geometry.rect.moved(-region.left, -region.top)
    on_board = np.zeros(crop.shape[:2], bool)
    on_board[max(0, board.top):board.bottom, max(0, board.left):board.right] = True
    if on_board.all():
        return None
    crop[on_board] = np.median(crop[~on_board], axis=0).astype(np.uint8)
    return crop


def _ocr_scale(pixels: int, pitch: float) -> float:
    """How much to enlarge the crop for the OCR: text of some 20-30 px, within bounds."""
    scale = min(MAX_SCALE, max(1.0, TEXT_PITCH / pitch))
    if pixels * scale * scale > MAX_OCR_PIXELS:
        scale = max(1.0, (MAX_OCR_PIXELS / pixels) ** 0.5)
    return scale


def mine_count_area(geometry: BoardGeometry) -> Rect:
    """Where a game may show its mine count, in the pixels of the board's image (it may
    reach beyond the image): the board with some cell rows above and below it and a
    margin each side."""
    board, pitch = geometry.rect, geometry.pitch
    side = round(max(MIN_SIDE_REACH * pitch, SIDE_SHARE * board.width))
    top = round(board.top - ROWS_ABOVE * pitch)
    bottom = round(board.bottom + ROWS_BELOW * pitch)
    return Rect(left=board.left - side, top=top, width=board.width + 2 * side,
                height=bottom - top)


def text_region(image: Image, geometry: BoardGeometry) -> Rect | None:
    """The part of :func:`mine_count_area` inside ``image``."""
    height, width = image.shape[:2]
    return Rect(left=0, top=0, width=width, height=height).intersection(
        mine_count_area(geometry))


def ink_images(gray: Image, pitch: float) -> list[Image]:
    """Black text on white, as the OCR reads best: the pixels darker than their
    surroundings (dark text on a light ground), then those lighter (light text on a dark
    one, red digits on black), in shapes that stand out from their ground too (what is
    left without the shapes narrower than ``INK_GROUND``). Against the surroundings'
    average alone, the ends of a small box the text is written in (a box about a cell
    tall on a darker page) stood out as brackets round its digits. Shapes larger than a
    letter (a band's edge, a frame) are left out: they would hide the text from the OCR."""
    local = cv2.blur(gray.astype(np.float32), (int(LOCAL_PITCHES * pitch) | 1,) * 2)
    kernel = _square(INK_GROUND, pitch)
    light_ground = cv2.morphologyEx(gray, cv2.MORPH_CLOSE, kernel).astype(np.int16)
    dark_ground = cv2.morphologyEx(gray, cv2.MORPH_OPEN, kernel).astype(np.int16)
    level = gray.astype(np.int16)
    images = []
    for ink, on_ground in ((gray < local - INK_CONTRAST, level < light_ground - INK_CONTRAST),
                           (gray > local + INK_CONTRAST, level > dark_ground + INK_CONTRAST)):
        _, labels, stats, _ = cv2.connectedComponentsWithStats(as_image(ink),
                                                               connectivity=8)
        too_large = (stats[:, cv2.CC_STAT_WIDTH] > MAX_LETTER_WIDTH * pitch) | (
            stats[:, cv2.CC_STAT_HEIGHT] > MAX_LETTER_HEIGHT * pitch)
        too_large[0] = False
        # a shape is kept or left out whole (the ground between a word's letters stands
        # out from its ground: there the letters are the ground)
        on_ground_share = np.bincount(labels[on_ground], minlength=len(stats)) / np.maximum(
            stats[:, cv2.CC_STAT_AREA], 1)
        off_ground = on_ground_share < INK_ON_GROUND
        off_ground[0] = False
        letters = ink & ~(too_large | off_ground)[labels]
        images.append(as_image(np.where(letters, 0, 255)))
    return images


def icon_boxes(crop: Image, pitch: float) -> tuple[list[Rect], list[Rect]]:
    """Boxes of icons (a flag, a clock, a bomb): colourful ones, each alone on its level,
    and bombs' dark round bodies (:func:`bomb_bodies`); and those of them that mark a
    mine count: the ones coloured like a flag, and the bombs. A colourful shape beside
    another of its height is a letter of coloured text, not an icon."""
    hsv = cv2.cvtColor(crop, cv2.COLOR_BGR2HSV)
    vivid = as_image(((hsv[..., 1] >= ICON_SATURATION) & (hsv[..., 2] >= ICON_VALUE)) * 255)
    stats = cv2.connectedComponentsWithStats(vivid, connectivity=8)[2]
    low, high = ICON_HEIGHTS
    shapes = [Rect(left=int(x), top=int(y), width=int(w), height=int(h))
              for x, y, w, h in stats[1:, :4] if low * pitch <= h <= high * pitch
              and ICON_ASPECT[0] <= w / h <= ICON_ASPECT[1]]
    icons: list[Rect] = []
    counts: list[Rect] = []
    for body in bomb_bodies(crop, pitch):
        grown = _grown(body, crop.shape[1], crop.shape[0], bomb=True)
        icons.append(grown)
        counts.append(grown)
    for shape in shapes:
        if any(_letters_of_one_word(shape, other) for other in shapes if other != shape):
            continue
        grown = _grown(shape, crop.shape[1], crop.shape[0])
        icons.append(grown)
        hues = hsv[shape.top:shape.bottom, shape.left:shape.right, 0][
            vivid[shape.top:shape.bottom, shape.left:shape.right] > 0]
        if hues.size and np.mean([any(a <= h <= b for a, b in FLAG_HUES)
                                  for h in hues.tolist()]) >= FLAG_HUE_SHARE:
            counts.append(grown)
    return icons, counts


def bomb_bodies(crop: Image, pitch: float) -> list[Rect]:
    """Boxes of bomb icons in ``crop``: dark grey to black round bodies, filled, of an
    icon's height, set apart from their surroundings by colour (a grey bomb on a blue
    ground is of its ground's grey level)."""
    pixels = crop.astype(np.float32)
    local = cv2.blur(pixels, (int(LOCAL_PITCHES * pitch) | 1,) * 2)
    apart = np.linalg.norm(pixels - local, axis=2) >= BODY_CONTRAST
    hsv = cv2.cvtColor(crop, cv2.COLOR_BGR2HSV)
    value = hsv[..., 2]
    dark = ((value < _ground_value(as_image(value), pitch)) & (value < MID_GREY)
            & (hsv[..., 1] <= BODY_SATURATION))
    ink = apart & dark
    stats = cv2.connectedComponentsWithStats(as_image(ink * 255), connectivity=8)[2]
    low, high = ICON_HEIGHTS
    rows, cols = crop.shape[:2]
    bodies = []
    for x, y, w, h, area in stats[1:].tolist():
        if not (low * pitch <= h <= high * pitch and BODY_ASPECT[0] <= w / h <= BODY_ASPECT[1]
                and BODY_FILL[0] <= area / (w * h) <= BODY_FILL[1]):
            continue
        if x == 0 or y == 0 or x + w == cols or y + h == rows:
            continue  # cut by the crop's edge: a part of something, no whole icon
        box = Rect(left=x, top=y, width=w, height=h)
        body = ink[y:y + h, x:x + w]
        if not _stands_out(crop, box, body):
            continue
        shape = np.pad(body.astype(np.uint8), h)  # (no ink beyond the box: an erosion
        # takes what lies past an image's edge for ink)
        disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (max(1, h // 2),) * 2)
        if cv2.morphologyEx(shape, cv2.MORPH_OPEN, disc).sum() >= BODY_CORE * shape.sum():
            bodies.append(box)
    return [body for body in bodies
            if not any(_near(body, other) for other in bodies if other != body)]


def _ground_value(value: Image, pitch: float) -> Image:
    """The brightness of the ground each pixel of ``value`` (HSV value) lies on: its dark
    shapes narrower than ``LOCAL_PITCHES`` cell pitches filled by a closing. An average of
    the surroundings would not do: a bomb in a small box ("💣 99" in a box little taller
    than a cell) is some 3 levels darker than its box, and the darker
    page round the box pulls the box's average below the bomb."""
    return as_image(cv2.morphologyEx(value, cv2.MORPH_CLOSE, _square(LOCAL_PITCHES, pitch)))


def _square(pitches: float, pitch: float) -> npt.NDArray[np.uint8]:
    """A square structuring element ``pitches`` cell pitches wide (an odd number of px)."""
    side = int(pitches * pitch) | 1
    return np.asarray(cv2.getStructuringElement(cv2.MORPH_RECT, (side, side)), np.uint8)


def _near(one: Rect, other: Rect) -> bool:
    """Whether ``other`` lies within ``BODY_APART`` of ``one``'s heights of it, across or
    down: dark shapes in a row or a column are the holes of a counter's digits between
    their lit segments (two in an 8, one in a 9), not bombs, each alone by its number."""
    reach = BODY_APART * one.height
    across = max(other.left - one.right, one.left - other.right)
    down = max(other.top - one.bottom, one.top - other.bottom)
    return across <= reach and down <= reach


def _stands_out(crop: Image, box: Rect, body: npt.NDArray[np.bool_]) -> bool:
    """Whether the ``body`` pixels of ``box`` stand on a plain ground just round the box,
    not of an icon's vivid colour, and differ from it in colour (a dark ground beside
    something bright stands out from their average, not from itself; a counter's digit
    rings its holes with segments, or with its lit strokes)."""
    margin = max(1, box.height // ICON_GROWTH)
    top, left = max(0, box.top - margin), max(0, box.left - margin)
    around = crop[top:box.bottom + margin, left:box.right + margin].astype(np.float32)
    inside = np.zeros(around.shape[:2], bool)
    inside[box.top - top:box.bottom - top, box.left - left:box.right - left] = True
    ring = around[~inside]
    ground = np.median(ring, axis=0)
    plain = np.linalg.norm(ring - ground, axis=1) < BODY_CONTRAST
    colour = np.median(crop[box.top:box.bottom, box.left:box.right][body], axis=0)
    lit = cv2.cvtColor(ground.astype(np.uint8).reshape(1, 1, 3), cv2.COLOR_BGR2HSV)[0, 0]
    return bool(plain.mean() >= PLAIN_GROUND
                and not (lit[1] >= ICON_SATURATION and lit[2] >= ICON_VALUE)
                and np.linalg.norm(colour - ground) >= BODY_CONTRAST)


def _letters_of_one_word(one: Rect, other: Rect) -> bool:
    """Whether two shapes are of one height and close side by side, as letters are."""
    similar = (abs(one.height - other.height)
               <= SAME_LETTER_SIZE * max(one.height, other.height))
    level = abs(one.top - other.top) <= SAME_LETTER_SIZE * one.height
    gap = max(other.left - one.right, one.left - other.right)
    return similar and level and gap <= one.height


def _grown(box: Rect, width: int, height: int, *, bomb: bool = False) -> Rect:
    """``box`` grown by a third of its height up, down and left (an icon's outline, a
    flag's stem), and by ``ICON_RIGHT_MARGIN`` px only to the right, where its number
    may begin a few pixels on ("🚩99"); a bomb's body by a third to the right too and by
    a half up, where its fuse and its spark stick out (they would read as a quote mark
    before its number)."""
    margin = max(2, box.height // ICON_GROWTH)
    up = max(margin, box.height // FUSE_GROWTH) if bomb else margin
    left, top = max(0, box.left - margin), max(0, box.top - up)
    right = min(width, box.right + (margin if bomb else ICON_RIGHT_MARGIN))
    bottom = min(height, box.bottom + margin)
    return Rect(left=left, top=top, width=right - left, height=bottom - top)


def _fill_with_surroundings(crop: Image, box: Rect) -> None:
    """Paint ``box`` with the median colour of the pixels round it."""
    top, bottom = max(0, box.top - 1), min(crop.shape[0], box.bottom + 1)
    left, right = max(0, box.left - 1), min(crop.shape[1], box.right + 1)
    around = np.concatenate([crop[top, left:right], crop[bottom - 1, left:right],
                             crop[top:bottom, left], crop[top:bottom, right - 1]])
    crop[box.top:box.bottom, box.left:box.right] = np.median(around, axis=0).astype(np.uint8)


def ocr_words(ink: Image, scale: float, pitch: float, config: str) -> list[Word]:
    """The words Tesseract reads in ``ink`` (black text on white, ``scale`` times the
    crop's size) with Tesseract's ``config``, with boxes in the crop's pixels; ``pitch``
    is the board's, in them."""
    data = pytesseract.image_to_data(ink, config=config,
                                     output_type=pytesseract.Output.DICT)
    words = []
    for index, read in enumerate(data["text"]):
        text = str(read)
        if not text.strip():
            continue
        box = Rect(left=round(data["left"][index] / scale), top=round(data["top"][index] / scale),
                   width=max(1, round(data["width"][index] / scale)),
                   height=max(1, round(data["height"][index] / scale)))
        confidence = float(data["conf"][index])
        if box.height < MIN_TEXT_PITCHES * pitch:
            continue  # a speck, not a word
        if not _digits_match_shapes(ink, data, index) or (
                any(c.isdigit() for c in text) and confidence < MIN_NUMBER_CONFIDENCE):
            text = "?"  # digits the OCR made up (a ":" read as "1"): no number
        words.append(Word(text, box, confidence))
    return words


def _distinct(words: list[Word]) -> list[Word]:
    """The words, each read by several layouts or in both inks kept once."""
    seen: dict[tuple[str, int, int], Word] = {}
    for word in words:
        seen.setdefault((word.text, word.box.left // SAME_PLACE, word.box.top // SAME_PLACE), word)
    return list(seen.values())


def _confirmed(word: Word, crop: Image) -> Word:
    """``word``, or "?" for a number that reads otherwise on its own, enlarged to a
    standard size: a number in small text is read twice before it is believed."""
    number = word.text.strip(STRIPPED)
    if not number or not all(c.isdigit() or c == "/" for c in number):
        return word
    if reread_number(crop, word.box) != number:
        return Word("?", word.box, word.confidence)
    return word


def _digits_beside_icon(word: Word, text: TextAround) -> Word:
    """``word``, or the number its digit-sized shapes read alone when it stands beside a
    flag icon and is no clean number: digits mixed with other marks (": 39" read as
    "139°", a colon and a degree sign the OCR made up) or digits not believed ("?")."""
    bare = word.text.strip(STRIPPED)
    unsure = word.text == "?" or (any(c.isdigit() for c in bare)
                                  and not all(c.isdigit() for c in bare))
    if not unsure or not beside_an_icon(word.box, text.count_icons):
        return word
    shapes = digit_shapes(text.crop, word.box)
    if shapes is None:
        return word
    count, box = shapes
    number = reread_number(text.crop, box)
    return Word(number, box, word.confidence) if number.isdigit() and len(number) == count \
        else word


def digit_shapes(crop: Image, box: Rect) -> tuple[int, Rect] | None:
    """How many digits the tallest ink shapes in ``box`` of ``crop`` make, and the box
    round them (marks shorter than a digit, such as a colon, left out); None without ink."""
    patch = cv2.cvtColor(crop[box.top:box.bottom, box.left:box.right], cv2.COLOR_BGR2GRAY)
    if patch.size == 0:
        return None
    tall = _tall_shapes(_dark_ink(as_image(patch)) < MID_GREY)
    if tall is None:
        return None
    left = int(tall[:, cv2.CC_STAT_LEFT].min())
    top = int(tall[:, cv2.CC_STAT_TOP].min())
    right = int((tall[:, cv2.CC_STAT_LEFT] + tall[:, cv2.CC_STAT_WIDTH]).max())
    bottom = int((tall[:, cv2.CC_STAT_TOP] + tall[:, cv2.CC_STAT_HEIGHT]).max())
    return _digit_count(tall), Rect(left=box.left + left, top=box.top + top,
                                    width=right - left, height=bottom - top)


def _tall_shapes(ink: npt.NDArray[np.bool_]) -> npt.NDArray[np.int32] | None:
    """The connected-component stats of the shapes of ``ink`` at least ``TALL_SHARE`` of
    the tallest one's height (digits, not a colon or a stem); None without ink."""
    stats = cv2.connectedComponentsWithStats(as_image(ink), connectivity=8)[2][1:]
    if stats.size == 0:
        return None
    heights = stats[:, cv2.CC_STAT_HEIGHT]
    return np.asarray(stats[heights >= TALL_SHARE * heights.max()])


def _digit_count(tall: npt.NDArray[np.int32]) -> int:
    """How many digits ``tall`` shapes make: two digits touching make one shape twice a
    digit's width."""
    return int(sum(max(1, round(w / (DIGIT_WIDTH * h)))
                   for w, h in zip(tall[:, cv2.CC_STAT_WIDTH], tall[:, cv2.CC_STAT_HEIGHT],
                                   strict=True)))


def _dark_ink(gray: Image) -> Image:
    """``gray`` cut into black text on white by Otsu's threshold (light text on a dark
    ground turned over)."""
    _, ink = cv2.threshold(gray, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    border = np.concatenate([ink[0], ink[-1], ink[:, 0], ink[:, -1]])
    return as_image(255 - ink) if border.mean() < MID_GREY else as_image(ink)


def reread_number(crop: Image, box: Rect) -> str:
    """The digits (and slashes) in ``box`` of ``crop``, read alone at a standard height
    after separating ink from ground by Otsu's threshold within the box."""
    across, down = REREAD_MARGIN, max(2, box.height // REREAD_ROWS)
    patch = cv2.cvtColor(crop[max(0, box.top - down):box.bottom + down,
                              max(0, box.left - across):box.right + across], cv2.COLOR_BGR2GRAY)
    scale = REREAD_HEIGHT / box.height
    patch = cv2.resize(patch, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC)
    text = pytesseract.image_to_string(_dark_ink(as_image(patch)), config=REREAD_CONFIG)
    return "".join(str(text).split())


def _digits_match_shapes(ink: Image, data: dict[str, list[Any]], index: int) -> bool:
    """Whether a word of digits has as many digit-sized ink shapes as it has digits
    (words with letters are not checked). OCR reads a ":" or an icon's stem beside
    digits as a "1"; such a shape is shorter than the digits."""
    text = str(data["text"][index]).strip(STRIPPED)
    if not text or not all(c.isdigit() or c == "/" for c in text):
        return True
    x, y = data["left"][index], data["top"][index]
    patch = ink[y:y + data["height"][index], x:x + data["width"][index]]
    tall = _tall_shapes(patch < MID_GREY)
    if tall is None:
        return False
    shapes = _digit_count(tall)
    digits = sum(c.isdigit() for c in text)
    return digits <= shapes <= len(text)
