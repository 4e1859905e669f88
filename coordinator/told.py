"""The end a message over the board tells, read once per picture of it.

A message over the covered cells ("Game over", "Winner!") is read by OCR
(:func:`~recognizer.end_told`), most of a second on a loaded machine, and the end it
tells is taken as :func:`~coordinator.ending.ended_by_message` says. A game's end is read
twice before it is believed: the second reading of a board whose pixels are the same as
the one the message was read on needs no OCR, the same picture telling the same words.
:class:`ToldEnds` keeps the last picture read and what it told.
"""

from __future__ import annotations

from collections.abc import Collection

import numpy as np
import numpy.typing as npt

from sweeper.coordinator.ending import ended_by_message
from sweeper.coordinator.play_log import log
from sweeper.core import Board, Cell, GameStatus
from sweeper.recognizer import BoardGeometry, Recognition, end_told


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


    def end(self, recognition: Recognition, image: npt.NDArray[np.uint8],
            geometry: BoardGeometry, previous: Board | None,
            pressed_safe: Collection[Cell]) -> tuple[Board, GameStatus] | None:
        """The game's end as a message over the cells ``recognition`` of ``image`` left
        unreadable tells it, if one does (``previous``, the board before, and the cells
        just pressed, proven safe, decide what is believed)."""
        told = self.told(image, geometry, recognition.unreadable)
        ended = ended_by_message(recognition, told, previous, pressed_safe)
        if ended is None and told is not None:
            log.info("a message over the board tells the game %s, not believed (after "
                     "presses all proven safe, or with no board before)", told)
        return ended

    def again(self, recognition: Recognition, image: npt.NDArray[np.uint8],
              geometry: BoardGeometry, previous: Board | None,
              pressed_safe: Collection[Cell]) -> tuple[Board, GameStatus] | None:
        """The end told by the message read last, if ``image`` shows the very picture it
        was read on (a game's end is read twice: the second reading needs no OCR)."""
        if not recognition.unreadable or not self.known(image, geometry,
                                                        recognition.unreadable):
            return None
        return self.end(recognition, image, geometry, previous, pressed_safe)

    def over_board(self, image: npt.NDArray[np.uint8],
                   geometry: BoardGeometry) -> GameStatus | None:
        """``lost`` or ``won`` if words over the board say so: a board redrawn all over
        (shaded under a box) after a guess is read for its message, not its cells."""
        every_cell = [(row, col) for row in range(geometry.rows) for col in range(geometry.cols)]
        return self.told(image, geometry, every_cell)


def _board_pixels(image: npt.NDArray[np.uint8], geometry: BoardGeometry
                  ) -> npt.NDArray[np.uint8]:
    """The board's part of ``image`` (the strip above it, where a clock may tick, left
    out: the words are read over the cells)."""
    rect = geometry.rect
    return image[rect.top:rect.top + rect.height, rect.left:rect.left + rect.width]
