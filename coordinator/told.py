"""The end a message over the board tells, read once per picture of it.

Reading a message ("Game over", "Winner!") takes an OCR of the covered part of the board,
most of a second on a loaded machine, and a game's end is read twice before it is
believed. The second reading of a board whose pixels are the same as the one the message
was read on needs no OCR: the same picture tells the same words. :class:`ToldEnds`
keeps the last picture read and what it told.
"""

from __future__ import annotations

from collections.abc import Collection

import numpy as np
import numpy.typing as npt

from sweeper.core import Cell, GameStatus
from sweeper.recognizer import BoardGeometry, end_told


class ToldEnds:
    """Reads the end a message over the covered cells tells, keeping the last one."""

    def __init__(self) -> None:
        self._last: tuple[npt.NDArray[np.uint8], tuple[Cell, ...], GameStatus | None] | None = (
            None)
        self.readings = 0  # how many pictures were read (each an OCR)

    def known(self, image: npt.NDArray[np.uint8], geometry: BoardGeometry,
              covered: Collection[Cell]) -> bool:
        """Whether the board in ``image``, with these ``covered`` cells, is the picture
        read last: its end is then told without reading it again."""
        last = self._last
        return last is not None and last[1] == tuple(covered) and np.array_equal(
            last[0], _board_pixels(image, geometry))

    def told(self, image: npt.NDArray[np.uint8], geometry: BoardGeometry,
             covered: Collection[Cell]) -> GameStatus | None:
        """``lost`` or ``won`` if words over the ``covered`` cells say so
        (:func:`~recognizer.end_told`); the picture read last is not read again."""
        if self.known(image, geometry, covered):
            assert self._last is not None
            return self._last[2]
        told = end_told(image, geometry, covered)
        self.readings += 1
        self._last = _board_pixels(image, geometry).copy(), tuple(covered), told
        return told


def _board_pixels(image: npt.NDArray[np.uint8], geometry: BoardGeometry
                  ) -> npt.NDArray[np.uint8]:
    """The board's part of ``image`` (the strip above it, where a clock may tick, left
    out: the words are read over the cells)."""
    rect = geometry.rect
    return image[rect.top:rect.top + rect.height, rect.left:rect.left + rect.width]
