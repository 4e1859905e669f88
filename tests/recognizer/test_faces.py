"""The smiley above the board (recognizer/faces.py): the yellow disc is found in the strip
above the board, and its mood is told by its dark features against the shipped faces,
clearly or not at all."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from sweeper.core import Rect
from sweeper.recognizer import Image
from sweeper.recognizer.faces import (
    MIN_FACE_MARGIN,
    MIN_FACE_SCORE,
    SEARCH_ROWS,
    FaceSearch,
    face_search_area,
    find_yellow_face,
    mood_of,
    read_face,
    shipped_faces,
    signature,
    yellow_disc,
)
from sweeper.recognizer.geometry import BoardGeometry
from tests.recognizer.recognizer_corpus import Shot, load_shot

YELLOW = (0, 255, 255)  # BGR
GREY = (192, 192, 192)


def _geometry(shot: Shot) -> BoardGeometry:
    cells = shot.cells
    assert cells is not None
    return BoardGeometry.regular(left=cells["left"], top=cells["top"], pitch_x=cells["pitch"],
                                 pitch_y=cells["pitch"], rows=cells["rows"],
                                 cols=cells["cols"])


@pytest.mark.parametrize("name", ["web16_mid", "web16_won", "web16_lost", "web24_fresh",
                                  "web24_won", "web24_lost"])
def test_the_bundled_games_face_tells_its_status(name: str):
    shot = load_shot(name)
    geometry = _geometry(shot)
    face = find_yellow_face(shot.image, geometry)
    assert face is not None
    board = geometry.rect
    assert board.top - SEARCH_ROWS * geometry.pitch <= face.top < face.bottom <= board.top
    assert board.left <= face.left < face.right <= board.right
    assert abs(face.width - face.height) <= 1
    assert read_face(shot.image, geometry, shipped_faces()) == shot.status


def _face_painted_over() -> tuple[Shot, BoardGeometry, Image]:
    """A won shot, its geometry, and the shot with its face painted over in grey."""
    shot = load_shot("web16_won")
    geometry = _geometry(shot)
    face = find_yellow_face(shot.image, geometry)
    assert face is not None
    image = shot.image.copy()
    image[face.top - 2:face.bottom + 2, face.left - 2:face.right + 2] = GREY
    return shot, geometry, image


def test_a_board_without_a_yellow_face_has_no_mood():
    _, geometry, image = _face_painted_over()
    assert find_yellow_face(image, geometry) is None
    assert read_face(image, geometry, shipped_faces()) is None


def test_a_face_search_answers_as_a_new_search_while_the_strip_holds_and_once_it_changes():
    shot, geometry, covered = _face_painted_over()
    search = FaceSearch()
    for image in (shot.image, shot.image.copy(), covered, covered, shot.image):
        assert search.find(image, geometry) == find_yellow_face(image, geometry)
    assert search.find(covered, geometry) is None


def test_the_search_strip_lies_above_the_board_within_the_image():
    geometry = BoardGeometry.regular(left=-10, top=100, pitch_x=16, pitch_y=16, rows=4, cols=8)
    image = np.zeros((200, 100, 3), np.uint8)
    assert face_search_area(image, geometry) == Rect(left=0, top=20, width=100, height=80)
    at_top = BoardGeometry.regular(left=0, top=0, pitch_x=16, pitch_y=16, rows=4, cols=8)
    assert face_search_area(image, at_top) is None


def test_a_disc_cut_by_its_features_is_one_face_a_bar_or_a_speck_is_none():
    area = np.full((60, 80, 3), GREY, np.uint8)
    cv2.circle(area, (40, 30), 12, YELLOW, -1)
    area[26:30, 28:53] = 0  # sunglasses across the disc cut its yellow in two
    assert yellow_disc(area, pitch=16) == Rect(left=28, top=18, width=25, height=25)
    bar = np.full((60, 80, 3), GREY, np.uint8)
    bar[20:34, 10:70] = YELLOW
    assert yellow_disc(bar, pitch=16) is None  # far wider than tall
    speck = np.full((60, 80, 3), GREY, np.uint8)
    cv2.circle(speck, (40, 30), 2, YELLOW, -1)
    assert yellow_disc(speck, pitch=16) is None  # too small beside a cell
    assert yellow_disc(np.full((60, 80, 3), GREY, np.uint8), pitch=16) is None


def test_a_signature_is_a_unit_vector_of_the_dark_features_alone():
    face = np.full((40, 40, 3), YELLOW, np.uint8)
    assert not signature(face).any()  # no features: nothing to compare
    cv2.circle(face, (14, 15), 3, (0, 0, 0), -1)
    cv2.circle(face, (26, 15), 3, (0, 0, 0), -1)
    seen = signature(face)
    assert float(np.linalg.norm(seen)) == pytest.approx(1.0)
    assert abs(float(seen.mean())) < 1e-6
    outlined = face.copy()
    cv2.rectangle(outlined, (0, 0), (39, 39), (0, 0, 0), 4)  # the box's rim is left out
    assert np.allclose(signature(outlined), seen)


def test_a_mood_is_told_only_when_one_status_matches_clearly_best():
    a, b = np.eye(2, dtype=np.float32)
    between = np.array([0.8, 0.6], np.float32)  # 0.8 with a, 0.6 with b
    assert mood_of(a, {"won": [a], "lost": [b]}) == "won"
    assert mood_of(between, {"won": [a], "lost": [b]}) == "won"
    assert MIN_FACE_MARGIN <= 0.8 - 0.6
    close = np.array([0.72, 0.69], np.float32) / np.hypot(0.72, 0.69)
    assert mood_of(close, {"won": [a], "lost": [b]}) is None  # no clear lead
    weak = np.array([0.5, -0.86], np.float32)
    assert MIN_FACE_SCORE > 0.5
    assert mood_of(weak, {"won": [a]}) is None  # the best is not good enough
    assert mood_of(a, {}) is None
