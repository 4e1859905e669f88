"""A game's end told by a message drawn over the board."""

from __future__ import annotations

import cv2
import pytest

from sweeper.recognizer import BoardGeometry, end_told, load_image, recognize
from tests.recognizer.recognizer_corpus import (
    CORPUS_DIR,
    GAME_OVER_BOARD,
    GAME_OVER_SHOT,
    THE_MINE_HIT,
    UNDER_THE_BOX,
)

pytestmark = pytest.mark.usefixtures("tesseract")  # the OCR reads what is tested


def test_game_over_over_the_board_is_a_loss() -> None:
    image = load_image(GAME_OVER_SHOT)
    assert end_told(image, GAME_OVER_BOARD, [*UNDER_THE_BOX, THE_MINE_HIT]) == "lost"


def test_covered_cells_without_a_message_tell_nothing() -> None:
    image = load_image(GAME_OVER_SHOT)
    corner = [(row, col) for row in range(12, 16) for col in range(0, 5)]
    assert end_told(image, GAME_OVER_BOARD, corner) is None
    assert end_told(image, GAME_OVER_BOARD, []) is None


@pytest.mark.parametrize(("words", "told"), [("You Win!", "won"), ("GAME OVER", "lost"),
                                             ("Paused", None)])
def test_a_message_box_drawn_over_a_classic_board(words: str, told: str | None) -> None:
    image = load_image(CORPUS_DIR / "web24_mid.png")
    geometry = recognize(image).geometry
    assert geometry is not None
    top = round(geometry.rect.top + 4 * geometry.pitch_y)
    left = round(geometry.rect.left + 6 * geometry.pitch_x)
    cv2.rectangle(image, (left, top), (left + 220, top + 70), (240, 240, 240), -1)
    cv2.putText(image, words, (left + 12, top + 48), cv2.FONT_HERSHEY_SIMPLEX, 1.2,
                (20, 20, 20), 2)
    covered = [(row, col) for row in range(4, 7) for col in range(6, 15)
               if row < geometry.rows and col < geometry.cols]
    assert end_told(image, geometry, covered) == told


@pytest.mark.parametrize(("shot", "told"), [("x1-lost", "lost"), ("x1-won", "won"),
                                            ("x1.5-lost", "lost"), ("x1.5-won", "won")])
def test_a_modal_over_a_rounded_board_tells_its_end(shot: str, told: str) -> None:
    """The board's lattice as the same game's screenshot before the end placed it; the
    cells under the modal's middle as the covered ones."""
    scale = shot.rsplit("-", 1)[0]
    geometry = recognize(CORPUS_DIR / "looks" / f"dipanshu-rounded-{scale}-mid.png").geometry
    assert geometry is not None
    image = load_image(CORPUS_DIR / "covered" / f"dipanshu-rounded-{shot}.png")
    under_the_modal = [(row, col) for row in range(5, 11) for col in range(12, 19)]
    assert end_told(image, geometry, under_the_modal) == told


def test_small_words_on_a_pages_own_modal_tell_a_loss() -> None:
    """aryanpanda-dark's "Game Over!" (17 px letters over 41 px cells), cut round its
    modal as the page drew it live: read with too little confidence at the scale of the
    mine count's text."""
    image = load_image(CORPUS_DIR / "messages" / "aryanpanda-dark-game-over.png")
    # the board's lattice, 41 px, shifted as the screenshot was cut
    geometry = BoardGeometry.regular(left=-399.5, top=-73.5, pitch_x=41, pitch_y=41,
                                     rows=16, cols=30)
    under_the_modal = [(row, col) for row in range(4, 8) for col in range(12, 18)]
    assert end_told(image, geometry, under_the_modal) == "lost"
