"""A Google-style look (teumal-google: flat green checkerboard over tan, 30x33 px cells)
keeps its families of faces whatever it shows first.

- The first click's number is shown lit: the page whitens the cell under the pointer and
  the pointer rests on the cell it pressed. Its opened face was then known only lit, the
  same number unlit lay further from it than a face of the family may, and was never
  named: the run stopped with the board "unreadable" on the next turn.
- A closed cell caught with the outline round the opened area on its four sides (and a
  sliver of its opened neighbour, the board shaken a pixel at a loss) passes for raised.
  Once the plain closed pictures had made room for a loss's mines, that one picture made
  the whole look raised, every plain flat picture an opened 0, and the next game's fresh
  board could never be named: no new game was seen.
"""

from __future__ import annotations

from pathlib import Path

from sweeper.core import parse_board
from sweeper.recognizer import BoardGeometry, BoardReader
from sweeper.recognizer.families import FaceEvidence
from sweeper.recognizer.image_io import load_image
from sweeper.recognizer.learned import LearnedSkin, features
from sweeper.recognizer.looks import look_at
from sweeper.recognizer.picture_naming import name_picture
from sweeper.recognizer.sampling import cut_tile, native_cell

CELLS = Path(__file__).resolve().parent / "cells"
ROWS, COLS, PITCH_X, PITCH_Y = 4, 8, 30, 33  # the top left of the game's 24x20 board
GEOMETRY = BoardGeometry.regular(left=0, top=0, pitch_x=PITCH_X, pitch_y=PITCH_Y, rows=ROWS,
                                 cols=COLS)
FIRST_2_BOARD = """\
2.......
........
........
........
"""
TAKEN_FOR_RAISED = 4  # of the outlined closed pictures, the one whose look is raised


def test_a_number_first_seen_lit_is_read_unlit() -> None:
    reader = BoardReader()
    lit = reader.read(load_image(CELLS / "teumal-google-first-2-lit.png"), GEOMETRY)
    assert lit.unreadable == [] and lit.board == parse_board(FIRST_2_BOARD)
    unlit = reader.read(load_image(CELLS / "teumal-google-first-2-unlit.png"), GEOMETRY)
    assert unlit.unreadable == []
    assert unlit.board == parse_board(FIRST_2_BOARD)


def outlined_skin() -> LearnedSkin:
    """The closed pictures with the outline round them a loss left in the skin, and the
    unlit 2."""
    strip = load_image(CELLS / "teumal-google-outlined-closed.png")
    skin = LearnedSkin()
    for i in range(strip.shape[1] // PITCH_X):
        tile = strip[:, i * PITCH_X:(i + 1) * PITCH_X]
        skin.add("unopened", features(cut_tile(tile))[0], tile)
    two = native_cell(load_image(CELLS / "teumal-google-first-2-unlit.png"), GEOMETRY, 0, 0)
    skin.add("2", features(cut_tile(two))[0], two)
    return skin


def test_one_closed_picture_taken_for_raised_leaves_a_flat_look_flat() -> None:
    skin = outlined_skin()
    looks = [template.look for template in skin.templates if template.kind == "unopened"]
    assert looks[TAKEN_FOR_RAISED].raised  # what this test is about
    assert not any(look.raised for i, look in enumerate(looks) if i != TAKEN_FOR_RAISED)
    evidence = FaceEvidence.of([(template.kind, template.look) for template in skin.templates])
    assert not evidence.raised
    fresh = load_image(CELLS / "teumal-google-fresh-corner.png")
    for row, col in ((0, 0), (0, 1)):  # the checkerboard's two shades
        plain = look_at(native_cell(fresh, GEOMETRY, row, col))
        assert name_picture(skin, plain, evidence) == "unopened"


CHECKER_KINDS = ("unopened", "unopened", "1", "1", "2")  # the strip's tiles, then the cell


def test_a_checkerboard_shade_seen_only_lit_names_its_unlit_pictures() -> None:
    """The skin knows the light opened shade unlit and lit (a 1) and the dark one only lit
    (a 2 under the resting pointer); the two lit faces outnumber the unlit one, so the
    dark shade's unlit 2 lay further from the family's middle than a face may, and two
    corner 2s stayed unread until the run stopped."""
    strip = load_image(CELLS / "teumal-google-checker-2.png")
    tiles = [strip[:, i * PITCH_X:(i + 1) * PITCH_X] for i in range(len(CHECKER_KINDS) + 1)]
    skin = LearnedSkin()
    for kind, tile in zip(CHECKER_KINDS, tiles, strict=False):
        skin.add(kind, features(cut_tile(tile))[0], tile)
    evidence = FaceEvidence.of([(template.kind, template.look) for template in skin.templates])
    assert name_picture(skin, look_at(tiles[-1]), evidence) == "2"
