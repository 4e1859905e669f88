"""Cells drawn off their lattice place (pbsphp-ru at device scale 1.5) are realigned once:
what was found is used again while the pixels round the cell and the skin stay the same,
and the result is what realigning from scratch gives."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from sweeper.recognizer import BoardReader
from sweeper.recognizer.image_io import load_image
from sweeper.recognizer.locate import locate_boards
from sweeper.recognizer.realign import Realignments, realigned
from sweeper.recognizer.rereading import CellVectors

SHOT = Path(__file__).resolve().parent / "corpus" / "sites" / "pbsphp-ru-x1.5-mid.png"


def test_a_realignment_is_used_again_until_its_pixels_change() -> None:
    picture = load_image(SHOT)
    geometry = locate_boards(picture)[0]
    reader = BoardReader()
    assert reader.read(picture, geometry).unreadable == []  # the skin is learned
    skin = reader.skin
    vectors = CellVectors().of(picture, geometry)
    off_place = ~skin.match(vectors).confident
    assert off_place.sum() > 10  # what this test is about: cells that read only re-cut
    memory = Realignments()
    first = realigned(skin, picture, geometry, vectors, off_place, memory=memory)
    assert skin.match(first).confident.all()
    cells = np.flatnonzero(off_place).tolist()
    assert all(memory.found(cell, memory.key(skin, picture, geometry, cell))[0]
               for cell in cells)
    again = realigned(skin, picture, geometry, vectors, off_place, memory=memory)
    assert np.array_equal(again, first)
    assert np.array_equal(again, realigned(skin, picture, geometry, vectors, off_place))
    changed = picture.copy()
    left, top, right, bottom = geometry.cell_box(*divmod(cells[0], geometry.cols))
    changed[top:bottom, left:right] ^= 1
    assert not memory.found(cells[0], memory.key(skin, changed, geometry, cells[0]))[0]
