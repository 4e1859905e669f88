"""The steps of placing a lattice, each on its own: the lines along one axis, the rows
and columns that are cells, the lines put on whole pixels, and the search for the
lattice that reads."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from sweeper.recognizer.board_search import MAX_PHASE_SHIFT, _moved
from sweeper.recognizer.cell_support import longest_true_run, trim_to_cells
from sweeper.recognizer.geometry import BoardGeometry
from sweeper.recognizer.image_io import as_image
from sweeper.recognizer.lattice_1d import MIN_PITCH, axis_lattices, same_pitch
from sweeper.recognizer.whole_pixels import aligned

CELLS = Path(__file__).resolve().parent / "cells"


def comb(size: int, start: int, pitch: float, count: int, width: int = 2) -> np.ndarray:
    """A profile of ``count + 1`` lines ``width`` px wide, ``pitch`` apart from ``start``."""
    profile = np.zeros(size, np.int64)
    for k in range(count + 1):
        at = round(start + k * pitch)
        profile[at:at + width] = 100
    return profile


def test_evenly_spaced_lines_give_their_pitch_and_extent():
    lattices = axis_lattices(comb(400, 40, 16.0, 9))
    best = lattices[0]
    assert abs(best.pitch - 16.0) < 0.05
    assert best.count == 9
    assert abs(best.start - 40.5) < 0.6  # the middle of a 2 px line


def test_a_fractional_pitch_is_measured_to_a_fraction_of_a_pixel():
    best = axis_lattices(comb(600, 30, 19.2, 24))[0]
    assert abs(best.pitch - 19.2) < 0.05 and best.count == 24


def test_lines_too_close_together_are_no_lattice():
    assert all(lattice.pitch >= MIN_PITCH for lattice in axis_lattices(comb(300, 10, 6.0, 30)))


def test_a_lone_line_or_two_is_no_lattice():
    assert axis_lattices(comb(200, 50, 20.0, 1)) == []


def test_pitches_alike_within_a_few_hundredths_are_one():
    assert same_pitch(16.0, 16.5) and same_pitch(40.0, 41.5)
    assert not same_pitch(16.0, 18.0) and not same_pitch(16.0, 32.0)


def test_the_longest_run_of_true_values_is_found():
    assert longest_true_run(np.array([1, 1, 0, 1, 1, 1, 0], bool)) == (3, 5)
    assert longest_true_run(np.array([0, 0], bool)) is None


def grid_edges(rows: int, cols: int, pitch: int, margin: int) -> tuple[np.ndarray, np.ndarray]:
    """Edge masks (vertical, horizontal) of a grid of ``rows`` x ``cols`` cells."""
    height, width = rows * pitch + 2 * margin, cols * pitch + 2 * margin
    vertical = np.zeros((height, width), np.uint8)
    horizontal = np.zeros((height, width), np.uint8)
    for col in range(cols + 1):
        vertical[margin:margin + rows * pitch + 1, margin + col * pitch] = 1
    for row in range(rows + 1):
        horizontal[margin + row * pitch, margin:margin + cols * pitch + 1] = 1
    return vertical, horizontal


def test_a_lattice_is_cut_back_to_the_rows_and_columns_that_are_cells():
    vertical, horizontal = grid_edges(rows=4, cols=6, pitch=16, margin=40)
    # the fitted lines run two cells beyond the grid on the left and at the top
    xs = np.arange(40 - 32, 40 + 6 * 16 + 1, 16, dtype=np.float64)
    ys = np.arange(40 - 32, 40 + 4 * 16 + 1, 16, dtype=np.float64)
    found = trim_to_cells(xs, ys, vertical, horizontal)
    assert found is not None
    _, geometry = found
    assert (geometry.rows, geometry.cols) == (4, 6)
    assert round(geometry.xs[0]) == 40 and round(geometry.ys[0]) == 40


def test_a_lattice_is_put_on_the_steps_between_its_tiles():
    image = np.full((200, 200), 120, np.uint8)
    for row in range(5):  # a checkerboard of 20 px tiles from (40, 40): steps only between
        for col in range(5):
            if (row + col) % 2 == 0:
                image[40 + row * 20:60 + row * 20, 40 + col * 20:60 + col * 20] = 200
    off = BoardGeometry.regular(left=40.7, top=39.4, pitch_x=20.0, pitch_y=20.0, rows=5, cols=5)
    placed = aligned(off, image)
    assert list(placed.xs) == [40.0 + 20 * k for k in range(6)]
    assert list(placed.ys) == [40.0 + 20 * k for k in range(6)]


def test_the_likeliest_lattice_is_moved_the_smallest_moves_first():
    lattice = BoardGeometry.regular(left=10, top=10, pitch_x=16, pitch_y=16, rows=3, cols=3)
    moves = [(m.xs[0] - 10, m.ys[0] - 10) for m in _moved(lattice)]
    assert moves[:2] == [(1, 1), (-1, -1)]
    assert len(moves) == 8 * MAX_PHASE_SHIFT and len(set(moves)) == len(moves)
    steps = [max(abs(dx), abs(dy)) for dx, dy in moves]
    assert steps == sorted(steps)


def test_a_fractional_pitch_is_kept_where_the_peaks_pull_it_to_a_whole_one():
    """A grey SVG look at 31.875 px a cell, whose opened cells draw an inner shading a
    pixel from their grid line: peaks taken on the shading fitted a pitch of 31.91 to 31.93,
    within a tenth of 32, and the board was cut 2 px too wide (its top-left 0, with the
    white page in its corner, read as a raised closed tile)."""
    crop = cv2.imread(str(CELLS / "hedayatpour-svg-x1-won-rows.png"))
    assert crop is not None
    lattice = BoardGeometry.regular(left=18.53, top=12.49, pitch_x=31.86, pitch_y=31.87,
                                    rows=6, cols=16)
    placed = aligned(lattice, as_image(cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)))
    assert abs((placed.xs[-1] - placed.xs[0]) - 16 * 31.875) < 1.0
    assert abs(placed.xs[0] - 19) <= 1.0
