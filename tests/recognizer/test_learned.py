"""A learned skin (recognizer/learned.py): a cell is read as its closest template's type
only when that template is close and clearly closer than any of another type; features
blur each cell on its own; the templates save as a tile set that loads back."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from sweeper.recognizer.learned import (
    MATCH_DISTANCE,
    MAX_TEMPLATES,
    MIN_LEAD,
    REACH_SHARE,
    SAME_PICTURE,
    SAME_PICTURE_LEAD,
    LearnedSkin,
    features,
    from_tile_set,
)
from sweeper.recognizer.sampling import CELL_SIZE, cut_tile
from sweeper.recognizer.skins import TILE_TYPES, load_skin

PICTURE = np.zeros((4, 4, 3), np.uint8)  # the picture a synthetic template keeps


def _skin(*templates: tuple[str, list[float]]) -> LearnedSkin:
    skin = LearnedSkin()
    for kind, vector in templates:
        skin.add(kind, np.array(vector, np.float32), PICTURE)
    return skin


def _vectors(*rows: list[float]) -> np.ndarray:
    return np.array(rows, np.float32)


def test_each_tile_of_a_tile_set_reads_as_its_own_type_confidently():
    skin = load_skin("classic-16")
    learned = from_tile_set(skin)
    cells = np.concatenate([cut_tile(tile.pixels) for tile in skin.tiles])
    matches = learned.match(features(cells))
    assert [TILE_TYPES[kind] for kind in matches.kinds] == [tile.kind for tile in skin.tiles]
    assert np.all(matches.distance == 0)
    assert matches.confident.all()


def test_without_templates_nothing_matches():
    matches = LearnedSkin().match(_vectors([1, 2, 3, 4], [5, 6, 7, 8]))
    assert matches.templates.tolist() == [-1, -1]
    assert np.all(np.isinf(matches.distance))
    assert not matches.confident.any()


def test_a_cell_is_read_only_when_close_and_clearly_closer_than_another_type():
    # RMS distance over 4 features: a difference of 2d in every feature is 2d apart
    skin = _skin(("1", [0, 0, 0, 0]), ("2", [40, 40, 40, 40]))
    matches = skin.match(_vectors([6, 6, 6, 6], [20, 20, 20, 20], [0, 0, 0, 30]))
    assert matches.distance.tolist() == pytest.approx([6, 20, 15])
    assert matches.confident.tolist() == [True, False, False]
    assert MATCH_DISTANCE >= 6 and MIN_LEAD <= 34 - 6  # close, and clearly closer
    assert MATCH_DISTANCE < 15  # the third is far from everything


def test_a_cells_very_picture_needs_a_smaller_lead():
    # two thin digits that differ little: a cell that is one of them exactly is read ...
    skin = _skin(("1", [0, 0, 0, 0]), ("7", [6, 6, 6, 6]))
    assert SAME_PICTURE_LEAD <= 6 and MIN_LEAD > 6
    matches = skin.match(_vectors([0, 0, 0, 0], [1.5, 1.5, 1.5, 1.5], [2.5, 2.5, 2.5, 2.5]))
    # ... but one a little off it, leading by less than MIN_LEAD, is not
    assert SAME_PICTURE < 2.5
    assert matches.confident.tolist() == [True, False, False]


def test_a_symbol_close_to_a_plain_tile_must_be_matched_closer():
    # a "1" 15 from the plain "0": read only within REACH_SHARE of that (9), not 12
    faint = _skin(("0", [0, 0, 0, 0]), ("1", [30, 0, 0, 0]))
    # a "1" 20 from the plain "0": within MATCH_DISTANCE, as any other tile
    bold = _skin(("0", [0, 0, 0, 0]), ("1", [40, 0, 0, 0]))
    assert REACH_SHARE * 15 < 9.5 < MATCH_DISTANCE <= REACH_SHARE * 20
    # 9.5 from the "1", on the side away from the "0": clearly closer to the "1"
    assert not faint.match(_vectors([30 + 19, 0, 0, 0])).confident[0]
    assert bold.match(_vectors([40 + 19, 0, 0, 0])).confident[0]


def test_features_blur_each_cell_on_its_own():
    cells = np.zeros((3, CELL_SIZE, CELL_SIZE, 3), np.uint8)
    cells[1] = 255  # a white cell between two black ones
    cells[2, :, CELL_SIZE // 2] = 255  # a line down a black cell
    vectors = features(cells)
    assert vectors.shape == (3, CELL_SIZE * CELL_SIZE * 3) and vectors.dtype == np.float32
    assert np.all(vectors[0] == 0) and np.all(vectors[1] == 255)  # nothing bleeds in
    line = vectors[2].reshape(CELL_SIZE, CELL_SIZE, 3)[..., 0]
    assert 0 < line.max() < 255  # the line is blurred ...
    assert line[:, CELL_SIZE // 2 - 1].min() > 0  # ... onto its neighbours


def test_forgetting_drops_only_the_kinds_learned_after_a_point():
    skin = _skin(("flag", [0]), ("1", [1]), ("flag", [2]), ("2", [3]), ("flag", [4]))
    skin.forget(frozenset({"flag"}), since=2)
    assert [t.kind for t in skin.templates] == ["flag", "1", "2"]
    assert skin.match(_vectors([4])).kinds.tolist() == [TILE_TYPES.index("2")]


def test_a_skin_is_full_at_its_most_templates():
    skin = _skin(*[("0", [float(n)]) for n in range(MAX_TEMPLATES - 1)])
    assert not skin.full
    skin.add("0", np.array([0], np.float32), PICTURE)
    assert skin.full


def test_room_is_made_by_dropping_the_templates_that_read_a_cell_longest_ago():
    skin = _skin(*[("1", [float(n)]) for n in range(MAX_TEMPLATES)])
    mark = skin.mark
    skin.match(_vectors([0.0], [5.0]))  # the first and sixth read a cell just now
    skin.make_room(2)
    assert len(skin.templates) == MAX_TEMPLATES - 2 and not skin.full
    kept = [float(t.vector[0]) for t in skin.templates]
    assert 0.0 in kept and 5.0 in kept  # the two in use are kept ...
    assert 1.0 not in kept and 2.0 not in kept  # ... the oldest of the others go
    skin.add("2", np.array([500], np.float32), PICTURE)
    skin.forget(frozenset({"2"}), since=mark)  # a mark still tells what came after it
    assert [t.kind for t in skin.templates] == ["1"] * (MAX_TEMPLATES - 2)


def test_saved_templates_load_back_as_a_tile_set_that_reads_the_same(tmp_path: Path):
    classic = load_skin("classic-16")
    learned = from_tile_set(classic)
    learned.name = "saved"
    tiles = learned.save(tmp_path / "saved", notes="a test")
    assert tiles["mine"] == ["mine.png", "mine_2.png"]  # two pictures of one type
    loaded = load_skin(tmp_path / "saved")
    assert loaded.name == "saved" and loaded.size == classic.size
    assert sorted(t.kind for t in loaded.tiles) == sorted(t.kind for t in classic.tiles)
    cells = np.concatenate([cut_tile(tile.pixels) for tile in classic.tiles])
    again = from_tile_set(loaded).match(features(cells))
    assert [TILE_TYPES[kind] for kind in again.kinds] == [tile.kind for tile in classic.tiles]
    assert again.confident.all()
