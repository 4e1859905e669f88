"""Cells read by their middles where a glow changed their edges (recognizer/middles.py).

The crop is a neon look's (40 px tiles, 2 px gaps, 42 px pitch): 3 rows of 5 cells,
the pointer on the opened 0 in the middle of the bottom row. The look grows that cell
by a tenth and lights a glow round it, a quarter of the way into the cells beside it:
the 0 above it and the 1 and the 2 beside it match no template whole, and learned as
they are, the glowing 2 passed for a raised closed tile with a mark."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from sweeper.recognizer.geometry import BoardGeometry
from sweeper.recognizer.image_io import load_image
from sweeper.recognizer.learned import KIND_INDEX, LearnedSkin, features
from sweeper.recognizer.middles import read_by_middles
from sweeper.recognizer.sampling import cut_cells, native_cell

CROP = Path(__file__).resolve().parent / "cells" / "tejj-neon-x1-glow.png"
ROWS, COLS, PITCH, MARGIN = 3, 5, 42, 4
# the unlit pictures the skin knows: a closed tile, a 0, a 1 and a 2
KNOWN = {(0, 0): "unopened", (0, 2): "0", (0, 1): "1", (1, 1): "2"}
GLOWING = {(1, 2): "0", (2, 1): "1", (2, 3): "2"}  # beside the cell under the pointer


def _board() -> tuple[np.ndarray, BoardGeometry, np.ndarray]:
    crop = load_image(CROP)
    geometry = BoardGeometry.regular(left=MARGIN, top=MARGIN, pitch_x=PITCH, pitch_y=PITCH,
                                     rows=ROWS, cols=COLS)
    return crop, geometry, features(cut_cells(crop, geometry))


def _skin(crop: np.ndarray, geometry: BoardGeometry, vectors: np.ndarray) -> LearnedSkin:
    skin = LearnedSkin()
    for (row, col), kind in KNOWN.items():
        skin.add(kind, vectors[row * COLS + col], native_cell(crop, geometry, row, col))
    return skin


def test_glowing_cells_match_no_template_whole() -> None:
    crop, geometry, vectors = _board()
    matches = _skin(crop, geometry, vectors).match(vectors)
    for row, col in GLOWING:
        assert not matches.confident[row * COLS + col]


def test_their_middles_tell_their_type() -> None:
    crop, geometry, vectors = _board()
    skin = _skin(crop, geometry, vectors)
    matches = read_by_middles(skin, vectors, skin.match(vectors))
    for (row, col), kind in GLOWING.items():
        cell = row * COLS + col
        assert matches.confident[cell], (row, col)
        assert matches.kinds[cell] == KIND_INDEX[kind], (row, col)


def test_a_middle_that_tells_no_type_is_not_read() -> None:
    """Where the closed tile and the 0 share their middle (a look told apart by its
    tiles' edges only), a glowing cell stays unread."""
    crop, geometry, vectors = _board()
    cells = vectors.reshape(-1, 16, 16, 3).copy()
    cells[0, 5:11, 5:11] = cells[2, 5:11, 5:11]  # the closed tile given the 0's middle
    same_middles = LearnedSkin()
    same_middles.add("unopened", cells[0].ravel(), native_cell(crop, geometry, 0, 0))
    same_middles.add("0", vectors[2], native_cell(crop, geometry, 0, 2))
    matches = read_by_middles(same_middles, vectors, same_middles.match(vectors))
    assert not matches.confident[1 * COLS + 2]


def test_a_plain_face_is_not_read_by_its_middle_before_both_plain_faces_are_known() -> None:
    """A classic look's opened 0 shares its middle with a closed tile: with no 0 learned
    yet (only closed tiles and digits), a 0 read by its middle would be a closed tile."""
    crop, geometry, vectors = _board()
    skin = LearnedSkin()
    for (row, col), kind in KNOWN.items():
        if kind != "0":
            skin.add(kind, vectors[row * COLS + col], native_cell(crop, geometry, row, col))
    cells = vectors.reshape(-1, 16, 16, 3).copy()
    zero = cells[0].copy()
    zero[:3], zero[-3:], zero[:, :3], zero[:, -3:] = 90.0, 90.0, 90.0, 90.0  # its edges
    # unlike the closed tile's, its middle the same
    vectors = np.vstack([vectors, zero.reshape(1, -1)])
    matches = read_by_middles(skin, vectors, skin.match(vectors))
    assert not matches.confident[-1]
