"""Reference shapes of the symbols a tile may carry: the digits 1..8, a mine, a flag, a "?"
(drawn, or written as the characters "*" and "F" some games use).

The shapes come from four sources, so that a game's own font is likely close to one of
them: OpenCV's stroke fonts at several weights, seven-segment digits, TrueType digits
rendered once into
``templates/glyphs.png`` (see :mod:`recognizer.glyph_sprites`), and the symbols of the
shipped tile sets (classic bitmap digits, mines and flags). Every reference is an ink
shape cut to its bounding box, as :func:`recognizer.looks.shape_vector` makes it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np
import numpy.typing as npt

from sweeper.recognizer.image_io import as_image
from sweeper.recognizer.looks import look_at, shape_vector
from sweeper.recognizer.skins import TEMPLATES_DIR, available_skins, load_skin

DIGITS = tuple(str(n) for n in range(1, 9))
SYMBOLS = (*DIGITS, "mine", "flag", "crossed", "?", "zero")  # crossed: a mine crossed out
# in red; zero: a "0" some games write on their opened empty cells
# characters some games write instead of drawing: the symbol each stands for
TEXT_SYMBOLS = {**{digit: digit for digit in DIGITS}, "?": "?", "*": "mine", "F": "flag",
                "0": "zero"}
GLYPH_SPRITE = TEMPLATES_DIR / "glyphs.png"
SPRITE_CELL = (24, 32)  # (width, height) of one glyph in the sprite
SHAPE_SHARE = 0.7  # of a reference's correlation that counts whatever its proportions ...
PROPORTION_SHARE = 0.3  # ... and the share that needs them alike (a "1" is narrow, a mine round)
STROKE_WEIGHTS = (2, 4, 6)  # px thicknesses of the stroke-font digits: thin, plain and bold
# seven-segment digits drawn as (width, height, stroke) px: small thin ones to tall bold ones
SEGMENT_SIZES = ((6, 8, 1), (7, 9, 1), (8, 12, 2), (10, 14, 2), (10, 16, 3))
POLE_WIDTHS = (2, 4)  # px a drawn flag's pole is wide (on a 40 px canvas): thin and bold
# foot-less 1s (a bar with a flag at its top, as Helvetica, Arial, Roboto and the emoji
# keycaps draw it; every TrueType font of the sprite draws a foot): stroke widths on a
# 40 px tall bar, thin and bold, and the flag's reach left and down as shares of the height
ONE_STROKES = (4, 7)
ONE_FLAGS = ((0.2, 0.22), (0.28, 0.3))
STROKE_FONTS = (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_TRIPLEX,
                cv2.FONT_HERSHEY_COMPLEX)
FONT_LEAD = 0.1  # a reference set writes a game's digits if each known one leads its
# set's other digits by this much there (a game's own thin sans digits lead by 0.18 or more
# in every TrueType font, by -0.38 to 0.03 in the seven-segment ones, where a 5 is a 6
# but for one stroke)
NO_SCORE = -2.0  # below any correlation: a set without a reference of a digit
MIN_FONT_DIGITS = 2  # distinct digits a game must have shown before its font is judged
# (nearly every set writes a "1" alike)

FloatArray = npt.NDArray[np.float32]
Reference = tuple[str, FloatArray, float, str]  # symbol, shape, aspect, the set it is of


@dataclass(frozen=True)
class Glyphs:
    """Reference shapes as rows of ``vectors``, the symbol of each in ``symbols``."""

    vectors: FloatArray  # (R, features)
    symbols: tuple[str, ...]  # (R,)
    aspects: npt.NDArray[np.float32]  # (R,) width over height of each reference
    sets: npt.NDArray[np.int64]  # (R,) the set each is of: one font at one weight, one
    # seven-segment size, the drawn flags, one shipped tile set ...
    set_names: tuple[str, ...]  # ... named by its number


@dataclass(frozen=True)
class ShapeScores:
    """How well an ink shape matches each symbol (the best of its references)."""

    scores: dict[str, float]

    def best(self, among: tuple[str, ...] = SYMBOLS) -> tuple[str, float, float]:
        """The best symbol among ``among``, its score and its lead over the next one."""
        ranked = sorted(((self.scores.get(s, -1.0), s) for s in among), reverse=True)
        (top, symbol), (second, _) = ranked[0], ranked[1]
        return symbol, top, top - second


def score_shape(shape: FloatArray, aspect: float,
                sets: frozenset[int] | None = None) -> ShapeScores:
    """Each symbol's best correlation with ``shape`` (over the references of ``sets``
    only, if given); references whose proportions are far from the shape's (a "1" is
    narrow, a mine round) count for less."""
    glyphs = reference_glyphs()
    weighted = _weighted(glyphs, shape, aspect)
    scores: dict[str, float] = {}
    for symbol, value, of in zip(glyphs.symbols, weighted.tolist(), glyphs.sets.tolist(),
                                 strict=True):
        if sets is None or of in sets:
            scores[symbol] = max(scores.get(symbol, -1.0), value)
    return ShapeScores(scores)


def font_of(digits: Sequence[tuple[str, FloatArray, float]]) -> frozenset[int] | None:
    """The reference sets that write the game's known ``digits`` (each a digit, its
    shape and aspect) as themselves: in each, every one of them leads the set's other
    digits by ``FONT_LEAD``. None if fewer than ``MIN_FONT_DIGITS`` distinct digits are
    known, or no set writes them all so."""
    if len({digit for digit, _, _ in digits}) < MIN_FONT_DIGITS:
        return None
    glyphs = reference_glyphs()
    weighted = np.stack([_weighted(glyphs, shape, aspect)  # (references, known digits)
                         for _, shape, aspect in digits], axis=1)
    padded = np.vstack([weighted, np.full((1, len(digits)), NO_SCORE, np.float32)])
    best = padded[_digit_references()].max(axis=2)  # (sets, digits, known digits)
    known = np.array([DIGITS.index(digit) for digit, _, _ in digits])
    columns = np.arange(len(digits))
    own = best[:, known, columns].copy()  # (sets, known digits)
    best[:, known, columns] = NO_SCORE
    lead = own - best.max(axis=1)
    written = (own > NO_SCORE) & (best.max(axis=1) > NO_SCORE) & (lead >= FONT_LEAD)
    fitting = np.nonzero(written.all(axis=1))[0]
    return frozenset(fitting.tolist()) or None


@lru_cache(maxsize=1)
def _digit_references() -> npt.NDArray[np.intp]:
    """``(sets, digits, most)`` indices of each set's references of each digit, padded
    with the index one past the last reference (a row that scores ``NO_SCORE``)."""
    glyphs = reference_glyphs()
    found: list[list[list[int]]] = [[[] for _ in DIGITS] for _ in glyphs.set_names]
    for index, (symbol, of) in enumerate(zip(glyphs.symbols, glyphs.sets.tolist(),
                                             strict=True)):
        if symbol in DIGITS:
            found[of][DIGITS.index(symbol)].append(index)
    most = max(len(indices) for of in found for indices in of)
    pad = len(glyphs.symbols)
    return np.array([[indices + [pad] * (most - len(indices)) for indices in of]
                     for of in found], np.intp)


def _weighted(glyphs: Glyphs, shape: FloatArray, aspect: float) -> FloatArray:
    """Every reference's correlation with ``shape``, weighted by how alike their
    proportions are."""
    correlation = glyphs.vectors @ shape
    proportion = np.minimum(glyphs.aspects, aspect) / np.maximum(glyphs.aspects, aspect)
    return np.asarray(correlation * (SHAPE_SHARE + PROPORTION_SHARE * proportion), np.float32)


@lru_cache(maxsize=1)
def reference_glyphs() -> Glyphs:
    """Every reference shape, computed once."""
    found = [*_stroke_font_glyphs(), *_seven_segment_glyphs(), *_drawn_flags(),
             *_footless_ones(), *_sprite_glyphs(), *_skin_glyphs()]
    vectors = np.stack([vector for _, vector, _, _ in found]).astype(np.float32)
    symbols = tuple(symbol for symbol, _, _, _ in found)
    aspects = np.array([aspect for _, _, aspect, _ in found], np.float32)
    numbers: dict[str, int] = {}
    sets = np.array([numbers.setdefault(of, len(numbers)) for _, _, _, of in found], np.int64)
    return Glyphs(vectors, symbols, aspects, sets, tuple(numbers))


def _ink_box(ink: FloatArray) -> tuple[FloatArray, float] | None:
    """``ink`` (0..1) cut to its bounding box, and the box's width over height."""
    ys, xs = np.nonzero(ink > 0.5)
    if ys.size == 0:
        return None
    box = ink[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    return box, box.shape[1] / box.shape[0]


def _stroke_font_glyphs() -> list[Reference]:
    found = []
    for font in STROKE_FONTS:
        for thickness in STROKE_WEIGHTS:
            for text, symbol in TEXT_SYMBOLS.items():
                canvas = np.zeros((80, 80), np.uint8)
                cv2.putText(canvas, text, (12, 64), font, 2.0, 255, thickness, cv2.LINE_AA)
                boxed = _ink_box(np.asarray(canvas / 255, np.float32))
                if boxed is not None:
                    found.append((symbol, shape_vector(boxed[0]), boxed[1],
                                  f"stroke {font} {thickness}"))
    return found


# segments lit for each digit: a top, b top right, c bottom right, d bottom, e bottom left,
# f top left, g middle
SEGMENTS = {"1": "bc", "2": "abged", "3": "abgcd", "4": "fgbc", "5": "afgcd", "6": "afgedc",
            "7": "abc", "8": "abcdefg"}


def _seven_segment_glyphs() -> list[Reference]:
    """Digits as a seven-segment display draws them (some games' fonts), thin and bold."""
    found = []
    for width, height, stroke in SEGMENT_SIZES:
        for digit, lit in SEGMENTS.items():
            canvas = np.zeros((height + stroke, width + stroke), np.float32)
            for segment in lit:
                _light(canvas, segment, width, height, stroke)
            boxed = _ink_box(canvas)
            if boxed is not None:
                found.append((digit, shape_vector(boxed[0]), boxed[1],
                              f"segments {width}x{height}/{stroke}"))
    return found


def _light(canvas: FloatArray, segment: str, width: int, height: int, stroke: int) -> None:
    """Draw one segment of a seven-segment digit ``width`` x ``height`` px."""
    middle = height // 2
    spans = {"a": (0, 0, width, 0), "g": (0, middle, width, middle), "d": (0, height, width,
             height), "f": (0, 0, 0, middle), "b": (width, 0, width, middle),
             "e": (0, middle, 0, height), "c": (width, middle, width, height)}
    x0, y0, x1, y1 = spans[segment]
    canvas[y0:y1 + stroke, x0:x1 + stroke] = 1.0


def _drawn_flags() -> list[Reference]:
    """Flags as games draw them: a pennant on a pole, facing either way, with or without a
    foot, thin or bold."""
    found = []
    for facing in (-1, 1):
        for pole in POLE_WIDTHS:
            for foot in (False, True):
                canvas = np.zeros((40, 40), np.float32)
                x = 20 if facing < 0 else 12
                canvas[4:34, x:x + pole] = 1.0
                tip = x + facing * 16
                triangle = np.array([[x, 4], [x, 20], [tip, 12]], np.int32)
                cv2.fillPoly(canvas, [triangle], 1.0)
                if foot:
                    canvas[31:35, x - 8:x + pole + 8] = 1.0
                boxed = _ink_box(canvas)
                if boxed is not None:
                    found.append(("flag", shape_vector(boxed[0]), boxed[1], "flags"))
    return found


def _footless_ones() -> list[Reference]:
    """1s drawn without a foot: a bar with a short flag down to the left of its top. At
    the size of a cell's digit, such a 1's box is the bar and the flag only, so it is
    shaped nothing like a 1 whose foot makes its box as wide as the other digits (against
    those it scores about 0; as a 7, the bar on the right of its box, 0.6)."""
    found = []
    height, top, right = 40, 6, 36
    for stroke in ONE_STROKES:
        for reach, drop in ONE_FLAGS:
            canvas = np.zeros((height + 2 * top, height), np.float32)
            canvas[top:top + height, right - stroke:right] = 1.0
            tip = (round(right - stroke - reach * height), round(top + drop * height))
            cv2.line(canvas, (right - stroke // 2, top + stroke // 2), tip, 1.0,
                     thickness=stroke, lineType=cv2.LINE_AA)
            boxed = _ink_box(canvas)
            if boxed is not None:
                found.append(("1", shape_vector(boxed[0]), boxed[1], "foot-less ones"))
    return found


def _sprite_glyphs() -> list[Reference]:
    """TrueType glyphs: one sprite row per font, one column per character of
    ``TEXT_SYMBOLS``."""
    sprite = cv2.imread(str(GLYPH_SPRITE), cv2.IMREAD_GRAYSCALE)
    if sprite is None:
        return []
    width, height = SPRITE_CELL
    texts = tuple(TEXT_SYMBOLS)
    found = []
    for top in range(0, sprite.shape[0] - height + 1, height):
        for index, text in enumerate(texts):
            cell = as_image(sprite[top:top + height, index * width:(index + 1) * width])
            boxed = _ink_box(np.asarray(cell / 255, np.float32))
            if boxed is not None:
                found.append((TEXT_SYMBOLS[text], shape_vector(boxed[0]), boxed[1],
                              f"sprite row {top // height}"))
    return found


def _skin_glyphs() -> list[Reference]:
    """The symbols drawn on the shipped tile sets' tiles (a flag on a flat tile is a mine
    crossed out at the end of a lost game)."""
    wanted = {str(n): str(n) for n in range(1, 9)} | {"mine": "mine", "flag": "flag"}
    found = []
    for name in available_skins():
        for tile in load_skin(name).tiles:
            symbol = wanted.get(tile.kind)
            if symbol is None:
                continue
            look = look_at(tile.pixels)
            if symbol == "flag" and not look.raised:
                symbol = "crossed"
            if look.shape is not None:
                found.append((symbol, look.shape, look.aspect, f"skin {name}"))
    return found
