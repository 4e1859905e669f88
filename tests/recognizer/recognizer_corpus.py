"""Test helpers: the replay corpus, and look-alike variants of its screenshots.

The variants imitate other classic-looking games and screens: browser zoom (rescaling
with interpolation), other greys, digits drawn in other fonts with anti-aliasing, and
things that make cells unreadable (a window over the board, a hover tint, a half-drawn
tile).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from sweeper.core import Board, parse_board
from sweeper.recognizer import BoardGeometry

CORPUS_DIR = Path(__file__).resolve().parent / "corpus"
# darksweeper's "Game over" box over its board (corpus/messages): 30x16 cells of 25 px,
# the cells under the box and the mine that went off
GAME_OVER_SHOT = CORPUS_DIR / "messages" / "darksweeper-game-over.png"
GAME_OVER_BOARD = BoardGeometry.regular(left=26, top=9, pitch_x=25, pitch_y=25, rows=16,
                                        cols=30)
UNDER_THE_BOX = [(row, col) for row in range(5, 11) for col in range(9, 22)]
THE_MINE_HIT = (1, 6)
# classic number colours, BGR
DIGIT_COLOURS = {1: (255, 0, 0), 2: (0, 128, 0), 3: (0, 0, 255), 4: (128, 0, 0),
                 5: (0, 0, 128), 6: (128, 128, 0), 7: (0, 0, 0), 8: (128, 128, 128)}
TRUETYPE_FONTS = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationMono-Bold.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf",
)


@dataclass(frozen=True)
class Shot:
    """One corpus screenshot and its truth."""

    name: str
    image: np.ndarray
    board: Board
    status: str
    cells: dict[str, Any] | None  # the true lattice (bundled game only)


def corpus_names() -> list[str]:
    """Every screenshot of the corpus: the bundled game and xdemineur (``NAME``), and the
    third-party sites and winemine (``sites/NAME``). Boards under a dialog, new looks,
    desktop looks and screens with no board (``negative/``) are kept apart."""
    return sorted(str(path.relative_to(CORPUS_DIR).with_suffix(""))
                  for path in CORPUS_DIR.rglob("*.png")
                  if path.parent.name not in ("covered", "negative", "desktop", "looks",
                                              "messages"))


def covered_names() -> list[str]:
    """Screenshots of boards under a dialog or a message drawn over them
    (``covered/NAME``): never to be read."""
    return sorted(f"covered/{path.stem}" for path in (CORPUS_DIR / "covered").glob("*.png"))


def desktop_names() -> list[str]:
    """Screenshots of desktop games with looks of their own, xbomb and freesweep
    (``desktop/NAME``, recorded by record_desktop.py): not all read yet."""
    return sorted(f"desktop/{path.stem}" for path in (CORPUS_DIR / "desktop").glob("*.png"))


def looks_names() -> list[str]:
    """Screenshots of games with looks the recognizer is still learning to read: flat,
    dark, emoji and rounded web games (``looks/NAME``) and the desktop games xbomb and
    freesweep (``desktop/NAME``). Each must be read exactly or refused, never read wrong."""
    looks = sorted(f"looks/{path.stem}" for path in (CORPUS_DIR / "looks").glob("*.png"))
    return looks + desktop_names()


def load_shot(name: str) -> Shot:
    truth = json.loads((CORPUS_DIR / f"{name}.json").read_text())
    image = cv2.imread(str(CORPUS_DIR / f"{name}.png"), cv2.IMREAD_COLOR)
    assert image is not None, name
    return Shot(name, image, parse_board(truth["board"]), truth["status"], truth.get("cells"))


def installed_fonts() -> list[str]:
    return [path for path in TRUETYPE_FONTS if Path(path).is_file()]


# ---------------------------------------------------------------- look-alike variants


def zoomed(image: np.ndarray, factor: float) -> np.ndarray:
    """The screenshot as a browser zoomed by ``factor`` would show it (bilinear)."""
    height, width = image.shape[:2]
    size = (round(width * factor), round(height * factor))
    return cv2.resize(image, size, interpolation=cv2.INTER_LINEAR)


def regreyed(image: np.ndarray, light: int, face: int, dark: int) -> np.ndarray:
    """Pure greys moved: white -> ``light``, #c0c0c0 -> ``face``, #808080 -> ``dark``."""
    table = np.arange(256, dtype=np.float64)
    table = np.interp(table, [0, 128, 192, 255], [0, dark, face, light])
    lut = np.clip(np.round(table), 0, 255).astype(np.uint8)
    grey = (image[..., 0] == image[..., 1]) & (image[..., 1] == image[..., 2])
    out = image.copy()
    out[grey] = lut[image[grey]]
    return out


def cell_box(shot: Shot, row: int, col: int) -> tuple[int, int, int]:
    """``(x, y, pitch)`` of a cell in the shot's image, from the true lattice."""
    assert shot.cells is not None, f"{shot.name} has no true lattice"
    pitch = int(shot.cells["pitch"])
    return shot.cells["left"] + col * pitch, shot.cells["top"] + row * pitch, pitch


def refonted(shot: Shot, font: str | None, scale: float = 0.72) -> np.ndarray:
    """Every digit redrawn, anti-aliased, in ``font`` (a TrueType file; None: OpenCV's own).

    The old digit is painted over with the tile's grey (its grid line kept) and the new
    one is centred in the classic colour.
    """
    image = shot.image.copy()
    for (row, col), code in np.ndenumerate(shot.board.cells):
        if code >= 1:
            x, y, pitch = cell_box(shot, row, col)
            image[y + 1:y + pitch, x + 1:x + pitch] = image[y + pitch // 2, x + 2]
            glyph = _glyph(str(code), font, round(pitch * scale), DIGIT_COLOURS[int(code)])
            _paste_centred(image, glyph, x + 1, y + 1, pitch - 1)
    return image


def _glyph(text: str, font: str | None, height: int, colour: tuple[int, int, int]) -> np.ndarray:
    """An RGBA-like (BGR + alpha) picture of ``text`` about ``height`` px tall."""
    if font is None:
        scale = cv2.getFontScaleFromHeight(cv2.FONT_HERSHEY_DUPLEX, height, 2)
        (width, text_height), base = cv2.getTextSize(text, cv2.FONT_HERSHEY_DUPLEX, scale, 2)
        alpha = np.zeros((text_height + base + 4, width + 4), np.uint8)
        cv2.putText(alpha, text, (2, text_height + 2), cv2.FONT_HERSHEY_DUPLEX, scale, 255, 2,
                    cv2.LINE_AA)
    else:
        from PIL import Image, ImageDraw, ImageFont

        face = ImageFont.truetype(font, size=height)
        left, top, right, bottom = (int(v) for v in face.getbbox(text))
        canvas = Image.new("L", (right - left + 4, bottom - top + 4), 0)
        ImageDraw.Draw(canvas).text((2 - left, 2 - top), text, font=face, fill=255)
        alpha = np.asarray(canvas)
    rows, cols = np.nonzero(alpha)
    alpha = alpha[rows.min():rows.max() + 1, cols.min():cols.max() + 1]
    glyph = np.zeros((*alpha.shape, 4), np.uint8)
    glyph[..., :3] = colour
    glyph[..., 3] = alpha
    return glyph


def _paste_centred(image: np.ndarray, glyph: np.ndarray, x: int, y: int, size: int) -> None:
    height, width = glyph.shape[:2]
    top, left = y + (size - height) // 2, x + (size - width) // 2
    region = image[top:top + height, left:left + width].astype(np.float64)
    alpha = glyph[..., 3:4].astype(np.float64) / 255
    blended = region * (1 - alpha) + glyph[..., :3] * alpha
    image[top:top + height, left:left + width] = np.round(blended).astype(np.uint8)


# ---------------------------------------------------------------- things that hide cells


def covered(shot: Shot, rows: tuple[int, int], cols: tuple[int, int], inset: float = 0.5
            ) -> tuple[np.ndarray, set[tuple[int, int]], set[tuple[int, int]]]:
    """A window-like rectangle painted over part of the board.

    It spans cells ``rows[0]..rows[1]`` and ``cols[0]..cols[1]`` but starts ``inset``
    of a cell inside the first ones, so the edge cells are only partly hidden. Returns
    the image, the fully hidden cells and the partly hidden ones.
    """
    image = shot.image.copy()
    x0, y0, pitch = cell_box(shot, rows[0], cols[0])
    x1, y1, _ = cell_box(shot, rows[1] + 1, cols[1] + 1)
    x0, y0 = x0 + round(inset * pitch), y0 + round(inset * pitch)
    cv2.rectangle(image, (x0, y0), (x1 - 1, y1 - 1), (235, 235, 235), -1)
    cv2.rectangle(image, (x0, y0), (x1 - 1, y0 + pitch // 2), (160, 90, 30), -1)  # title bar
    cv2.rectangle(image, (x0, y0), (x1 - 1, y1 - 1), (40, 40, 40), 1)
    cv2.putText(image, "Save changes?", (x0 + 4, y0 + pitch + 8), cv2.FONT_HERSHEY_SIMPLEX,
                0.4, (0, 0, 0), 1, cv2.LINE_AA)
    full = {(r, c) for r in range(rows[0] + 1, rows[1] + 1)
            for c in range(cols[0] + 1, cols[1] + 1)}
    partial = {(r, c) for r in range(rows[0], rows[1] + 1)
               for c in range(cols[0], cols[1] + 1)}
    return image, full, partial - full


def tinted(shot: Shot, row: int, col: int, colour: tuple[int, int, int], alpha: float
           ) -> np.ndarray:
    """A hover highlight: one cell blended with ``colour``."""
    image = shot.image.copy()
    x, y, pitch = cell_box(shot, row, col)
    cell = image[y:y + pitch, x:x + pitch].astype(np.float64)
    image[y:y + pitch, x:x + pitch] = np.round(cell * (1 - alpha) + np.array(colour) * alpha)
    return image


def half_drawn(shot: Shot, row: int, col: int, source: tuple[int, int]) -> np.ndarray:
    """A tile caught mid-redraw: its top half still shows the tile at ``source``."""
    image = shot.image.copy()
    x, y, pitch = cell_box(shot, row, col)
    sx, sy, _ = cell_box(shot, *source)
    image[y:y + pitch // 2, x:x + pitch] = shot.image[sy:sy + pitch // 2, sx:sx + pitch]
    return image


def cells_with(board: Board, codes: set[int]) -> list[tuple[int, int]]:
    return [(r, c) for (r, c), code in np.ndenumerate(board.cells) if int(code) in codes]
