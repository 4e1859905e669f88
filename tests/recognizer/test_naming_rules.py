"""The classic meanings on small drawn tiles: what each rule names, and what it leaves
unnamed."""

from __future__ import annotations

import cv2
import numpy as np

from sweeper.recognizer.families import FaceEvidence
from sweeper.recognizer.learned import LearnedSkin, features
from sweeper.recognizer.looks import look_at
from sweeper.recognizer.naming import MAX_DIGIT_OFF_CENTRE, MIN_DARK_CORE, name_tile
from sweeper.recognizer.picture_naming import name_picture
from sweeper.recognizer.sampling import cut_tile
from tests.recognizer.recognizer_corpus import cell_box, cells_with, load_shot, tinted

FACE = 192  # the classic tile's grey


def flat(size: int = 32) -> np.ndarray:
    return np.full((size, size, 3), FACE, np.uint8)


def raised(size: int = 32, band: int = 3) -> np.ndarray:
    """A classic unopened tile: white top and left bands, dark grey bottom and right."""
    tile = flat(size)
    tile[:band, :] = 255
    tile[:, :band] = 255
    tile[-band:, band:] = 128
    tile[band:, -band:] = 128
    return tile


def written(tile: np.ndarray, text: str, at: tuple[int, int],
            colour: tuple[int, int, int]) -> np.ndarray:
    drawn = tile.copy()
    cv2.putText(drawn, text, at, cv2.FONT_HERSHEY_SIMPLEX, 0.9, colour, 3, cv2.LINE_AA)
    return drawn


def test_a_digit_in_the_middle_of_its_cell_is_named_and_one_in_a_corner_is_not():
    middle = look_at(written(flat(48), "3", (16, 34), (0, 0, 255)))
    corner = look_at(written(flat(48), "3", (28, 46), (0, 0, 255)))
    assert name_tile(middle).kind == "3"
    assert corner.off_centre > MAX_DIGIT_OFF_CENTRE
    assert name_tile(corner).kind is None  # something over the cell, not a digit


def test_a_blue_1_is_a_1():
    assert name_tile(look_at(written(flat(), "1", (9, 26), (255, 0, 0)))).kind == "1"


def test_a_red_pennant_on_a_raised_tile_is_a_flag():
    tile = raised()
    cv2.fillPoly(tile, [np.array([[17, 6], [17, 18], [7, 12]], np.int32)], (0, 0, 255))
    tile[6:26, 17:19] = 0  # the pole
    tile[24:27, 10:24] = 0  # its foot
    assert name_tile(look_at(tile)).kind == "flag"


def test_a_dark_question_mark_on_a_raised_tile_is_an_unopened_cell():
    assert name_tile(look_at(written(raised(), "?", (8, 26), (0, 0, 0)))).kind == "unopened"


def test_a_mark_on_a_tile_raised_as_the_games_unopened_ones_is_an_unopened_cell():
    tile = raised()
    tile[15:17, 15:17] = 0  # a mark no rule names
    look = look_at(tile)
    assert name_tile(look).kind is None
    assert name_tile(look, known_bevel=True).kind == "unopened"


def test_a_plain_flat_tile_is_an_opened_0_and_a_plain_raised_one_unopened():
    assert name_tile(look_at(flat())).kind == "0"
    assert name_tile(look_at(raised())).kind == "unopened"
    specked = flat()
    specked[15:17, 15:17] = 0  # a speck is no symbol
    assert name_tile(look_at(specked)).kind == "0"


def lined(face: tuple[int, int, int], glint: bool, size: int = 20) -> np.ndarray:
    """A tile of ``face`` between a light grey line above and left and a black one below
    and right, with a white glint in its middle or none."""
    tile = np.full((size, size, 3), face, np.uint8)
    tile[:2, :] = 160
    tile[:, :2] = 160
    tile[-2:, 2:] = 0
    tile[2:, -2:] = 0
    if glint:
        tile[7:11, 7:11] = 255
    return tile


def test_a_red_face_with_a_glint_brighter_than_its_lines_is_an_exploded_mine_not_raised():
    assert look_at(lined((0, 0, 255), glint=False)).raised
    assert not look_at(lined((0, 0, 255), glint=True)).raised  # a mine's glint on red
    assert look_at(lined((60, 60, 60), glint=True)).raised  # not red: a raised tile


def test_a_bold_symbol_covering_most_of_a_small_tile_leaves_the_face_its_colour():
    tile = flat(16)
    tile[3:13, 3:13] = (255, 0, 0)  # more blue pixels than grey ones
    look = look_at(tile)
    assert look.face.tolist() == [FACE, FACE, FACE] and look.has_ink


MINE_RED = (79, 64, 155)  # BGR: the square a lost game shows a mine on (dmcshared)
OPENED_GREY = (235, 235, 235)


def test_a_number_on_a_red_square_is_a_mine():
    """A loss may show every mine as a red square with its count written on it."""
    red = np.full((48, 48, 3), MINE_RED, np.uint8)
    assert name_tile(look_at(written(red, "2", (14, 36), (128, 0, 0)))).kind == "mine"
    on_grey = np.full((48, 48, 3), OPENED_GREY, np.uint8)
    assert name_tile(look_at(written(on_grey, "2", (14, 36), (128, 0, 0)))).kind == "2"


def test_a_red_face_is_never_the_closed_one_by_elimination():
    """Where the opened face is known, a plain picture of a new face is closed, unless
    red: the count a shade darker than a mine's square is faint ink, a mine; a plain red
    square is left unnamed, and a flag on a red square says nothing of the closed face."""
    evidence = FaceEvidence.of([("1", look_at(written(
        np.full((48, 48, 3), OPENED_GREY, np.uint8), "1", (14, 36), (255, 0, 0))))])
    red = np.full((48, 48, 3), MINE_RED, np.uint8)
    faint = written(red, "5", (14, 36), (48, 48, 122))  # 33 levels off the square
    assert not look_at(faint).has_ink
    assert name_picture(LearnedSkin(), look_at(faint), evidence) == "mine"
    assert name_picture(LearnedSkin(), look_at(red), evidence) is None
    blue = np.full((48, 48, 3), (200, 120, 60), np.uint8)
    assert name_picture(LearnedSkin(), look_at(blue), evidence) == "unopened"
    evidence.add("flag", look_at(written(red, "F", (14, 36), (0, 0, 255))))
    assert not evidence.closed


def test_a_flag_under_an_orange_tint_is_no_mine():
    """An orange hover tint over a flag on a raised tile leaves its bevel unlike the
    closed tiles' (so the tile is seen flat) and its red no longer red: cut a little high
    (as a lattice realigned on the board cuts it), its round body reads as a thick blob
    of the look's own colour. An icon on a closed tile is a flag, never a mine: the
    picture is left unnamed."""
    shot = load_shot("web32_flagged")
    closed = cells_with(shot.board, {-1})[0]
    flag = (1, 1)
    assert shot.board.cells[flag] == -2

    def tile(image: np.ndarray, row: int, col: int, high: int = 0) -> np.ndarray:
        x, y, pitch = cell_box(shot, row, col)
        return image[y - high:y - high + pitch, x:x + pitch]

    skin = LearnedSkin()
    for kind, cell in (("unopened", closed), ("flag", flag)):
        picture = tile(shot.image, *cell)
        skin.add(kind, features(cut_tile(picture))[0], picture)
    tint = look_at(tile(tinted(shot, *flag, (255, 160, 60), 0.45), *flag, high=3))
    assert tint.raised and tint.core >= MIN_DARK_CORE  # what this test is about
    evidence = FaceEvidence.of(skin.named_looks)
    assert name_picture(skin, tint, evidence) is None
