"""Flat looks whose closed and opened cells differ by little (recognizer/families.py,
recognizer/picture_naming.py, recognizer/far_reads.py, recognizer/learning.py).

lazzerex-rounded's opened slate is only 14 levels darker than its closed tiles, within a
face family's tolerance and within the closed template's reach; aryanpanda-dark paints
both navy and draws a white border inside opened cells only, which outweighs its white
digits: they lie 2 to 3 levels apart at the matching size."""

from __future__ import annotations

from pathlib import Path

import pytest

from sweeper.recognizer import BoardGeometry, BoardReader
from sweeper.recognizer.image_io import Image, load_image

CELLS = Path(__file__).resolve().parent / "cells"
SHADE_PITCH, FRAME_PITCH = 44, 41  # lazzerex-rounded, aryanpanda-dark at a scale of 1
CLOSED_5X5_WITH = """\
.....
.....
..{}..
.....
....."""


def _geometry(pitch: int, rows: int, cols: int) -> BoardGeometry:
    return BoardGeometry.regular(left=0, top=0, pitch_x=pitch, pitch_y=pitch, rows=rows,
                                 cols=cols)


def _closed_over(shot: Image, pitch: int, cells: list[tuple[int, int]]) -> Image:
    """``shot`` with ``cells`` painted over by its top-left (closed) cell."""
    covered = shot.copy()
    for row, col in cells:
        covered[row * pitch:(row + 1) * pitch, col * pitch:(col + 1) * pitch] = (
            shot[:pitch, :pitch])
    return covered


def test_a_closed_face_a_shade_off_the_opened_one_is_told_by_the_rules() -> None:
    """Read alone, the 2's slate names the opened face, and the closed tiles, 14 levels
    off it, passed for another opened shade: 24 zeros and the 2 unread."""
    shot = load_image(CELLS / "lazzerex-rounded-first-2.png")
    seen = BoardReader().read(shot, _geometry(SHADE_PITCH, 5, 5))
    assert str(seen.board).strip() == CLOSED_5X5_WITH.format("2")


@pytest.mark.parametrize(("crop", "read"), [
    # after the closed tiles alone, the first 2 lay within their template's reach and its
    # face within their family's: it read as a closed cell, a wrong board
    ("lazzerex-rounded-first-2.png", "2"),
    # an emoji flag on yellow: its face is neither the closed tiles' nor the opened
    # cells', and was refused as no closed tile's once the closed face was known
    ("lazzerex-rounded-flag.png", "F"),
])
def test_a_symbol_on_a_face_a_shade_off_the_closed_one_is_read(crop: str, read: str) -> None:
    """A first digit, or a flag on a tile of its own colour, read after the closed
    tiles of a look whose faces differ by a shade."""
    shot = load_image(CELLS / crop)
    geometry = _geometry(SHADE_PITCH, 5, 5)
    reader = BoardReader()
    assert reader.read(_closed_over(shot, SHADE_PITCH, [(2, 2)]), geometry).board is not None
    seen = reader.read(shot, geometry)
    assert str(seen.board).strip() == CLOSED_5X5_WITH.format(read)


def test_closed_and_opened_cells_of_one_face_are_told_by_the_frame() -> None:
    """Both navy, the opened 1 framed in white: read alone, the closed tiles took the 1's
    face for theirs and were read as zeros; after them, the 1 as a mark on a closed one."""
    shot = load_image(CELLS / "aryanpanda-dark-first-1.png")
    geometry = _geometry(FRAME_PITCH, 5, 5)
    assert str(BoardReader().read(shot, geometry).board).strip() == (
        CLOSED_5X5_WITH.format("1"))
    reader = BoardReader()
    assert reader.read(_closed_over(shot, FRAME_PITCH, [(2, 2)]), geometry).board is not None
    assert str(reader.read(shot, geometry).board).strip() == CLOSED_5X5_WITH.format("1")


DIGITS = """\
.1001....
.2101122.
..10001..
..10113..
..211....
........."""


def test_digits_a_border_outweighs_are_told_by_their_shape() -> None:
    """White digits in white-framed cells lie 2 to 3 levels apart at the matching size:
    after the game's first 1, a 2 read as a 1, a wrong board."""
    shot = load_image(CELLS / "aryanpanda-dark-digits.png")
    geometry = _geometry(FRAME_PITCH, 6, 9)
    assert str(BoardReader().read(shot, geometry).board).strip() == DIGITS
    reader = BoardReader()  # the game's first opening: a 1
    before = reader.read(load_image(CELLS / "aryanpanda-dark-first-1.png"),
                         _geometry(FRAME_PITCH, 5, 5))
    assert before.board is not None and "1" in before.learned
    assert str(reader.read(shot, geometry).board).strip() == DIGITS


LIT_FLAG = """\
............
........221.
........101.
........111.
............
............
............
............
..F........."""


def test_a_flag_on_a_closed_tile_lit_by_the_pointer_is_a_flag() -> None:
    """A symbol on a face a shade off the closed one is a digit only where it reads as
    one: a flag just placed, on its tile lit 12 levels by the pointer, read as nothing."""
    shot = load_image(CELLS / "juliansalvador-google-lit-flag.png")
    seen = BoardReader().read(shot, _geometry(30, 9, 12))
    assert str(seen.board).strip() == LIT_FLAG


HALF_PIXEL = """\
..........
........21
........10
2..3....21
.........."""


def test_cells_on_lines_half_a_pixel_off_are_cut_alike() -> None:
    """A lattice of tiles is fitted through their middles, its lines half a pixel off
    whole ones: rounded to even, cells at an odd pitch were cut 40 and 42 px wide by
    turns, a 1 and its own template lay 23 levels apart at the finer size, and every
    close call between the 1s and 2s was left unread."""
    geometry = BoardGeometry.regular(left=0.5, top=0.5, pitch_x=FRAME_PITCH,
                                     pitch_y=FRAME_PITCH, rows=5, cols=10)
    assert {geometry.cell_box(0, col)[2] - geometry.cell_box(0, col)[0]
            for col in range(10)} == {FRAME_PITCH}
    seen = BoardReader().read(load_image(CELLS / "aryanpanda-dark-half-pixel.png"), geometry)
    assert str(seen.board).strip() == HALF_PIXEL


SCALED_PITCH = (61.502, 61.494)  # aryanpanda-dark at a scale of 1.5, as its tiles give it
UPPER_OPENING = """\
..............
.....2111.....
...311001.....
.11100124.....
.100002.......
.332102.......
....201221112.
....200000001."""
LOWER_OPENING = """\
.100002.......
.332102.......
....201221112.
....200000001.
..21100000011.
..1000000001..
..1000112111..
..32101.......
....102.......
....212.......
..............
.............."""


def _scaled(top: float, rows: int) -> BoardGeometry:
    return BoardGeometry.regular(left=0.983, top=top, pitch_x=SCALED_PITCH[0],
                                 pitch_y=SCALED_PITCH[1], rows=rows, cols=14)


def test_look_alikes_the_rules_refuse_are_split_by_shape() -> None:
    """At a fractional pitch the white 1s, 2s, 3s and a 4 gather in clusters of look-
    alikes at the matching size; each named as its first picture broke the rules, the
    closed tiles were named opened 0s, and every digit was left unread."""
    seen = BoardReader().read(load_image(CELLS / "aryanpanda-dark-x1.5-upper-opening.png"),
                              _scaled(0.047, 8))
    assert str(seen.board).strip() == UPPER_OPENING


def test_a_close_call_is_compared_with_its_types_pictures_at_every_phase() -> None:
    """A digit at a fractional pitch is learned at each phase it is cut at: a 2 lay
    nearest a 2 cut at another phase at the matching size, and its own picture, 0 levels
    off at the finer size, was not among those it was compared with there."""
    seen = BoardReader().read(load_image(CELLS / "aryanpanda-dark-x1.5-lower-opening.png"),
                              _scaled(0.024, 12))
    assert str(seen.board).strip() == LOWER_OPENING
