"""Re-reading cuts again only the cells that changed, and gets every cell's vector exact."""

from __future__ import annotations

import numpy as np
import pytest

from sweeper.recognizer.api import locate_and_read
from sweeper.recognizer.learned import features
from sweeper.recognizer.rereading import CellVectors, changed_cells
from sweeper.recognizer.sampling import cut_cells
from tests.recognizer.recognizer_corpus import load_shot


@pytest.mark.parametrize("site", ["sites/aegis-w2k-x1", "sites/aegis-w2k-x1.25",
                                  "sites/amadeus-win31-x1.25"])
def test_a_reread_after_the_first_click_gives_the_vectors_of_a_reading_from_scratch(
        site: str) -> None:
    fresh, first = load_shot(f"{site}-fresh"), load_shot(f"{site}-first")
    found, _ = locate_and_read(fresh.image)
    assert found.geometry is not None
    geometry = found.geometry
    cells = CellVectors()
    assert np.array_equal(cells.of(fresh.image, geometry),
                          features(cut_cells(fresh.image, geometry)))
    changed = changed_cells(fresh.image, first.image, geometry)
    assert 0 < changed.sum() < changed.size  # the first click opened some cells only
    assert np.array_equal(cells.of(first.image, geometry),
                          features(cut_cells(first.image, geometry)))
    assert np.array_equal(cells.of(first.image, geometry),
                          features(cut_cells(first.image, geometry)))


def test_one_changed_pixel_recuts_the_cells_whose_samples_reach_it() -> None:
    fresh = load_shot("sites/aegis-w2k-x1.25-fresh")
    found, _ = locate_and_read(fresh.image)
    assert found.geometry is not None
    geometry = found.geometry
    x0, y0, _, _ = geometry.cell_box(4, 6)
    touched = fresh.image.copy()
    touched[y0, x0] = 255 - touched[y0, x0]  # the top-left pixel of cell (4, 6)
    changed = changed_cells(fresh.image, touched, geometry)
    assert changed[4, 6]
    assert changed.sum() <= 4  # and at most its neighbours across the lattice lines
    cells = CellVectors()
    cells.of(fresh.image, geometry)
    assert np.array_equal(cells.of(touched, geometry), features(cut_cells(touched, geometry)))


@pytest.mark.parametrize("site", ["sites/aegis-w2k-x1", "sites/aegis-w2k-x1.25"])
def test_cell_pictures_seen_before_get_the_vectors_of_a_reading_from_scratch(site: str) -> None:
    fresh, first = load_shot(f"{site}-fresh"), load_shot(f"{site}-first")
    found, _ = locate_and_read(fresh.image)
    assert found.geometry is not None
    geometry = found.geometry
    cells = CellVectors()
    for shot in (fresh, first, fresh, first):  # the last two show only pictures seen
        assert np.array_equal(cells.of(shot.image, geometry),
                              features(cut_cells(shot.image, geometry)))


def test_a_full_memory_of_cell_pictures_is_emptied_without_losing_a_vector() -> None:
    fresh = load_shot("sites/aegis-w2k-x1-fresh").image
    found, _ = locate_and_read(fresh)
    assert found.geometry is not None
    geometry = found.geometry

    def painted(*cells: tuple[int, int, tuple[int, int, int]]) -> np.ndarray:
        image = fresh.copy()
        for row, col, colour in cells:
            x0, y0, x1, y1 = geometry.cell_box(row, col)
            image[y0 + 3:y1 - 3, x0 + 3:x1 - 3] = colour
        return image

    red = painted((2, 2, (0, 0, 255)))
    red_and_green = painted((2, 2, (0, 0, 255)), (8, 8, (0, 255, 0)))
    cells = CellVectors(remembered=2)
    # the last screenshot shows a picture seen (red) beside a new one (green) while the
    # memory is full: it is emptied, and neither vector may be lost
    for image in (fresh, red, fresh, red_and_green):
        assert np.array_equal(cells.of(image, geometry), features(cut_cells(image, geometry)))


def test_a_board_turned_to_one_picture_is_cut_a_cell_per_picture_to_the_exact_vectors() -> None:
    fresh = load_shot("sites/aegis-w2k-x1-fresh").image
    found, _ = locate_and_read(fresh)
    assert found.geometry is not None
    geometry = found.geometry
    painted = fresh.copy()
    for row in range(geometry.rows):
        for col in range(geometry.cols):
            x0, y0, x1, y1 = geometry.cell_box(row, col)
            painted[y0 + 2:y1 - 2, x0 + 2:x1 - 2] = (40, 200, 90)
    cells = CellVectors()
    cells.of(fresh, geometry)
    assert np.array_equal(cells.of(painted, geometry), features(cut_cells(painted, geometry)))
    assert cells.changed is not None and cells.changed.size == geometry.rows * geometry.cols
