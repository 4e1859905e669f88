"""The steps of reading one lattice, each on its own: the game's rules, the status, the
faces of a flat look, naming against the skin, clustering, steadiness and the priors."""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import pytest

from sweeper.core import MINE, parse_board
from sweeper.recognizer import ink
from sweeper.recognizer.api import locate_and_read
from sweeper.recognizer.families import FaceEvidence, lit, one_family, plain
from sweeper.recognizer.geometry import BoardGeometry
from sweeper.recognizer.image_io import load_image
from sweeper.recognizer.learned import LearnedSkin, features
from sweeper.recognizer.learning import CLUSTER_DISTANCE, _clusters, confusable
from sweeper.recognizer.locate import locate_boards
from sweeper.recognizer.looks import TileLook, look_at
from sweeper.recognizer.picture_naming import (
    BEVEL_RATIO,
    FACE_TOLERANCE,
    bevel_like,
    fits_family,
    name_picture,
)
from sweeper.recognizer.priors import adopt_priors
from sweeper.recognizer.rules import flagged_to_the_end, impossible_cells
from sweeper.recognizer.sampling import cut_cells, cut_tile
from sweeper.recognizer.skins import load_skin
from sweeper.recognizer.status import MAX_FACES, board_status, read_status, remember_face
from sweeper.recognizer.steadiness import STEADY_SPAN_S, Steadiness
from tests.recognizer.recognizer_corpus import load_shot


def codes(text: str) -> np.ndarray:
    """The cell codes of board text (rows separated by spaces)."""
    return parse_board("\n".join(text.split()) + "\n").cells.astype(np.int8)


def all_readable(grid: np.ndarray) -> np.ndarray:
    return np.ones(grid.shape, dtype=np.bool_)


# ---------------------------------------------------------------- the game's rules


def test_a_consistent_board_breaks_no_rule():
    grid = codes("1F1 111 000")
    assert not impossible_cells(grid, all_readable(grid)).any()


def test_an_opened_0_beside_an_unopened_cell_is_impossible():
    grid = codes("0.. 000 000")  # a pressed tile looks like a 0
    assert impossible_cells(grid, all_readable(grid)).tolist()[0] == [True, False, False]


def test_a_digit_counting_more_than_its_covered_neighbours_is_impossible():
    grid = codes("2.1 111 000")  # the 2 has one covered neighbour
    impossible = impossible_cells(grid, all_readable(grid))
    assert impossible.tolist() == [[True, False, False], [False] * 3, [False] * 3]
    readable = all_readable(grid)
    readable[1, 0] = False  # an unreadable neighbour may hide the second mine
    assert not impossible_cells(grid, readable)[0, 0]


def test_a_digit_with_more_mines_shown_beside_it_is_impossible():
    grid = codes("*1* 111 000")  # the top 1 sees two mines
    assert impossible_cells(grid, all_readable(grid))[0, 1]


def test_a_board_flagged_to_the_end_is_won_whatever_its_mine_count():
    assert flagged_to_the_end(codes("1F1 111 000"))
    assert not flagged_to_the_end(codes("2F1 111 000"))  # the 2 counts one flag only
    assert not flagged_to_the_end(codes("1F. 111 000"))  # a closed cell left
    assert not flagged_to_the_end(codes("000 000 000"))  # no flag at all


# ---------------------------------------------------------------- the status


def test_the_board_tells_its_status_where_it_can():
    grid = codes("1.1 111 000")
    readable = all_readable(grid)
    assert board_status(grid, readable, False, total_mines=1) == "won"
    assert board_status(grid, readable, False, total_mines=2) == "playing"
    assert board_status(grid, readable, False, total_mines=None) is None
    assert board_status(codes("... ... ..."), readable, False, total_mines=None) == "playing"
    assert board_status(codes("1*1 111 000"), readable, False, total_mines=2) == "lost"


def test_a_mine_that_went_off_means_lost_whatever_else_the_board_shows():
    grid = codes("1.1 111 000")
    assert board_status(grid, all_readable(grid), True, total_mines=1) == "lost"


def test_with_cells_unreadable_only_a_mine_tells_the_status():
    grid = codes("1*1 111 000")
    readable = all_readable(grid)
    readable[2, 2] = False
    assert board_status(grid, readable, False, total_mines=1) == "lost"
    assert board_status(codes("1.1 111 000"), readable, False, total_mines=1) is None


def test_a_board_open_to_its_mines_is_lost_where_the_face_says_so():
    # forrest-win's lost board: every safe cell open and every mine shown, as a game
    # that shows its mines on a win shows; with nothing read as gone off, the board
    # alone says won, and the dead face must tell the loss
    shot = load_shot("sites/forrest-win-x1-lost")
    read, _ = locate_and_read(shot.image)
    assert read.geometry is not None
    grid = shot.board.cells.astype(np.int8)
    readable = all_readable(grid)
    mines = int(np.count_nonzero(grid < 0))
    assert board_status(grid, readable, False, total_mines=mines) == "won"
    faces: dict[str, list[np.ndarray]] = {}
    assert read_status(shot.image, read.geometry, grid, readable, went_off=False,
                       faces=faces, total_mines=mines) == "lost"
    assert "won" not in faces  # nor is its face learned as a winner's


def test_faces_are_kept_per_status_once_each_and_a_few_at_most():
    faces: dict[str, list[np.ndarray]] = {}
    first = np.eye(8, dtype=np.float32)[0]
    remember_face(faces, "won", first)
    remember_face(faces, "won", first.copy())  # the same face again adds nothing
    assert len(faces["won"]) == 1
    for index in range(1, 8):
        remember_face(faces, "won", np.eye(8, dtype=np.float32)[index])
    assert len(faces["won"]) == MAX_FACES


# ---------------------------------------------------------------- faces of a flat look


def flat_tile(face: tuple[int, int, int], size: int = 20) -> np.ndarray:
    return np.full((size, size, 3), face, np.uint8)


def raised_tile(size: int = 20, face: int = 192, band: int = 2) -> np.ndarray:
    """A classic unopened tile: white top and left bands, dark grey bottom and right."""
    tile = np.full((size, size, 3), face, np.uint8)
    tile[:band, :] = 255
    tile[:, :band] = 255
    tile[-band:, band:] = 128
    tile[band:, -band:] = 128
    return tile


def test_a_classic_bevel_is_raised_and_a_plain_face_is_not():
    assert look_at(raised_tile()).raised
    flat = look_at(flat_tile((192, 192, 192)))
    assert not flat.raised and plain(flat)


def test_a_flat_looks_plain_faces_are_named_by_the_faces_known():
    green, tan = look_at(flat_tile((80, 200, 120))), look_at(flat_tile((150, 190, 220)))
    evidence = FaceEvidence.of([("unopened", green), ("0", tan)])
    assert evidence.plain_kind(np.array([84, 204, 124], np.float32)) == "unopened"
    assert evidence.plain_kind(np.array([150, 190, 220], np.float32)) == "0"
    assert evidence.plain_kind(np.array([20, 20, 240], np.float32)) is None  # a third face
    assert evidence.closed_face(green)


def test_with_only_opened_faces_known_a_face_far_from_them_is_the_closed_one():
    tan = look_at(flat_tile((150, 190, 220)))
    evidence = FaceEvidence.of([("0", tan)])
    assert evidence.plain_kind(np.array([80, 200, 120], np.float32)) == "unopened"


def test_a_raised_look_names_every_flat_plain_picture_an_opened_0():
    evidence = FaceEvidence.of([("unopened", look_at(raised_tile()))])
    assert evidence.plain_kind(np.array([10, 200, 10], np.float32)) == "0"


def test_a_face_lit_by_the_pointer_is_taken_for_the_face_it_lights():
    base = np.array([80, 160, 100], np.float32)
    assert lit(base * 1.1, base)  # brightened by a tenth
    assert lit(base + 0.2 * (255 - base), base)  # blended a fifth toward white
    sand = np.array([229, 194, 159], np.float32)
    assert lit(np.array([245, 209, 176], np.float32), sand)  # light added: +15 to +17
    assert not lit(np.array([245, 194, 159], np.float32), sand)  # red alone: no light
    assert not lit(base, base)  # unchanged: not lit
    assert not lit(np.array([100, 160, 80], np.float32), base)  # another colour
    green, tan = look_at(flat_tile((80, 200, 120))), look_at(flat_tile((150, 190, 220)))
    evidence = FaceEvidence.of([("unopened", green), ("0", tan)])
    unlit = evidence.unlit(np.array([80, 200, 120], np.float32) * 1.2)
    assert unlit is not None and unlit.tolist() == green.face.tolist()


def test_a_fresh_board_is_plain_pictures_of_one_face_family():
    light, dark = look_at(flat_tile((80, 200, 120))), look_at(flat_tile((72, 190, 112)))
    assert one_family([light, dark])  # a checkerboard's two shades
    assert not one_family([light, look_at(flat_tile((150, 190, 220)))])
    assert not one_family([light, look_at(raised_tile())])


# ---------------------------------------------------------------- naming against the skin


def skin_with(*named: tuple[str, np.ndarray]) -> LearnedSkin:
    skin = LearnedSkin()
    for kind, tile in named:
        skin.add(kind, features(tile[None])[0], tile)
    return skin


def test_a_new_opened_picture_must_share_the_opened_face():
    skin = skin_with(("0", flat_tile((192, 192, 192))))
    assert fits_family(skin, "1", look_at(flat_tile((190, 190, 190))))
    assert not fits_family(skin, "1", look_at(flat_tile((120, 120, 120))))  # a tint over it
    assert fits_family(skin, "mine", look_at(flat_tile((120, 120, 120))))  # no family


LIT_STRIP = Path(__file__).resolve().parent / "cells" / "leyiang-garden-lit-5.png"
LIT_STRIP_KINDS = ("unopened", "unopened", "0", "1", "2", "3", "0")
# ... the last but one a 0 lit by the pointer, the last a 5 never seen, lit (34 px cells)


def test_a_new_picture_on_a_face_of_the_family_lit_by_the_pointer_fits_it():
    strip = load_image(LIT_STRIP)
    tiles = [strip[:, i * 34:(i + 1) * 34] for i in range(strip.shape[1] // 34)]
    skin = LearnedSkin()
    for kind, tile in zip(LIT_STRIP_KINDS, tiles, strict=False):
        skin.add(kind, features(cut_tile(tile))[0], tile)
    five = look_at(tiles[-1])
    opened = np.median([t.look.face for t in skin.templates if t.kind != "unopened"], axis=0)
    assert np.abs(five.face - opened).max() > FACE_TOLERANCE  # the unlit faces outnumber
    assert fits_family(skin, "5", five)
    evidence = FaceEvidence.of([(t.kind, t.look) for t in skin.templates])
    assert name_picture(skin, five, evidence) == "5"
    shaded = look_at(np.asarray(tiles[-1] * 0.75, np.uint8))  # darker: a shade, no light
    assert not fits_family(skin, "5", shaded)
    unheld = LearnedSkin()  # the family holds no lit face: a brighter one may be a window's
    for kind, tile in zip(LIT_STRIP_KINDS[:-1], tiles, strict=False):
        unheld.add(kind, features(cut_tile(tile))[0], tile)
    assert not fits_family(unheld, "5", five)


def test_a_new_closed_picture_must_share_the_unopened_bevel():
    skin = skin_with(("unopened", raised_tile()))
    known = skin.looks_of(frozenset({"unopened"}))
    assert fits_family(skin, "flag", look_at(raised_tile()))
    assert bevel_like(look_at(raised_tile(band=1)), known)  # a thinner bevel, as strong
    half_drawn = look_at(raised_tile() // 2 + 96)  # a bevel faded in to half its contrast
    assert half_drawn.raised and half_drawn.lift / known[0].lift < BEVEL_RATIO[0]
    assert not bevel_like(half_drawn, known)
    assert not fits_family(skin, "flag", half_drawn)


def test_a_symbol_picture_nearly_as_blank_as_a_plain_face_is_not_learned():
    blank = flat_tile((250, 250, 250))
    skin = skin_with(("0", blank), ("unopened", flat_tile((128, 128, 255))))
    faded = blank.copy()
    faded[6:10, 7:9] = (235, 225, 225)  # a digit caught fading in: a faint stroke
    written = blank.copy()
    written[3:13, 6:10] = (200, 60, 30)  # the digit drawn in full
    assert confusable(skin, "3", features(faded[None])[0])
    assert not confusable(skin, "3", features(written[None])[0])
    assert not confusable(skin, "0", features(faded[None])[0])  # a 0 beside a 0: no harm


# ---------------------------------------------------------------- clustering


def test_cells_join_the_cluster_of_the_first_picture_they_are_near():
    base = np.full(16, 100.0, np.float32)
    near = base + CLUSTER_DISTANCE * 0.9
    far = base + CLUSTER_DISTANCE * 1.1
    vectors = np.stack([base, near, far, far + 0.5])
    clusters = _clusters(vectors, np.arange(4, dtype=np.int64))
    assert [sorted(c.members.tolist()) for c in clusters] == [[0, 1], [2, 3]]
    assert [c.leader for c in clusters] == [0, 2]


# ---------------------------------------------------------------- steadiness


def test_a_cell_may_teach_once_it_has_held_its_picture_long_enough():
    geometry = BoardGeometry.regular(left=0, top=0, pitch_x=16, pitch_y=16, rows=2, cols=2)
    steadiness = Steadiness()
    vectors = np.zeros((4, 16), np.float32)
    assert not steadiness.steady(geometry, vectors).any()  # a first look: none yet
    time.sleep(STEADY_SPAN_S + 0.01)
    changed = vectors.copy()
    changed[0] += 50.0  # a tile fading in
    assert steadiness.steady(geometry, changed).tolist() == [False, True, True, True]
    moved = geometry.shifted(1, 0)  # another lattice: its cells start again
    assert not steadiness.steady(moved, changed).any()


def test_steadiness_told_which_cells_changed_says_what_it_says_comparing_them_all():
    geometry = BoardGeometry.regular(left=0, top=0, pitch_x=16, pitch_y=16, rows=2, cols=3)
    told, every = Steadiness(), Steadiness()
    rng = np.random.default_rng(0)
    vectors = rng.uniform(0, 255, (6, 16)).astype(np.float32)
    told.steady(geometry, vectors)
    every.steady(geometry, vectors)
    for step in range(6):
        changed = np.array([step % 6, (step + 2) % 6])
        vectors = vectors.copy()
        vectors[changed] += np.float32(3.0 + step)  # some drift little, some move
        assert np.array_equal(told.steady(geometry, vectors, changed),
                              every.steady(geometry, vectors))
        if step == 3:
            time.sleep(STEADY_SPAN_S + 0.01)


# ---------------------------------------------------------------- priors


def test_a_tile_set_is_adopted_where_it_reads_the_board_and_not_tried_where_its_size_is_off():
    shot = load_shot("web16_mid")
    geometry = locate_boards(shot.image)[0]
    vectors = features(cut_cells(shot.image, geometry))
    skin = LearnedSkin()
    adopt_priors(skin, [load_skin("classic-32"), load_skin("classic-16")], vectors,
                 geometry, adopt_all=False)
    assert skin.name == "classic-16"
    assert {t.source for t in skin.templates} == {"classic-16"}
    forced = LearnedSkin()
    adopt_priors(forced, [load_skin("classic-32")], vectors, geometry, adopt_all=True)
    assert forced.name == "classic-32"


# ---------------------------------------------------------------- ink colours


@pytest.mark.parametrize(("bgr", "expected"), [
    ((255, 0, 0), ink.BLUE), ((175, 0, 0), ink.NAVY), ((176, 0, 0), ink.BLUE),
    ((0, 0, 255), ink.RED), ((0, 0, 175), ink.MAROON),
    ((71, 71, 71), ink.BLACK), ((76, 76, 76), ink.NONE), ((128, 128, 128), ink.GREY),
    ((151, 151, 151), ink.NONE), ((128, 128, 0), ink.TEAL), ((0, 128, 0), ink.GREEN),
])
def test_inks_are_told_apart_at_their_thresholds(bgr, expected):
    b, g, r = (np.array([value]) for value in bgr)
    assert ink.classify_colours(b, g, r).tolist() == [expected]


def test_a_tile_look_is_a_frozen_fact_sheet():
    look = look_at(flat_tile((192, 192, 192)))
    assert isinstance(look, TileLook) and not look.has_ink and look.aspect == 0.0


# ---------------------------------------------------------------- the face above the board


@pytest.mark.parametrize("name", ["web16_won", "web16_lost", "web16_mid"])
def test_where_the_board_cannot_tell_the_face_above_it_does(name):
    shot = load_shot(name)
    found, _ = locate_and_read(shot.image)
    assert found.geometry is not None and found.codes is not None
    readable = np.ones(found.codes.shape, dtype=np.bool_)
    readable[0, 0] = False  # one cell unread: the board alone tells no status ...
    if name == "web16_lost":
        readable[found.codes == MINE] = False  # ... not even by the mines it shows
    faces: dict[str, list[np.ndarray]] = {}
    status = read_status(shot.image, found.geometry, found.codes, readable, went_off=False,
                         faces=faces, total_mines=None)
    assert status == shot.status and faces == {}  # told by the shipped faces


def test_a_status_the_board_tells_teaches_the_face_that_shows_it():
    shot = load_shot("web16_won")
    found, _ = locate_and_read(shot.image)
    assert found.geometry is not None and found.codes is not None
    faces: dict[str, list[np.ndarray]] = {}
    status = read_status(shot.image, found.geometry, found.codes,
                         np.ones(found.codes.shape, dtype=np.bool_), went_off=False,
                         faces=faces, total_mines=10)
    assert status == "won" and list(faces) == ["won"]
