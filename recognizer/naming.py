"""Name a tile picture never seen before by the meanings of the classic look.

The rules, in order (:class:`recognizer.looks.TileLook` holds the facts they read):

- no ink: a raised tile is unopened, a flat one an opened 0;
- a raised tile with a red flag is a flag, with a dark "?" an unopened cell;
- a flat tile with a big dark round blob is a mine (on a red face: the exploded one),
  and with red ink across the blob as well a wrongly placed flag; any other symbol
  on a red face but a flag is a mine too (a lost game may show every mine so, with its
  count written on it);
- a flat tile with a symbol is a digit: its colour names the classic digit (1 blue,
  2 green, 3 red, 4 navy, 5 maroon, 6 teal, 7 black, 8 grey) when the symbol's shape
  does not contradict it; a digit in another colour is named by its shape alone, and
  only when the shape is clearly one digit: among all the references, or else among
  those in the fonts that write the game's known digits as themselves (a thin "5" is a
  seven-segment "6" but for one stroke; in the game's own font it is clearly a 5).

A symbol of one colour narrower than any other digit is ever drawn is a 1.

Anything else gets no name: a picture is never forced into a type it does not show.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sweeper.recognizer import ink, looks
from sweeper.recognizer.glyphs import DIGITS, FloatArray, ShapeScores, font_of, score_shape
from sweeper.recognizer.looks import TileLook

CLASSIC_DIGIT_INK = {ink.BLUE: "1", ink.GREEN: "2", ink.RED: "3", ink.NAVY: "4",
                     ink.MAROON: "5", ink.TEAL: "6", ink.BLACK: "7", ink.GREY: "8"}
PLAIN_INK = 0.015  # a tile with less ink than this share of its middle shows nothing
FLAG_RED = 0.2  # share of red ink that makes a raised tile's symbol a flag ...
FLAG_SHAPE_SLACK = 0.15  # ... if it is shaped about as much like a flag as like a digit,
RED_FLAG_INK = 0.5  # ... or red is most of it
RED_FLAG_LEAD = 0.3  # a mostly red symbol on a flat tile shaped as a flag this much more
# than as any digit is a flag (an emoji flag's wavy pennant: 0.60 to 0.68 as a flag, 0.16
# at most as any digit; a red 3 is shaped as a 3 first)
COLOUR_SHAPE_SLACK = 0.15  # how far the colour's digit may trail the best shape
MIN_COLOUR_SHAPE = 0.45  # the least shape score of the digit the colour names
MAX_DIGIT_OFF_CENTRE = 0.25  # a digit sits about in the middle of its cell (a line box
# rounded at a fractional device scale puts it up to a fifth of the cell off)
ONE_INK = 0.7  # share of a digit's ink in its one colour (with the shades it blends into)
INK_BLENDS = {ink.BLACK: (ink.GREY,), ink.RED: (ink.MAROON,), ink.BLUE: (ink.NAVY,),
              ink.NAVY: (ink.BLUE,), ink.MAROON: (ink.RED,), ink.GREY: (ink.BLACK,)}
MIN_SHAPE = 0.6  # a digit named by shape alone scores at least this ...
MIN_SHAPE_LEAD = 0.1  # ... and leads every other digit by this much,
EXACT_SHAPE = 0.95  # ... or matches a reference this exactly ...
EXACT_SHAPE_LEAD = 0.05  # ... and leads by this much (a 5 and a 6 differ by one stroke)
NARROW_ONE = 0.45  # a digit whose ink box is narrower than this (width over height) can
# only be a 1: every other digit of every reference font is 0.56 wide or more (Liberation
# Sans Narrow Bold), while a condensed display font's foot-less 1 (a bar with a short
# flag) is 0.30 to 0.36 wide, and its box, stretched to the shape's size, is a block
# shaped more like a 7 than like any reference 1
MINE_INK = 0.18  # a mine's blob covers at least this share of the middle
ROUND_ASPECT = (0.85, 1.18)  # a round blob's box is this near square
BLOB_INK = 0.6  # a blob not shaped like a known mine covers this much of the middle ...
BLOB_FILL = 0.65  # ... and of its own bounding box ...
MAX_BLOB_DIGIT_SHAPE = 0.5  # ... and looks like no digit
MAX_MINE_GREY = 110.0  # a mine's ink is this dark on average (grey level) ...
MINE_NEUTRAL = 0.6  # ... and mostly black, grey or white (red at most for a fuse or a cross)
DISC_MINE_LEAD = 0.05  # a disc filling its tile is shaped as a mine by this much more than
# as any digit (flat looks' mines lead by 0.09 to 0.19 on the corpus; a bold 6 worn down to
# a blob is shaped as a mine 0.09, as a 6 0.66)
MIN_DARK_CORE = 0.15  # share of the middle a round black body covers in a mine (0.11 at most
# in anything else on the corpora: a crossed-out mine; digits and flags 0)
MINE_DARK = 0.6  # ... mostly dark (a red cross may lie over it)
SOLID_MINE_BLACK = 0.75  # a round blob not shaped like a known mine is this black (or red)
MIN_BLOB_BLACK = 0.3  # ... and this much black at least
CROSS_RED = 0.05  # share of red ink that marks a mine as crossed out ...
CROSS_SPAN = 0.7  # ... when it spans the mine (a red fuse or glint does not)
MIN_MINE_SHAPE = 0.45  # a mine-like blob shaped at least this much as a mine (or crossed one)
QUESTION_SHAPE = 0.45  # a raised tile's dark mark is a "?" if shaped at least this much so
MARK_DARK = 0.6  # share of a "?" mark's ink that is black or grey


@dataclass(frozen=True)
class Naming:
    """A tile type for a picture, or None, and why."""

    kind: str | None
    reason: str


def name_tile(look: TileLook, known_bevel: bool = False,
              digits: Sequence[tuple[str, FloatArray, float]] = ()) -> Naming:
    """The tile type ``look`` shows by the classic meanings, if it clearly shows one.

    ``known_bevel`` says the tile is raised exactly as this game's unopened tiles are:
    then any mark on it other than a flag or a mine is a mark on an unopened cell.
    ``digits`` are the game's digits known so far (each its digit, shape and aspect):
    a symbol no reference names clearly is named in their font, if it is clearly one
    digit there.
    """
    if not look.has_ink or look.ink_share < PLAIN_INK:
        return Naming("unopened", "raised, plain") if look.raised else Naming("0", "flat, plain")
    assert look.shape is not None
    shapes = score_shape(look.shape, look.aspect)
    if look.raised:
        return _name_raised(look, shapes, known_bevel)
    if _is_mine_like(look, shapes):
        if red_face(look):
            return Naming("mine", "a dark round blob on red (the exploded mine)")
        crossed = shapes.best(("mine", "crossed"))[0] == "crossed" or (
            look.red_span >= CROSS_SPAN)
        if crossed and look.ink_of(ink.RED) >= CROSS_RED:
            return Naming("flag", "a mine crossed out in red (a wrong flag)")
        return Naming("mine", "a dark round blob")
    if look.ink_of(ink.RED) >= FLAG_RED and (_clearly_flag(shapes) or _red_pennant(look, shapes)):
        return Naming("flag", "a red flag on a flat tile")
    if red_face(look):  # the classic look's mine that went off; a lost game may show
        # every mine so, with the count of its mined neighbours written on it
        return Naming("mine", "a symbol on a red face (a mine shown at a loss)")
    return _name_digit(look, shapes, digits)


def _name_raised(look: TileLook, shapes: ShapeScores, known_bevel: bool) -> Naming:
    """A raised tile shows a flag, a "?" (still unopened), or a mine at the end."""
    red = look.ink_of(ink.RED)
    if red >= FLAG_RED and (_flag_shaped(shapes) or red >= RED_FLAG_INK):
        return Naming("flag", "raised, red flag")
    if look.ink_of(ink.RED, ink.MAROON) >= FLAG_RED and _clearly_flag(shapes):
        # a flag scaled down blends its red into the darker shades around it
        return Naming("flag", "raised, a flag shaped clearly, red blended to maroon")
    if _is_mine_like(look, shapes):
        return Naming("mine", "a dark round blob on a raised tile")
    if look.ink_of(ink.RED, ink.MAROON) >= FLAG_RED:
        return Naming(None, "a raised tile with a red symbol that is no flag")
    question = shapes.scores.get("?", -1.0)
    if look.ink_of(ink.BLACK, ink.GREY) >= MARK_DARK and question >= QUESTION_SHAPE:
        return Naming("unopened", f"raised, a dark question mark ({question:.2f})")
    if known_bevel:
        return Naming("unopened", "raised as the game's unopened tiles, with a mark")
    symbol = shapes.best()[0]
    return Naming(None, f"a raised tile with a symbol that is no flag nor ? ({symbol})")


def _is_mine_like(look: TileLook, shapes: ShapeScores) -> bool:
    """A big dark blob: shaped like a shipped mine (or crossed mine), or at least round,
    dark and solid."""
    if look.ink_of(ink.BLACK, ink.GREY, ink.NONE, ink.RED, ink.MAROON) < MINE_NEUTRAL:
        return False  # a mine is black or grey (with a red fuse or cross at most)
    if look.dark_core >= MIN_DARK_CORE:
        return True  # a thick round black body, whatever its spikes or fuse look like
    symbol, score, lead = shapes.best()
    if symbol == "mine" and score >= MIN_SHAPE and lead >= MIN_SHAPE_LEAD and (
            look.ink_darkness <= MAX_MINE_GREY):
        return True  # clearly a mine's shape, however small ("*" written as a mine)
    if look.ink_share < MINE_INK:
        return False
    if symbol in ("mine", "crossed") and score >= MIN_MINE_SHAPE:
        dark = look.ink_of(ink.BLACK, ink.GREY, ink.NAVY)
        return look.ink_darkness <= MAX_MINE_GREY or (
            dark >= MIN_BLOB_BLACK and dark + look.ink_of(ink.RED, ink.MAROON) >= MINE_DARK)
    solid_blob = ROUND_ASPECT[0] <= look.aspect <= ROUND_ASPECT[1] and look.fill >= BLOB_FILL
    black = look.ink_of(ink.BLACK)
    dark_enough = black >= MIN_BLOB_BLACK and (
        black + look.ink_of(ink.RED, ink.MAROON) >= SOLID_MINE_BLACK)
    _, digit_score, _ = shapes.best(DIGITS)
    return solid_blob and dark_enough and look.ink_share >= BLOB_INK and (
        digit_score < MAX_BLOB_DIGIT_SHAPE)


def _clearly_mine(shapes: ShapeScores) -> bool:
    """Shaped most like a mine, and clearly more than like a flag (a red or orange
    disc, which no flag's pennant is)."""
    symbol, score, _ = shapes.best()
    flag = shapes.scores.get("flag", -1.0)
    return symbol == "mine" and score >= MIN_SHAPE and score >= flag + MIN_SHAPE_LEAD


def _disc_mine(shapes: ShapeScores) -> bool:
    """A solid disc shaped as a mine more than as any digit or a flag (a bold digit
    worn down to a blob is shaped as itself)."""
    mine = shapes.scores.get("mine", -1.0)
    rival = max(shapes.best(DIGITS)[1], shapes.scores.get("flag", -1.0))
    return mine >= MIN_SHAPE and mine >= rival + DISC_MINE_LEAD


def _clearly_flag(shapes: ShapeScores) -> bool:
    """Shaped like a flag, and clearly more than like any digit."""
    _, digit, _ = shapes.best(DIGITS)
    flag = shapes.scores.get("flag", -1.0)
    return flag >= MIN_SHAPE and flag >= digit + MIN_SHAPE_LEAD


def _red_pennant(look: TileLook, shapes: ShapeScores) -> bool:
    """Mostly red, and shaped as a flag far more than as any digit, if not as closely as
    a flag named by its shape alone: an emoji flag's wavy pennant."""
    _, digit, _ = shapes.best(DIGITS)
    flag = shapes.scores.get("flag", -1.0)
    return look.ink_of(ink.RED) >= RED_FLAG_INK and flag >= MIN_COLOUR_SHAPE and (
        flag >= digit + RED_FLAG_LEAD)


def _flag_shaped(shapes: ShapeScores) -> bool:
    """A flag's shape is closer to a flag than to any digit (a 3 or 5 caught half drawn
    over a raised tile is not)."""
    _, digit, _ = shapes.best(DIGITS)
    return shapes.scores.get("flag", -1.0) >= digit - FLAG_SHAPE_SLACK


def red_face(look: TileLook) -> bool:
    """Whether the tile's face is red (an exploded mine's)."""
    return looks.is_red(look.face)


def _name_digit(look: TileLook, shapes: ShapeScores,
                digits: Sequence[tuple[str, FloatArray, float]]) -> Naming:
    if look.off_centre > MAX_DIGIT_OFF_CENTRE:
        return Naming(None, "a symbol off the cell's centre (something over the cell?)")
    if look.core >= MIN_DARK_CORE and (
            look.ink_of(ink.RED, ink.MAROON) < FLAG_RED or _clearly_mine(shapes)):
        return Naming("mine", "a thick round blob (a mine drawn in the look's own colour)")
    if look.big_core >= MIN_DARK_CORE and _disc_mine(shapes):
        return Naming("mine", "a disc filling its tile, shaped as a mine")
    best, score, lead = shapes.best(DIGITS)
    zero, zero_score, zero_lead = shapes.best(("zero", *DIGITS))
    if zero == "zero" and zero_score >= MIN_SHAPE and zero_lead >= MIN_SHAPE_LEAD:
        return Naming("0", f"a 0 written on an opened cell ({zero_score:.2f})")
    coloured = CLASSIC_DIGIT_INK.get(look.main_ink)
    one_ink = look.ink_of(look.main_ink, *INK_BLENDS.get(look.main_ink, ())) >= ONE_INK
    if coloured is not None and one_ink:
        agreeing = shapes.scores[coloured]
        if agreeing >= MIN_COLOUR_SHAPE and agreeing >= score - COLOUR_SHAPE_SLACK:
            return Naming(coloured, f"{ink.INK_NAMES[look.main_ink]} digit shaped like a "
                          f"{coloured} ({agreeing:.2f})")
    if (score >= MIN_SHAPE and lead >= MIN_SHAPE_LEAD) or (
            score >= EXACT_SHAPE and lead >= EXACT_SHAPE_LEAD):
        return Naming(best, f"shaped like a {best} ({score:.2f}, lead {lead:.2f})")
    return _name_in_font(look, digits) or _narrow_one(look, coloured, one_ink) or Naming(
        None, f"a symbol that is no clear digit (most like {best}, {score:.2f}, "
        f"lead {lead:.2f})")


def _narrow_one(look: TileLook, coloured: str | None, one_ink: bool) -> Naming | None:
    """A symbol of one colour narrower than any digit but a 1 is (``NARROW_ONE``) is a 1,
    unless its colour is another digit's classic one; else None."""
    if one_ink and look.aspect <= NARROW_ONE and coloured in (None, "1"):
        return Naming("1", f"a symbol narrower than any digit but a 1 ({look.aspect:.2f})")
    return None


def _name_in_font(look: TileLook, digits: Sequence[tuple[str, FloatArray, float]],
                  ) -> Naming | None:
    """The digit ``look`` clearly shows among the references in the font of the game's
    known ``digits`` (:func:`~recognizer.glyphs.font_of`); None if there is no such font
    or no clear digit in it."""
    font = font_of(digits)
    if font is None or look.shape is None:
        return None
    best, score, lead = score_shape(look.shape, look.aspect, font).best(DIGITS)
    if score >= MIN_SHAPE and lead >= MIN_SHAPE_LEAD:
        return Naming(best, f"shaped like a {best} in the game's own font ({score:.2f}, "
                      f"lead {lead:.2f})")
    return None
