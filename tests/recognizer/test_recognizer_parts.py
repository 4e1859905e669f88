"""The recognizer's parts: geometry, image input, classic cues and naming, skins, capture."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from sweeper.core import GAME_STATUSES, Rect, format_board, parse_board
from sweeper.recognizer import ink
from sweeper.recognizer.api import read_board, recognize
from sweeper.recognizer.capture import CaptureError, Sample, capture_skin
from sweeper.recognizer.geometry import BoardGeometry
from sweeper.recognizer.image_io import ImageError, load_image
from sweeper.recognizer.looks import look_at
from sweeper.recognizer.naming import name_tile
from sweeper.recognizer.skins import (
    TILE_TYPES,
    SkinError,
    available_skins,
    load_skin,
    read_manifest,
    write_manifest,
)
from tests.recognizer.recognizer_corpus import CORPUS_DIR, cell_box, cells_with, load_shot

# ---------------------------------------------------------------- geometry


def test_geometry_maps_cells_to_screen_points_and_back():
    geometry = BoardGeometry.regular(left=10.5, top=20.0, pitch_x=17.6, pitch_y=17.6, rows=16,
                                     cols=30, origin=(100, 50))
    x, y = geometry.centre(0, 0)
    assert (x, y) == (119, 78)  # floor of 100 + 10.5 + 8.8 and 50 + 20 + 8.8
    assert geometry.cell_at(x, y) == (0, 0)
    last = geometry.centre(15, 29)
    assert geometry.cell_at(*last) == (15, 29)
    assert geometry.cell_at(100 + 5, 50 + 25) is None
    centres = geometry.centres()
    assert centres.shape == (16, 30, 2)
    assert tuple(centres[15, 29]) == last
    assert geometry.rect == Rect(left=10, top=20, width=528, height=282)


def test_a_lattice_may_have_its_own_pitch_per_axis_and_uneven_columns():
    geometry = BoardGeometry(xs=(0.0, 39.0, 79.0, 118.0), ys=(10.0, 61.0, 112.0))
    assert (geometry.rows, geometry.cols) == (2, 3)
    assert geometry.pitch_x == pytest.approx(118 / 3)
    assert geometry.pitch_y == 51
    assert geometry.centre(1, 1) == (59, 86)
    assert geometry.cell_at(78.9, 11) == (0, 1)
    assert geometry.cell_at(79.0, 11) == (0, 2)
    assert geometry.cell_box(1, 2) == (79, 61, 118, 112)
    with pytest.raises(ValueError, match="must increase"):
        BoardGeometry(xs=(0.0, 10.0, 10.0), ys=(0.0, 10.0))


def test_geometry_json_gives_the_rectangle_on_the_image():
    geometry = BoardGeometry.regular(left=26.0, top=69.0, pitch_x=16.0, pitch_y=17.0, rows=9,
                                     cols=9, origin=(400, 300))
    assert geometry.to_json() == {"rows": 9, "cols": 9, "pitch": {"x": 16.0, "y": 17.0},
                                  "rect": {"x": 26, "y": 69, "width": 144, "height": 153}}


# ---------------------------------------------------------------- image input


def test_images_come_from_arrays_bytes_and_paths(tmp_path):
    shot = load_shot("web24_won")
    png = cv2.imencode(".png", shot.image)[1].tobytes()
    path = tmp_path / "shot.png"
    path.write_bytes(png)
    bgra = np.asarray(cv2.cvtColor(shot.image, cv2.COLOR_BGR2BGRA), dtype=np.uint8)
    for source in (shot.image, png, path, str(path), bgra):
        assert np.array_equal(load_image(source), shot.image)


@pytest.mark.parametrize(("source", "message"), [
    (b"not a png", "not a readable PNG or JPEG"),
    (b"", "not a readable PNG or JPEG"),
    (np.zeros((10, 10, 3), np.float32), "expected uint8 pixels"),
    (np.zeros((10, 10, 2), np.uint8), "expected an HxWx3 BGR image"),
    (np.zeros((4, 4, 3), np.uint8), "too small"),
    (42, "cannot read an image from a int"),
])
def test_bad_images_are_refused_clearly(source, message):
    with pytest.raises(ImageError, match=message):
        load_image(source)


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(ImageError, match=r"nothing\.png: no such image file"):
        load_image(tmp_path / "nothing.png")


# ---------------------------------------------------------------- classic cues and naming


def test_the_classic_number_colours_are_their_digits_inks():
    bgr = {1: (255, 0, 0), 2: (0, 128, 0), 3: (0, 0, 255), 4: (128, 0, 0), 5: (0, 0, 128),
           6: (128, 128, 0), 7: (0, 0, 0), 8: (128, 128, 128)}
    b, g, r = (np.array([colour[i] for colour in bgr.values()]) for i in range(3))
    assert ink.classify_colours(b, g, r).tolist() == list(bgr)
    greys = np.array([192, 255, 189, 176])
    assert ink.classify_colours(greys, greys, greys).tolist() == [ink.NONE] * 4
    yellow = ink.classify_colours(np.array([0]), np.array([255]), np.array([255]))
    assert yellow.tolist() == [ink.OTHER]


@pytest.mark.parametrize("skin", ["classic-16", "classic-24", "classic-32", "xdemineur"])
def test_only_unopened_and_flag_tiles_are_raised(skin):
    raised = {tile.kind for tile in load_skin(skin).tiles if look_at(tile.pixels).raised}
    assert raised == {"unopened", "flag"}


@pytest.mark.parametrize("skin", ["classic-16", "classic-24", "classic-32", "xdemineur"])
def test_the_classic_rules_name_every_tile_of_the_shipped_skins(skin):
    tiles = load_skin(skin).tiles
    named = {tile.name: name_tile(look_at(tile.pixels)).kind for tile in tiles}
    expected: dict[str, str | None] = {tile.name: tile.kind for tile in tiles}
    assert named == expected


def test_digits_are_named_by_shape_when_their_colour_is_not_classic():
    tile = next(t.pixels for t in load_skin("classic-24").tiles if t.kind == "2")
    purple = tile.copy()
    purple[np.all(tile == (0, 128, 0), axis=2)] = (200, 60, 160)
    assert name_tile(look_at(purple)).kind == "2"
    black = tile.copy()
    black[np.all(tile == (0, 128, 0), axis=2)] = (0, 0, 0)  # black is a 7's colour
    assert name_tile(look_at(black)).kind == "2"


def bomb_tile(size: int, face: tuple[int, int, int]) -> np.ndarray:
    """A flat tile with a cartoon bomb: a black ball with a glint and no spikes, and a
    grey fuse sticking out of its top right (its box is taller than wide)."""
    tile = np.full((size, size, 3), face, np.uint8)
    centre, radius = (size // 2 - 1, size // 2 + size // 16), round(size * 0.22)
    cv2.circle(tile, centre, radius, (0, 0, 0), -1, cv2.LINE_AA)
    glint = (centre[0] - radius // 2, centre[1] - radius // 2)
    cv2.circle(tile, glint, max(1, size // 16), (110, 110, 110), -1)
    fuse_start = (centre[0] + radius // 2, centre[1] - radius)
    fuse_end = (fuse_start[0] + size // 5, fuse_start[1] - size // 4)
    cv2.line(tile, fuse_start, fuse_end, (120, 120, 120), max(1, size // 12))
    return tile


@pytest.mark.parametrize("size", [20, 24, 32])
def test_a_round_black_body_is_a_mine_whatever_its_fuse(size):
    assert name_tile(look_at(bomb_tile(size, (200, 200, 200)))).kind == "mine"
    exploded = name_tile(look_at(bomb_tile(size, (40, 40, 200))))
    assert exploded.kind == "mine" and "red" in exploded.reason


def test_no_digit_has_a_round_black_body():
    for skin in ("classic-16", "classic-24", "classic-32", "xdemineur"):
        for tile in load_skin(skin).tiles:
            if tile.kind not in ("mine", "flag"):
                assert look_at(tile.pixels).dark_core == 0.0, (skin, tile.name)


# ---------------------------------------------------------------- skins


@pytest.mark.parametrize("name", ["classic-16", "classic-24", "classic-32", "xdemineur"])
def test_shipped_skins_have_every_tile_type_and_face(name):
    assert name in available_skins()
    skin = load_skin(name)
    assert skin.kinds == set(TILE_TYPES)
    assert set(skin.faces) == set(GAME_STATUSES)
    side = {"classic-16": 16, "classic-24": 24, "classic-32": 32, "xdemineur": 21}[name]
    assert skin.size == (side, side)


def write_skin(folder: Path, manifest: dict[str, object], tiles: dict[str, np.ndarray]) -> Path:
    folder.mkdir()
    for file_name, picture in tiles.items():
        cv2.imwrite(str(folder / file_name), picture)
    (folder / "manifest.json").write_text(json.dumps(manifest))
    return folder


@pytest.mark.parametrize(("manifest", "message"), [
    ({"pitch": 16, "tiles": {}}, "missing key 'name'"),
    ({"name": "x", "pitch": 0, "tiles": {}}, "'pitch' must be a whole number"),
    ({"name": "x", "pitch": 16, "tiles": {"bomb": ["a.png"]}}, "unknown tiles entry 'bomb'"),
    ({"name": "x", "pitch": 16, "tiles": {"0": "a.png"}}, r"tiles\['0'\] must be a list"),
    ({"name": "x", "pitch": 16, "tiles": {"0": ["a.png"]}}, "tile is 20x20 px but"),
    ({"name": "x", "pitch": 16, "tiles": {"0": ["gone.png"]}}, "gone.png: no such image"),
])
def test_a_bad_skin_is_refused_naming_the_file(tmp_path, manifest, message):
    folder = write_skin(tmp_path / "bad", manifest, {"a.png": np.zeros((20, 20, 3), np.uint8)})
    with pytest.raises(SkinError, match=message):
        load_skin(folder)


def test_a_manifest_that_is_not_json_is_named(tmp_path):
    folder = tmp_path / "broken"
    folder.mkdir()
    (folder / "manifest.json").write_text("{nope")
    with pytest.raises(SkinError, match=r"manifest\.json: not valid JSON"):
        read_manifest(folder)


def test_an_unknown_skin_name_lists_the_known_ones():
    with pytest.raises(SkinError, match="known skins: classic-16"):
        load_skin("no-such-skin")


def test_missing_tile_types_are_borrowed_from_the_fallback(tmp_path):
    shipped = load_skin("classic-16")
    unopened = next(t.pixels for t in shipped.tiles if t.kind == "unopened")
    folder = write_skin(tmp_path / "partial", {}, {"u.png": unopened})
    write_manifest(folder, {"name": "partial", "pitch": 16, "tiles": {"unopened": ["u.png"]},
                            "fallback": "classic-16"})
    skin = load_skin(folder)
    assert skin.kinds == set(TILE_TYPES)
    assert [t.name for t in skin.tiles if t.kind == "unopened"] == ["u.png"]


# ---------------------------------------------------------------- capture


def samples(names: list[str], truth: bool = True) -> list[Sample]:
    found = []
    for name in names:
        known = json.loads((CORPUS_DIR / f"{name}.json").read_text())
        board = parse_board(known["board"]) if truth else None
        found.append(Sample(load_image(CORPUS_DIR / f"{name}.png"), board,
                            known["status"] if truth else None, name))
    return found


def test_a_captured_skin_reads_the_game_it_was_captured_from(tmp_path):
    names = ["web24_fresh", "web24_mid", "web24_lost", "web24_won"]
    result = capture_skin(samples(names), "mine-24", tmp_path / "mine-24")
    assert result.size == (24, 24)
    assert result.missing == []
    assert result.tiles["mine"] == ["mine.png", "mine_2.png"]  # plain and exploded
    assert result.tiles["flag"] == ["flag.png", "flag_2.png"]  # plain and crossed-out
    assert set(result.faces) == set(GAME_STATUSES)
    skin = load_skin(tmp_path / "mine-24")
    for name in ("web24_flagged", "screen_web24"):
        shot = load_shot(name)
        recognition = recognize(shot.image, skins=[str(tmp_path / "mine-24")])
        assert recognition.skin == "mine-24"
        assert recognition.board is not None, recognition.message
        assert format_board(recognition.board) == format_board(shot.board)
        assert recognition.status == shot.status
        assert recognition.geometry is not None
        assert read_board(shot.image, recognition.geometry, skin).board == recognition.board


def test_capture_learns_without_truth_and_a_truth_teaches_what_the_rules_cannot_name(tmp_path):
    result = capture_skin(samples(["xd_five"], truth=False), "xd", tmp_path / "a")
    assert {"unopened", "0", "1", "2", "3", "4", "5"} <= set(result.tiles)
    recognition = recognize(load_shot("xd_won").image, skins=[str(tmp_path / "a")])
    assert recognition.board == load_shot("xd_won").board
    # a 5 smudged past recognition: the rules leave it unnamed, its true board names it
    shot = load_shot("web24_mid")
    five = cells_with(shot.board, {5})[0]
    x, y, pitch = cell_box(shot, *five)
    smudged = shot.image.copy()
    smudged[y + 6:y + pitch - 6, x + 6:x + pitch - 6] = (200, 40, 220)
    with pytest.raises(CaptureError, match=r"could not be read"):
        capture_skin([Sample(smudged, None, None, "smudged")], "x", tmp_path / "b")
    taught = capture_skin([Sample(smudged, shot.board, shot.status, "smudged")], "x",
                          tmp_path / "c")
    assert len(taught.tiles["5"]) == 2  # the maroon 5 and the smudged one


def test_capture_refuses_a_truth_that_contradicts_the_screen(tmp_path):
    wrong = samples(["web16_fresh"])[0]
    assert wrong.board is not None
    lie = format_board(wrong.board).replace(".", "1", 1)
    with pytest.raises(CaptureError, match="disagrees with the tiles"):
        capture_skin([Sample(wrong.image, parse_board(lie), None, "lie")], "x", tmp_path / "x")


def test_capture_names_a_screenshot_whose_board_is_not_there(tmp_path):
    wrong = samples(["web16_fresh"])[0]
    wrong = Sample(wrong.image, parse_board("..\n..\n"), None, "tiny")
    with pytest.raises(CaptureError, match=r"tiny: no 2x2 board found .*9x9"):
        capture_skin([wrong], "x", tmp_path / "x")
