"""Replay every recorded screenshot: the board, the status and the lattice must be exact."""

from __future__ import annotations

import pytest

from sweeper.core import format_board
from sweeper.recognizer.api import recognize
from sweeper.recognizer.reader import BoardReader
from tests.recognizer.recognizer_corpus import (
    corpus_names,
    covered_names,
    desktop_names,
    load_shot,
    looks_names,
)

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


def test_the_corpus_holds_eight_third_party_sites_and_winemine_at_several_scales():
    shots = [name.removeprefix("sites/") for name in NAMES if name.startswith("sites/")]
    games = {shot.rpartition("-")[0] for shot in shots}  # SITE-xSCALE
    sites = {game.rpartition("-x")[0] for game in games}
    assert len(sites - {"winemine"}) >= 8
    assert "winemine" in sites
    assert {game.rpartition("-x")[2] for game in games} >= {"1", "1.25", "1.5"}
    for state in ("fresh", "first", "mid", "lost", "won"):
        assert sum(shot.endswith(f"-{state}") for shot in shots) >= 8, state


@pytest.mark.parametrize("game", sorted({name.rpartition("-")[0] for name in NAMES
                                          if name.startswith("sites/")}))
def test_a_new_skin_is_learned_from_the_first_two_screenshots(game):
    """With no tile set to start from, a game's fresh board and first opening are enough
    for the reader to read every cell."""
    fresh, first = f"{game}-fresh", f"{game}-first"
    if fresh not in NAMES or first not in NAMES:
        pytest.skip(f"{game} has no fresh board and first opening")
    reader = BoardReader()
    geometry = recognize(load_shot(fresh).image).geometry
    assert geometry is not None
    assert reader.read(load_shot(fresh).image, geometry).board == load_shot(fresh).board
    assert reader.read(load_shot(first).image, geometry).board == load_shot(first).board


@pytest.mark.parametrize("name", covered_names())
def test_a_board_under_a_dialog_is_not_read(name):
    """A dialog over the board (a best time, after a win) hides cells, or the screenshot
    cuts the board (a page caught while it lays out): the board is refused, never read
    with what the dialog shows in place of the cells or a part for the whole."""
    recognition = recognize(load_shot(name).image)
    assert recognition.board is None
    assert recognition.unreadable or "no Minesweeper board" in recognition.message or (
        "lie beyond" in recognition.message  # a lattice on the uncovered rows only
    ) or "runs off" in recognition.message


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


@pytest.mark.parametrize("name", desktop_names())
def test_desktop_shots_hold_a_board_of_the_recorded_size(name):
    """xbomb and freesweep are recorded at 30x16 with 99 mines."""
    shot = load_shot(name)
    assert (shot.board.height, shot.board.width) == (16, 30)
    assert shot.status in ("playing", "won", "lost")


EXACT_LOOKS_AT_LEAST = 123  # shots of looks/ and desktop/ read exactly today: never fewer


@pytest.mark.parametrize("name", looks_names())
def test_a_look_still_being_learned_is_read_exactly_or_refused(name):
    shot = load_shot(name)
    recognition = recognize(shot.image)
    if recognition.board is None:
        return
    assert format_board(recognition.board) == format_board(shot.board)
    # a status the shot alone cannot tell (a loss that opens every cell, its face not
    # known) is refused as unknown, never guessed
    assert recognition.status in (shot.status, "unknown")


def test_the_looks_still_being_learned_read_at_least_as_well_as_today():
    exact = 0
    for name in looks_names():
        shot = load_shot(name)
        recognition = recognize(shot.image)
        exact += recognition.board is not None and recognition.board == shot.board and (
            recognition.status == shot.status)
    assert exact >= EXACT_LOOKS_AT_LEAST
