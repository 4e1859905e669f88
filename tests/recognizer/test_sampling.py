"""Cutting cells out of a picture (recognizer/sampling.py): every cell becomes CELL_SIZE
square whatever its size, in reading order; a thin grid line is averaged into the cell,
not lost; any boxes are cut as cells are; native pictures are clipped to the image."""

from __future__ import annotations

import numpy as np

from sweeper.recognizer.geometry import BoardGeometry
from sweeper.recognizer.sampling import (
    BOXES_PER_ROW,
    CELL_SIZE,
    cut_boxes,
    cut_cells,
    cut_tile,
    native_box,
    native_cell,
)
from tests.recognizer.recognizer_corpus import load_shot

FACE = 200  # the grey of the cells drawn below


def _board(rows: int, cols: int, pitch: int) -> tuple[np.ndarray, BoardGeometry, list[int]]:
    """A board of flat cells, each its own grey, at (5, 7) in a larger picture."""
    image = np.zeros((7 + rows * pitch + 9, 5 + cols * pitch + 9, 3), np.uint8)
    greys = [20 + 5 * index for index in range(rows * cols)]
    for index, grey in enumerate(greys):
        row, col = divmod(index, cols)
        image[7 + row * pitch:7 + (row + 1) * pitch, 5 + col * pitch:5 + (col + 1) * pitch] = grey
    geometry = BoardGeometry.regular(left=5, top=7, pitch_x=pitch, pitch_y=pitch, rows=rows,
                                     cols=cols)
    return image, geometry, greys


def test_cells_come_out_one_size_in_reading_order_whatever_their_pitch():
    for pitch in (11, 16, 37):
        image, geometry, greys = _board(3, 4, pitch)
        cells = cut_cells(image, geometry)
        assert cells.shape == (12, CELL_SIZE, CELL_SIZE, 3)
        middles = cells[:, 2:-2, 2:-2].reshape(12, -1)
        assert middles.min(axis=1).tolist() == greys
        assert middles.max(axis=1).tolist() == greys


def test_a_one_pixel_grid_line_of_a_large_cell_is_averaged_in_not_lost():
    pitch = 48  # three times the size a cell is compared at
    cell = np.full((pitch, pitch, 3), FACE, np.uint8)
    cell[:, pitch // 2] = 0
    sampled = cut_tile(cell)[0].astype(int)
    assert sampled.shape == (CELL_SIZE, CELL_SIZE, 3)
    columns = sampled[..., 0].mean(axis=0)
    assert columns.min() < FACE - 40  # the line shows ...
    assert (columns > FACE - 2).sum() >= CELL_SIZE - 2  # ... in a column or two only


def test_a_tile_picture_of_any_size_is_resampled_like_a_cell():
    picture = np.full((30, 24, 3), (10, 120, 230), np.uint8)
    tile = cut_tile(picture)
    assert tile.shape == (1, CELL_SIZE, CELL_SIZE, 3)
    assert np.all(tile == (10, 120, 230))


def test_boxes_are_cut_as_the_cells_they_cover_past_one_row_of_the_mosaic():
    rows, cols, pitch = 5, 9, 16  # 45 boxes: more than one mosaic row
    assert rows * cols > BOXES_PER_ROW
    image, geometry, _ = _board(rows, cols, pitch)
    boxes = np.array([geometry.cell_box(row, col) for row in range(rows)
                      for col in range(cols)], np.float64)
    by_box = cut_boxes(image, boxes).astype(int)
    by_cell = cut_cells(image, geometry).astype(int)
    assert by_box.shape == by_cell.shape
    assert np.abs(by_box - by_cell).max() <= 1  # fixed-point maps against float ones


def test_a_corpus_cell_cut_from_its_lattice_is_the_cell_at_its_own_resolution():
    shot = load_shot("web24_mid")
    assert shot.cells is not None
    pitch = int(shot.cells["pitch"])
    geometry = BoardGeometry.regular(left=shot.cells["left"], top=shot.cells["top"],
                                     pitch_x=pitch, pitch_y=pitch, rows=shot.cells["rows"],
                                     cols=shot.cells["cols"])
    native = native_cell(shot.image, geometry, 2, 3)
    assert native.shape == (pitch, pitch, 3)
    x0, y0, _, _ = geometry.cell_box(2, 3)
    assert np.array_equal(native, shot.image[y0:y0 + pitch, x0:x0 + pitch])
    cells = cut_cells(shot.image, geometry)
    assert len(cells) == shot.board.cells.size
    # cut from the board or alone, a cell samples the same pixels; only its outer ring
    # differs, where the board's neighbours or the picture's own edge are blended in
    alone = cut_tile(native)[0].astype(int)
    in_board = cells[2 * geometry.cols + 3].astype(int)
    assert np.array_equal(in_board[1:-1, 1:-1], alone[1:-1, 1:-1])


def test_a_native_box_is_clipped_to_the_image_and_never_empty():
    image = np.arange(10 * 20 * 3, dtype=np.uint8).reshape(10, 20, 3)
    assert native_box(image, (15, 5, 40, 30)).shape == (5, 5, 3)
    assert native_box(image, (-5, -5, 3, 4)).shape == (4, 3, 3)
    outside = native_box(image, (50, 50, 60, 60))
    assert outside.shape == (1, 1, 3)
    assert np.array_equal(outside[0, 0], image[9, 19])
