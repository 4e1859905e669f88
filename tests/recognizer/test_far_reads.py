"""A digit never seen yet is not read as a known tile it lies near (recognizer/far_reads.py):
on a Win95-like table of bold serif digits, a game's first red 3, shown after a maroon
5, lay within that 5's reach; read as a 5 with five closed neighbours, the rules let it
pass, and the bot pressed a mine as proven safe."""

from __future__ import annotations

from pathlib import Path

from sweeper.recognizer import BoardGeometry, BoardReader
from sweeper.recognizer.far_reads import doubt_far_reads
from sweeper.recognizer.image_io import load_image
from sweeper.recognizer.learned import KIND_INDEX, LearnedSkin, features
from sweeper.recognizer.rereading import CellVectors
from sweeper.recognizer.sampling import cut_tile

CELLS = Path(__file__).resolve().parent / "cells"
ROWS, COLS, PITCH = 8, 10, 24  # the top right of the lost 30x16 board, 24 px cells
GEOMETRY = BoardGeometry.regular(left=0, top=0, pitch_x=PITCH, pitch_y=PITCH, rows=ROWS,
                                 cols=COLS)
THREES = ((2, 3), (3, 8))  # the board's two 3s
CLOSED = (0, 0)  # a closed cell
BOARD = """\
...2*10000
..*2110122
...31101**
..*4*2023.
...**522*.
....***22*
.*.*.*....
....*....*"""


def _cell(row: int, col: int) -> tuple[slice, slice]:
    return slice(row * PITCH, (row + 1) * PITCH), slice(col * PITCH, (col + 1) * PITCH)


def test_a_first_3_is_not_read_as_the_5_seen_before_it() -> None:
    shot = load_image(CELLS / "artyyouth-first-3-after-a-5.png")
    before = shot.copy()  # the same board with its 3s still closed
    for row, col in THREES:
        before[_cell(row, col)] = shot[_cell(*CLOSED)]
    reader = BoardReader()
    first = reader.read(before, GEOMETRY)
    assert first.board is not None and "5" in first.learned and "3" not in first.learned
    # as in play: a new picture is learned only once it holds still, so the 3s are
    # unread at first sight, never read as 5s
    seen = reader.read(shot, GEOMETRY, learn_when_stable=True)
    assert seen.board is None and sorted(seen.unreadable) == sorted(THREES)
    learned = reader.read(shot, GEOMETRY)
    assert "3" in learned.learned
    assert str(learned.board).strip() == BOARD


FLAT_PITCH = 44  # lazzerex-rounded: an opened 0, a 1 and a 2 on slate a shade off its closed tiles


def test_a_digit_within_a_zeros_reach_is_not_read_as_a_zero() -> None:
    """With nothing but the opened 0 learned, small thin digits lie 9 to 10 levels from it,
    within its reach and with no rival: a board of 479 zeros and a flag came out whole."""
    strip = load_image(CELLS / "lazzerex-rounded-0-1-2.png")
    geometry = BoardGeometry.regular(left=0, top=0, pitch_x=FLAT_PITCH, pitch_y=FLAT_PITCH,
                                     rows=1, cols=3)
    skin = LearnedSkin()
    skin.add("0", features(cut_tile(strip[:, :FLAT_PITCH]))[0], strip[:, :FLAT_PITCH])
    vectors = CellVectors().of(strip, geometry)
    matches = skin.match(vectors)
    assert matches.confident.all() and (matches.kinds == KIND_INDEX["0"]).all()  # the misread
    doubted = doubt_far_reads(strip, geometry, skin, vectors, matches)
    assert doubted.confident.tolist() == [True, False, False]
