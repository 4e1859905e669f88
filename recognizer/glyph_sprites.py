"""Render the TrueType reference glyphs into ``templates/glyphs.png`` (run once; needs Pillow).

``python -m sweeper.recognizer.glyph_sprites`` draws the digits 1..8, "?", "*" and "F" in common
sans, serif and monospaced fonts, one row per font, each glyph centred in a
``SPRITE_CELL`` box, white on black. :mod:`recognizer.glyphs` reads the sprite; the fonts
are needed only to make it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np

from sweeper.recognizer.glyphs import GLYPH_SPRITE, SPRITE_CELL, TEXT_SYMBOLS

FONT_DIRS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/truetype/liberation"))
GLYPH_PADDING = 6  # px the font's size is below the sprite cell's height (its accents fit)
FONTS = (
    "DejaVuSans-Bold.ttf", "DejaVuSans.ttf", "DejaVuSansCondensed-Bold.ttf",
    "DejaVuSansMono-Bold.ttf", "DejaVuSerif-Bold.ttf",
    "LiberationSans-Bold.ttf", "LiberationSans-Regular.ttf", "LiberationSansNarrow-Bold.ttf",
    "LiberationMono-Bold.ttf", "LiberationSerif-Bold.ttf",
)


def render_row(font_path: Path) -> np.ndarray:
    """One sprite row: the characters of ``TEXT_SYMBOLS`` in one font."""
    from PIL import Image, ImageDraw, ImageFont

    width, height = SPRITE_CELL
    font = ImageFont.truetype(str(font_path), size=height - GLYPH_PADDING)
    row = Image.new("L", (width * len(TEXT_SYMBOLS), height), 0)
    draw = ImageDraw.Draw(row)
    for index, text in enumerate(TEXT_SYMBOLS):
        left, top, right, bottom = draw.textbbox((0, 0), text, font=font)
        x = index * width + (width - (right - left)) // 2 - left
        y = (height - (bottom - top)) // 2 - top
        draw.text((x, y), text, fill=255, font=font)
    return np.asarray(row, dtype=np.uint8)


def main() -> int:
    """Write the sprite from every listed font that is installed."""
    rows = []
    for name in FONTS:
        path = next((folder / name for folder in FONT_DIRS if (folder / name).is_file()), None)
        if path is None:
            print(f"skipped {name}: not installed", file=sys.stderr)
            continue
        rows.append(render_row(path))
    if not rows:
        print("error: none of the fonts is installed (apt-get install fonts-dejavu "
              "fonts-liberation)", file=sys.stderr)
        return 1
    cv2.imwrite(str(GLYPH_SPRITE), np.concatenate(rows, axis=0))
    print(f"wrote {GLYPH_SPRITE} ({len(rows)} fonts)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
