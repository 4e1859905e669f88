"""Boards drawn in looks that are not the classic one, with their truth, for the tests.

Each look is a small description (colours, gaps, corner radius, lines, font); the same
drawing code lays out any board in any of them, so a test can ask for a fresh board, a
first opening, a game in the middle or a lost one at any cell size. The looks imitate
families people play (flat checkerboards, dark themes, rounded tiles with gaps, flat
grids with thin lines); they are drawn here, not taken from any game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt
from PIL import Image, ImageDraw, ImageFont

from sweeper.core import Board, parse_board

FONTS = Path("/usr/share/fonts/truetype")
RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Look:
    """How a game draws its cells."""

    closed: tuple[RGB, RGB]  # an unopened cell's face, by (row + col) parity
    opened: tuple[RGB, RGB]  # an opened cell's face, by parity
    digits: tuple[RGB, ...]  # colours of 1..8
    background: RGB = (40, 40, 40)  # behind the tiles (seen in gaps)
    gap: int = 0  # px between tiles
    radius: int = 0  # corner radius, px
    line: RGB | None = None  # a 1 px grid line instead of a gap
    font: str = "dejavu/DejaVuSans-Bold.ttf"
    flag: RGB = (230, 30, 30)
    mine: RGB = (20, 20, 20)
    exploded: RGB = (220, 40, 40)
    margin: int = 24  # px of page round the board
    page: RGB = (250, 250, 250)
    extra: dict[str, str] = field(default_factory=dict)


MATERIAL_DIGITS = ((25, 118, 210), (56, 142, 60), (211, 47, 47), (123, 31, 162),
                   (255, 143, 0), (0, 151, 167), (66, 66, 66), (158, 158, 158))
BRIGHT_DIGITS = ((100, 181, 246), (129, 199, 132), (229, 115, 115), (186, 104, 200),
                 (255, 183, 77), (77, 208, 225), (224, 224, 224), (189, 189, 189))

LOOKS = {
    "meadow": Look(closed=((170, 215, 81), (162, 209, 73)),
                   opened=((229, 194, 159), (215, 184, 153)), digits=MATERIAL_DIGITS,
                   page=(74, 117, 44)),
    "night": Look(closed=((58, 58, 60), (58, 58, 60)), opened=((30, 30, 30), (30, 30, 30)),
                  digits=BRIGHT_DIGITS, background=(18, 18, 18), gap=2, page=(18, 18, 18),
                  font="liberation/LiberationSans-Bold.ttf", mine=(240, 240, 240)),
    "pebble": Look(closed=((144, 180, 220), (144, 180, 220)),
                   opened=((236, 240, 245), (236, 240, 245)), digits=MATERIAL_DIGITS,
                   background=(255, 255, 255), gap=3, radius=5, page=(255, 255, 255),
                   font="dejavu/DejaVuSans.ttf"),
    "ledger": Look(closed=((200, 200, 200), (200, 200, 200)),
                   opened=((238, 238, 238), (238, 238, 238)), digits=MATERIAL_DIGITS,
                   line=(150, 150, 150), page=(255, 255, 255),
                   font="liberation/LiberationMono-Bold.ttf"),
}


@dataclass(frozen=True)
class Drawn:
    """A drawn board: the picture (BGR, as the recognizer takes it) and its truth."""

    image: npt.NDArray[np.uint8]
    board: Board
    status: str
    rect: tuple[int, int, int, int]  # the board's cells on the picture: x, y, width, height


def draw(board_text: str, look: Look, cell: int, status: str = "playing",
         exploded: tuple[int, int] | None = None) -> Drawn:
    """``board_text`` drawn in ``look`` with ``cell`` px tiles (``*`` cells as mines)."""
    board = parse_board(board_text)
    rows, cols = board.height, board.width
    pitch = cell + look.gap + (1 if look.line else 0)
    width = cols * pitch - look.gap + 2 * look.margin
    height = rows * pitch - look.gap + 2 * look.margin
    picture = Image.new("RGB", (width, height), look.page)
    pen = ImageDraw.Draw(picture)
    left = top = look.margin
    grid_w, grid_h = cols * pitch - look.gap, rows * pitch - look.gap
    pen.rectangle((left, top, left + grid_w - 1, top + grid_h - 1),
                  fill=look.line or look.background)
    font = ImageFont.truetype(str(FONTS / look.font), max(8, int(cell * 0.62)))
    for row in range(rows):
        for col in range(cols):
            x, y = left + col * pitch, top + row * pitch
            _draw_cell(pen, look, font, board_text.splitlines()[row][col], (x, y), cell=cell,
                       parity=(row + col) % 2, exploded=exploded == (row, col))
    bgr = np.asarray(picture)[:, :, ::-1].copy()
    return Drawn(bgr, board, status, (left, top, grid_w, grid_h))


def _draw_cell(pen: ImageDraw.ImageDraw, look: Look, font: ImageFont.FreeTypeFont,
               char: str, at: tuple[int, int], *, cell: int, parity: int,
               exploded: bool) -> None:
    x, y = at
    box = (x, y, x + cell - 1, y + cell - 1)
    closed = char in ".F"
    face = (look.closed if closed else look.opened)[parity]
    if exploded:
        face = look.exploded
    pen.rounded_rectangle(box, radius=look.radius, fill=face) if look.radius else (
        pen.rectangle(box, fill=face))
    middle = (x + cell / 2, y + cell / 2)
    if char == "F":
        _draw_flag(pen, look, x, y, cell)
    elif char == "*":
        r = cell * 0.28
        pen.ellipse((middle[0] - r, middle[1] - r, middle[0] + r, middle[1] + r), fill=look.mine)
    elif char in "12345678":
        pen.text(middle, char, fill=look.digits[int(char) - 1], font=font, anchor="mm")


def _draw_flag(pen: ImageDraw.ImageDraw, look: Look, x: int, y: int, cell: int) -> None:
    pole_x = x + cell * 0.62
    pen.rectangle((pole_x, y + cell * 0.2, pole_x + max(1, cell * 0.07), y + cell * 0.8),
                  fill=(30, 30, 30))
    pen.polygon([(pole_x, y + cell * 0.2), (pole_x, y + cell * 0.52),
                 (x + cell * 0.22, y + cell * 0.36)], fill=look.flag)


def game(rows: int, cols: int, mines: int, seed: int) -> tuple[set[tuple[int, int]],
                                                              tuple[int, int]]:
    """A random layout and a first click that opens an area (a 0)."""
    rng = random.Random(seed)
    first = (rng.randrange(rows), rng.randrange(cols))
    near = {(first[0] + dr, first[1] + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
    free = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in near]
    return set(rng.sample(free, mines)), first


def states(rows: int, cols: int, mines: int, *, seed: int) -> dict[str, tuple[str, str]]:
    """Board texts (and statuses) of one game: fresh, first opening, middle, lost."""
    layout, first = game(rows, cols, mines, seed)
    counts = [[sum((r + dr, c + dc) in layout for dr in (-1, 0, 1) for dc in (-1, 0, 1))
               for c in range(cols)] for r in range(rows)]
    opened = _flood({first}, layout, counts, rows, cols)
    rng = random.Random(seed + 1)
    safe = [(r, c) for r in range(rows) for c in range(cols)
            if (r, c) not in layout and (r, c) not in opened]
    middle = _flood(opened | set(rng.sample(safe, min(len(safe), 12))), layout, counts,
                    rows, cols)
    flags = {m for m in layout if any((m[0] + dr, m[1] + dc) in middle
                                      for dr in (-1, 0, 1) for dc in (-1, 0, 1))}

    def text(open_cells: set[tuple[int, int]], flagged: set[tuple[int, int]],
             shown: set[tuple[int, int]]) -> str:
        return "\n".join("".join(
            "F" if (r, c) in flagged else "*" if (r, c) in shown
            else str(counts[r][c]) if (r, c) in open_cells else "."
            for c in range(cols)) for r in range(rows))

    return {
        "fresh": (text(set(), set(), set()), "playing"),
        "first": (text(opened, set(), set()), "playing"),
        "mid": (text(middle, flags, set()), "playing"),
        "lost": (text(middle, flags, layout - flags), "lost"),
    }


def _flood(start: set[tuple[int, int]], layout: set[tuple[int, int]],
           counts: list[list[int]], rows: int, cols: int) -> set[tuple[int, int]]:
    """Open ``start`` and, from every 0, its neighbours in turn."""
    opened: set[tuple[int, int]] = set()
    todo = list(start)
    while todo:
        cell = todo.pop()
        if cell in opened or cell in layout:
            continue
        opened.add(cell)
        r, c = cell
        if counts[r][c] == 0:
            todo += [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                     if 0 <= r + dr < rows and 0 <= c + dc < cols]
    return opened
