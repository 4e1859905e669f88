"""What one tile picture shows, in the terms of the classic look.

A tile is described by its face colour (the colour most of its middle has), its relief
(raised: light bands inside its top and left edges and dark ones inside its bottom and
right; flat otherwise), and its ink: the pixels of its middle that stand out from the
face, with their colour classes (:mod:`recognizer.ink`) and their shape. These are the
facts the naming rules (:mod:`recognizer.naming`) read; they are measured on the tile at
the screenshot's own resolution, so a digit keeps its proportions in a stretched cell.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from sweeper.recognizer import ink
from sweeper.recognizer.image_io import Image, as_image

MARGIN = 0.14  # share of each side left out of the middle (bevels, grid lines, gaps)
RAISED_MARGIN = 0.25  # ... of a raised tile, whose bevel may be wide
BAND = 0.22  # share of each side searched for a bevel's light or dark band
FACE_MARGIN = 0.0  # share of each side left out when finding the face: the grid line,
# or half the gap between tiles that do not touch (1.5 px of a 19 px cell)
PLAIN_FACE_SHARE = 0.25  # a plain colour this common beside an ink's colour is the face
INK_DIFF = 48  # how far (largest channel difference) a pixel is from the face to be ink
FAINT_INK_DIFF = 24  # ... to be faint ink (a disc two thirds as bright as its dark square)
RAISED_STEP = 14.0  # grey levels a raised tile's dark bands are darker than its face ...
RAISED_LIFT = 30.0  # ... and its light bands lighter (a highlight, not a thin light line)
GLINT_SLACK = 8.0  # grey levels a mine's glint outshines the grid line round a red face
RED_FACE = 60.0  # how much redder than green and blue an exploded mine's face is
SHAPE_SIZE = (16, 20)  # (width, height) an ink shape is compared at
MIN_INK_PIXELS = 4  # fewer ink pixels are noise (a speck, a stray anti-aliased pixel)
CORE_KERNEL = 0.22  # share of the middle's side a dark core must be thicker than ...
CORE_ASPECT = (0.8, 1.25)  # ... and round: its box this near square ...
CORE_FILL = 0.6  # ... and this full (a disc fills 0.79 of its box)
ROUND_CORE_FILL = 0.68  # ... and fill this much of its box (a disc 0.79, a 14 px one
# after the wearing away 0.70; a triangle 0.5)
CUT_DISC_FILL = 0.88  # a blob touching the middle's edges fills at most this much of its
# box to be a disc (a disc 0.79, one cut by the edges about 0.85; a square tile 1.0)
BAND_SPAN = 0.8  # share of the middle's side a tile's shadow runs along (a digit's bar
# drawn to the middle's edge spans less of it; a shadow band spans the whole)
GAP_TOLERANCE = 8  # largest channel difference from the gap's colour of a pixel in the gap
# round a tile (the anti-aliased rim of an emoji's square is 20 or more off the white)
GAP_RING_SHARE = 0.5  # share of the cell's outermost lines in the gap's colour, at least
# (a tile drawn a pixel off its cell's middle reaches two sides of it; a raised tile's
# light and dark bevels are half the lines each, so neither is the most common)
MIN_GAP_SIDES = 2  # sides the gap is seen on, at least (the other two, as above)
MIN_TILE_SPAN = 0.5  # share of the cell's side a tile inside a gap spans at least (an
# emoji's closed square 0.64 of its cell; smaller, it is a symbol on a plain cell)
TILE_EDGE_SHARE = 0.8  # share of each outermost line of a tile inside a gap that is off
# the gap's colour (a square's edge; a digit's or an icon's box touches its sides at points)
SOLID_CORE = 0.92  # a blob of ink of any colour counts only this solid (its share of its
# convex hull: a disc's 0.98; a bold pixel-font digit's worn-down strokes far less)

LUMA = (0.114, 0.587, 0.299)  # BGR weights of a colour's grey (ITU-R BT.601, as OpenCV's)
BRIGHTEST_PERCENTILE = 98  # the middle's brightest level, a few stray pixels left out
TINY_TILE = 4  # px: a tile no larger is taken whole when finding its face
FACE_CANDIDATES = 4  # commonest colour bins weighed for the face (face, ink, shades)
MIN_CORE_KERNEL = 3  # px: the smallest wearing-away kernel that still wears a stroke down
SHAPE_BLUR = 0.5  # px (at SHAPE_SIZE) of blur: a stroke a pixel off still correlates
FLAT_NORM = 1e-6  # a shape with less spread is blank, left unscaled

FloatArray = npt.NDArray[np.float32]


@dataclass(frozen=True)
class TileLook:
    """The classic facts about one tile picture."""

    face: FloatArray  # BGR colour of the face (the middle's commonest colour)
    raised: bool  # lit from the top left: light bands above and left, dark below and right
    lift: float  # how much lighter than the face the top and left bands get (the lesser)
    drop: float  # how much darker than the face the bottom and right bands get (the lesser)
    ink_share: float  # share of the middle that is ink
    inks: FloatArray  # (ink.INK_COUNT,) share of the ink pixels in each colour class
    shape: FloatArray | None  # the ink's shape at SHAPE_SIZE as a unit vector, if any ink
    aspect: float  # the ink's bounding box, width over height (0 without ink)
    fill: float  # share of the ink's bounding box that is ink
    red_span: float  # how much of the ink's bounding box the red ink spans (the lesser side)
    ink_darkness: float  # the mean grey level of the ink (255 without ink)
    off_centre: float  # how far the ink's box centre is from the middle's, as a share of it
    dark_core: float = 0.0  # share of the middle a thick, round black blob covers (a mine's
    # body, without its spikes or fuse), 0 without one
    core: float = 0.0  # the same for a thick round blob of ink of any colour
    big_core: float = 0.0  # the same for one that may touch the middle's edges (a flat
    # look's mine: a disc filling most of its tile)
    faint_core: float = 0.0  # the same for a blob only FAINT_INK_DIFF from the face (a
    # flat look's mine drawn as a disc a shade darker than its square)
    faint_ink: float = 0.0  # share of the middle that is faint ink, where none is ink (a
    # number written a shade darker than a mine's red square)

    @property
    def has_ink(self) -> bool:
        return self.shape is not None

    def ink_of(self, *classes: int) -> float:
        """The share of the ink pixels that are of any of ``classes``."""
        return float(sum(self.inks[c] for c in classes))

    @property
    def main_ink(self) -> int:
        """The colour class covering most of the ink (``ink.NONE`` without ink)."""
        return int(np.argmax(self.inks)) if self.has_ink else ink.NONE


def is_red(face: FloatArray) -> bool:
    """Whether a tile's face is red (the classic look's mine that went off)."""
    blue, green, red = (float(v) for v in face)
    return red - max(green, blue) >= RED_FACE


def look_at(tile: Image) -> TileLook:
    """Measure a tile picture (``HxWx3`` BGR, one cell at its own resolution)."""
    height, width = tile.shape[:2]
    body = without_gap(tile)  # face and relief are the tile's, not its gap's
    framed = body is not tile
    face = _face_colour(body)
    grey = as_image(cv2.cvtColor(tile, cv2.COLOR_BGR2GRAY)).astype(np.float32)
    face_grey = float(np.dot(face, LUMA))
    lift, drop = _relief(as_image(cv2.cvtColor(body, cv2.COLOR_BGR2GRAY)).astype(np.float32)
                         if framed else grey, face_grey)
    my, mx = _margin(height, MARGIN), _margin(width, MARGIN)
    brightest = float(np.percentile(grey[my:height - my, mx:width - mx], BRIGHTEST_PERCENTILE))
    red_face = is_red(face)
    # an exploded mine's face is red and its grid line lighter than that: no bevel
    raised = lift >= RAISED_LIFT and drop >= RAISED_STEP and not (
        red_face and face_grey + lift < brightest - GLINT_SLACK)
    share = RAISED_MARGIN if raised else MARGIN
    my, mx = _margin(height, share), _margin(width, share)
    middle = tile[my:height - my, mx:width - mx]
    strength = np.abs(middle.astype(np.float32) - face[None, None, :]).max(axis=2)
    mask = strength > INK_DIFF
    if framed and drop >= RAISED_STEP and not raised:
        mask &= ~_shadow_bands(mask, middle, face_grey)
    count = int(mask.sum())
    share = count / max(mask.size, 1)
    if count < MIN_INK_PIXELS:
        return TileLook(face, raised, lift, drop, share, np.zeros(ink.INK_COUNT, np.float32),
                        None, 0.0, 0.0, 0.0, 255.0, 0.0,
                        faint_core=_dark_core(strength > FAINT_INK_DIFF, solid=True,
                                              touching=True),
                        faint_ink=float((strength > FAINT_INK_DIFF).mean()))
    classes = ink.classify_pixels(middle[mask])
    inks = np.asarray(np.bincount(classes, minlength=ink.INK_COUNT) / count, np.float32)
    shape, aspect, fill = _shape(
        np.asarray(np.clip((strength - INK_DIFF / 2) / INK_DIFF, 0, 1), np.float32), mask)
    darkness = float(cv2.cvtColor(middle[mask][None], cv2.COLOR_BGR2GRAY).mean())
    return TileLook(face, raised, lift, drop, share, inks, shape, aspect, fill,
                    _span(_of_class(mask, classes, ink.RED), mask), darkness,
                    _off_centre(mask), _dark_core(_of_class(mask, classes, ink.BLACK)),
                    _dark_core(mask, solid=True), _dark_core(mask, solid=True, touching=True))


def _shadow_bands(mask: npt.NDArray[np.bool_], middle: Image,
                  face: float) -> npt.NDArray[np.bool_]:
    """The ink of ``mask`` that is a tile's shadow reaching into its middle: blobs darker
    than the face that run along the middle's bottom or right side for ``BAND_SPAN`` of
    it, or lie there within ``BAND`` of it (a keycap's dark lower and right bands, wider
    than the margin at a device scale of 1.5). No symbol lies along a whole side of the
    middle, nor only in its outermost band."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8),
                                                                 connectivity=8)
    rows, cols = mask.shape
    grey = cv2.cvtColor(middle, cv2.COLOR_BGR2GRAY)
    bands = np.zeros_like(mask)
    for label in range(1, count):
        x, y, width, height, _ = (int(v) for v in stats[label])
        # along a side, or a corner's few pixels inside its band
        along_bottom = y + height == rows and (width >= BAND_SPAN * cols
                                               or y >= (1 - BAND) * rows)
        along_right = x + width == cols and (height >= BAND_SPAN * rows
                                             or x >= (1 - BAND) * cols)
        blob = labels == label
        if (along_bottom or along_right) and float(grey[blob].mean()) < face:
            bands |= blob
    return bands


def without_gap(tile: Image) -> Image:
    """``tile`` cut to the tile it shows where the cell draws it inside a gap of one plain
    colour: an emoji's grey square on the white of its cell. Measured with the gap, the
    gap would be its face and the square a symbol on it, and the gap's rim a bevel.

    The gap is the colour most of the cell's outermost lines have, and all four of its
    corners (a grid line on two sides of a cell, the commonest colour there, leaves two
    corners of the face); the lines of that colour are cut off each side. It frames a
    tile when it is cut off at least ``MIN_GAP_SIDES`` sides (a tile drawn a pixel off
    its cell touches the others) and leaves a box as wide and tall as a tile whose cut
    sides are the tile's edges, off the gap's colour almost all along, and a plain face
    (no classic ink's colour). Anything else (a symbol or an icon on a plain cell, whose
    box touches its sides at points, or a bold block of ink; a bevel, light on two sides
    and dark on two) is left whole."""
    height, width = tile.shape[:2]
    if min(height, width) <= TINY_TILE:
        return tile
    ring = np.concatenate([tile[0], tile[-1], tile[:, 0], tile[:, -1]]).astype(np.int16)
    gap = np.median(ring, axis=0)
    corners = tile[[0, 0, -1, -1], [0, -1, 0, -1]].astype(np.int16)
    if float((np.abs(ring - gap).max(axis=1) <= GAP_TOLERANCE).mean()) <= GAP_RING_SHARE or (
            float(np.abs(corners - gap).max()) > GAP_TOLERANCE):
        return tile
    off = np.abs(tile.astype(np.int16) - gap).max(axis=2) > GAP_TOLERANCE
    rows, cols = np.nonzero(off.any(axis=1))[0], np.nonzero(off.any(axis=0))[0]
    if rows.size == 0:
        return tile
    top, bottom, left, right = int(rows[0]), int(rows[-1]) + 1, int(cols[0]), int(cols[-1]) + 1
    cut = (top > 0, bottom < height, left > 0, right < width)
    if sum(cut) < MIN_GAP_SIDES or (
            bottom - top < MIN_TILE_SPAN * height or right - left < MIN_TILE_SPAN * width):
        return tile
    box = off[top:bottom, left:right]
    edges = (box[0], box[-1], box[:, 0], box[:, -1])
    if any(side and edge.mean() < TILE_EDGE_SHARE for side, edge in zip(cut, edges, strict=True)):
        return tile
    body = tile[top:bottom, left:right]
    if ink.classify_pixels(_face_colour(body).astype(np.uint8)[None])[0] != ink.NONE:
        return tile  # a block of a digit's or a flag's colour is a bold symbol, no tile
    return body


def _of_class(mask: npt.NDArray[np.bool_], classes: npt.NDArray[np.int64],
              colour: int) -> npt.NDArray[np.bool_]:
    """The ink pixels (``mask``, classified as ``classes``) of one colour class."""
    pixels = np.zeros_like(mask)
    pixels[mask] = classes == colour
    return pixels


def _margin(size: int, share: float) -> int:
    return max(1, int(np.ceil(share * size)))


def _face_colour(tile: Image) -> FloatArray:
    """The colour of a tile's face: the commonest 4-bit-per-channel colour bin inside its
    outermost pixels (``FACE_MARGIN`` of each side, where a gap round a tile lies),
    unless that is an ink's colour (a bold digit can outweigh the face of a small tile)
    and a plain colour is common too. Red stays: an exploded mine's face."""
    height, width = tile.shape[:2]
    my, mx = _margin(height, FACE_MARGIN), _margin(width, FACE_MARGIN)
    inner = tile[my:height - my, mx:width - mx] if min(height, width) > TINY_TILE else tile
    pixels = inner.reshape(-1, 3)
    bins = (pixels[:, 0] >> 4).astype(np.int32) << 8 | (pixels[:, 1] >> 4).astype(
        np.int32) << 4 | (pixels[:, 2] >> 4).astype(np.int32)
    counts = np.bincount(bins, minlength=4096)
    ranked = np.argsort(-counts)[:FACE_CANDIDATES]
    colours = [pixels[bins == b].mean(axis=0) for b in ranked if counts[b] > 0]
    classes = ink.classify_pixels(np.asarray(colours, np.uint8))
    chosen = 0
    if classes[0] not in (ink.NONE, ink.RED):
        plain = [i for i, c in enumerate(classes) if c == ink.NONE
                 and counts[ranked[i]] >= PLAIN_FACE_SHARE * counts[ranked[0]]]
        chosen = plain[0] if plain else 0
    return np.asarray(colours[chosen], dtype=np.float32)


def _relief(grey: FloatArray, face: float) -> tuple[float, float]:
    """``(lift, drop)``: the lesser of the top and left bands' lightness over the face,
    and the lesser of the bottom and right bands' darkness under it.

    Each line of a band is summed up by its median along the outer quarters of the edge,
    away from its corners and from the symbol in the middle (a mine's body reaches the
    middle of every edge); the lightest (darkest) line of each band counts, so a bevel a
    pixel off the cell's edge is still seen.
    """
    height, width = grey.shape
    rows = np.median(grey[:, _outer_quarters(width)], axis=1)
    cols = np.median(grey[_outer_quarters(height), :], axis=0)
    band_y, band_x = max(2, round(BAND * height)), max(2, round(BAND * width))
    lift = min(rows[:band_y].max(), cols[:band_x].max()) - face
    drop = face - max(rows[-band_y:].min(), cols[-band_x:].min())
    return float(lift), float(drop)


def _off_centre(mask: npt.NDArray[np.bool_]) -> float:
    """The larger offset (x or y) of the ink's bounding box centre from the middle's
    centre, as a share of the middle's size."""
    ys, xs = np.nonzero(mask)
    height, width = mask.shape
    dx = abs((xs.min() + xs.max()) / 2 - (width - 1) / 2) / width
    dy = abs((ys.min() + ys.max()) / 2 - (height - 1) / 2) / height
    return float(max(dx, dy))


def _span(part: npt.NDArray[np.bool_], whole: npt.NDArray[np.bool_]) -> float:
    """The lesser of the width and height shares of ``whole``'s bounding box that
    ``part``'s bounding box spans (0 if ``part`` is empty)."""
    if not part.any():
        return 0.0
    ys, xs = np.nonzero(whole)
    part_ys, part_xs = np.nonzero(part)
    width = (part_xs.max() - part_xs.min() + 1) / (xs.max() - xs.min() + 1)
    height = (part_ys.max() - part_ys.min() + 1) / (ys.max() - ys.min() + 1)
    return float(min(width, height))


def _outer_quarters(size: int) -> npt.NDArray[np.int64]:
    """Indices from 1/8 to 3/8 and from 5/8 to 7/8 of ``size``."""
    first = np.arange(size // 8, max(size * 3 // 8, size // 8 + 1))
    return np.concatenate([first, size - 1 - first])


def _dark_core(black: npt.NDArray[np.bool_], solid: bool = False,
               touching: bool = False) -> float:
    """The share of the middle covered by its biggest black blob that stays when every
    stroke thinner than ``CORE_KERNEL`` of the middle is worn away, if that blob is round
    (0 otherwise): a mine's body, whatever spikes or fuse it has; no digit's stroke is
    that thick. With ``solid``, the blob must also fill its convex hull (ink of any colour:
    a bold digit's strokes survive the wearing away, but bent), and keep off the middle's
    edges unless ``touching``."""
    size = max(MIN_CORE_KERNEL, round(CORE_KERNEL * min(black.shape)))
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
    core = cv2.morphologyEx(black.astype(np.uint8), cv2.MORPH_OPEN, kernel)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(core, connectivity=8)
    if count < 2:
        return 0.0
    biggest = 1 + int(np.argmax(stats[1:, 4]))
    _, _, width, height, area = stats[biggest]
    aspect = width / height
    if not CORE_ASPECT[0] <= aspect <= CORE_ASPECT[1] or area < CORE_FILL * width * height:
        return 0.0
    if solid and not _inner_solid_blob(labels == biggest, stats[biggest], touching):
        return 0.0
    return float(area / black.size)


def _inner_solid_blob(blob: npt.NDArray[np.bool_], stats: npt.NDArray[np.int32],
                      touching: bool = False) -> bool:
    """Whether a blob fills its convex hull and is a symbol drawn on the tile, not the
    tile itself taken for ink: it keeps off the edges of the middle, or, ``touching``,
    as a big disc does (a flat look's mine filling most of its tile), it touches some
    of them while staying round, never filling the whole middle."""
    x, y, width, height, area = (int(v) for v in stats)
    rows, cols = blob.shape
    edges = (x == 0, y == 0, x + width == cols, y + height == rows)
    fill = area / (width * height)
    if any(edges) and (not touching or all(edges) or fill > CUT_DISC_FILL):
        return False
    round_enough = fill >= ROUND_CORE_FILL  # a disc, not a pennant
    return round_enough and area >= SOLID_CORE * _hull_area(blob)


def _hull_area(blob: npt.NDArray[np.bool_]) -> float:
    """The area of the convex hull round a blob's pixels."""
    points = cv2.findNonZero(blob.astype(np.uint8))
    return float(cv2.contourArea(cv2.convexHull(points))) + 1.0


def _shape(strength: FloatArray, mask: npt.NDArray[np.bool_]) -> tuple[FloatArray, float, float]:
    """The ink's shape at ``SHAPE_SIZE`` (unit vector), its aspect and fill."""
    ys, xs = np.nonzero(mask)
    top, bottom, left, right = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
    box = strength[top:bottom, left:right].astype(np.float32)
    aspect = (right - left) / (bottom - top)
    fill = float(mask[top:bottom, left:right].mean())
    return shape_vector(box), float(aspect), fill


def shape_vector(box: FloatArray) -> FloatArray:
    """An ink picture cut to its bounding box, as a zero-mean unit vector at SHAPE_SIZE."""
    small = cv2.resize(box, SHAPE_SIZE, interpolation=cv2.INTER_AREA)
    small = cv2.GaussianBlur(small, (3, 3), SHAPE_BLUR)
    vector = np.asarray(small, np.float32).ravel()
    vector -= vector.mean()
    norm = float(np.linalg.norm(vector))
    return vector / norm if norm > FLAT_NORM else vector
