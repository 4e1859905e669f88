"""Pictures no classic meaning names, named by their place on the board
(recognizer/places.py), and the emoji look that needs it: its 🐣 opened 0s and its 🚧
flags lie on the white ground between its tiles, its digits are blue keycaps whose 1 has
no foot (recognizer/glyphs.py, the foot-less ones)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sweeper.recognizer.api import locate_and_read
from sweeper.recognizer.families import FaceEvidence
from sweeper.recognizer.geometry import BoardGeometry
from sweeper.recognizer.image_io import load_image
from sweeper.recognizer.looks import TileLook, look_at
from sweeper.recognizer.naming import name_tile
from sweeper.recognizer.reader import BoardReader
from sweeper.recognizer.sampling import native_cell
from tests.recognizer.recognizer_corpus import load_shot

CELLS = Path(__file__).resolve().parent / "cells"
# a part of the middle game at device scale 1.5: cells 37.5 by 37.506 px
CHICKS = CELLS / "muan-emoji-x1.5-chicks-and-flag.png"
CHICKS_GEOMETRY = BoardGeometry.regular(left=0.0, top=0.542, pitch_x=37.5, pitch_y=37.506,
                                        rows=8, cols=10)
CHICKS_BOARD = """\
1.........
....112.1.
....101...
.3.F1011..
...31001..
..220001..
...22211..
.........."""
# a part of the middle game at scale 1: closed squares round a 🚧 flag and a keycap 4
FLAG_BESIDE_4 = """\
.......
.....F.
.4.....
.......
......."""


def test_a_foot_less_keycap_1_is_a_1() -> None:
    """Cut to its box, the bar with a short flag is shaped as a 7 (0.60) more than as
    any 1 with a foot (0.39 at best); the foot-less references name it."""
    named = name_tile(look_at(load_image(CELLS / "muan-emoji-x1-keycap-1.png")))
    assert named.kind == "1", named.reason


def test_an_icon_enclosed_by_opened_cells_is_the_opened_0_and_one_beside_closed_cells_a_flag(
) -> None:
    seen = BoardReader().read(load_image(CHICKS), CHICKS_GEOMETRY)
    assert not seen.unreadable, seen.message
    assert str(seen.board).strip() == CHICKS_BOARD


def test_a_many_coloured_mark_beside_closed_cells_is_a_flag() -> None:
    shot = load_image(CELLS / "muan-emoji-x1-flag-beside-4.png")
    geometry = BoardGeometry.regular(left=0, top=0, pitch_x=25, pitch_y=25, rows=5, cols=7)
    seen = BoardReader().read(shot, geometry)
    assert not seen.unreadable, seen.message
    assert str(seen.board).strip() == FLAG_BESIDE_4


def test_a_flag_on_a_face_of_its_own_makes_no_closed_face() -> None:
    """The 🚧 lies on the white ground, as the 🐣 does: were white a closed face, the
    🐣 would be a mark on a closed tile, and with its red a flag."""
    shot = load_image(CHICKS)

    def look(row: int, col: int) -> TileLook:
        return look_at(native_cell(shot, CHICKS_GEOMETRY, row, col))

    closed, one, flag, chick = look(0, 1), look(0, 0), look(3, 3), look(2, 5)
    for named in ([("unopened", closed), ("1", one), ("flag", flag)],
                  [("flag", flag), ("unopened", closed), ("1", one)]):
        evidence = FaceEvidence.of(named)
        assert evidence.closed_face(closed)
        assert not evidence.closed_face(chick)


@pytest.mark.parametrize("scale", ["x1", "x1.5"])
@pytest.mark.parametrize("end", ["lost", "won"])
def test_an_end_that_opens_every_cell_reads_after_the_first_opening(scale: str,
                                                                   end: str) -> None:
    # in play the reader has seen the fresh board and the first opening when the end
    # opens every cell: the 💣s of a loss, ringed by numbers, are mines (as 0s those
    # numbers would have no mine left), and the 🚧s a win puts on every mine are flags,
    # the numbers counting them as their mines
    fresh = load_shot(f"looks/muan-emoji-{scale}-fresh")
    read, reader = locate_and_read(fresh.image, total_mines=99)
    assert reader is not None and read.geometry is not None
    reader.read(load_shot(f"looks/muan-emoji-{scale}-first").image, read.geometry, 99)
    shot = load_shot(f"looks/muan-emoji-{scale}-{end}")
    seen = reader.read(shot.image, read.geometry, 99)
    assert seen.board == shot.board
