"""Replay every recorded screenshot: the board, the status and the lattice must be exact."""

from __future__ import annotations

import pytest

from analyzer.board import format_board
from recognizer.api import recognize
from tests.recognizer.recognizer_corpus import corpus_names, load_shot

NAMES = corpus_names()


def test_the_corpus_covers_every_situation():
    names = set(NAMES)
    for cell in (16, 24, 32):
        for situation in ("fresh", "mid", "flagged", "lost", "won"):
            assert f"web{cell}_{situation}" in names
    for situation in ("opening", "flagged", "lost", "lost_wrong_flags", "won", "digits",
                      "dense_5", "dense_6", "dense_6_7", "dense_8"):
        assert f"xd_{situation}" in names
    assert sum(name.startswith("screen_") for name in names) >= 3


@pytest.mark.parametrize("name", NAMES)
def test_replay_reads_the_exact_board_and_status(name):
    shot = load_shot(name)
    recognition = recognize(shot.image)
    assert recognition.board is not None, recognition.message
    assert format_board(recognition.board) == format_board(shot.board)
    assert recognition.status == shot.status
    assert recognition.unreadable == []


@pytest.mark.parametrize("name", [name for name in NAMES if load_shot(name).cells is not None])
def test_replay_finds_the_true_lattice(name):
    shot = load_shot(name)
    assert shot.cells is not None
    geometry = recognize(shot.image).geometry
    assert geometry is not None
    assert (geometry.rows, geometry.cols) == (shot.cells["rows"], shot.cells["cols"])
    assert geometry.pitch == pytest.approx(shot.cells["pitch"], abs=0.05)
    assert geometry.left == pytest.approx(shot.cells["left"], abs=1.0)
    assert geometry.top == pytest.approx(shot.cells["top"], abs=1.0)
    # every cell centre lies inside its true cell
    pitch = shot.cells["pitch"]
    for row, col in ((0, 0), (shot.board.height - 1, shot.board.width - 1)):
        x, y = geometry.centre(row, col)
        assert 0 < x - (shot.cells["left"] + col * pitch) < pitch
        assert 0 < y - (shot.cells["top"] + row * pitch) < pitch
