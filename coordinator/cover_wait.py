"""One watch's wait on cells that stay unreadable: how long, and what was done about it.

A look with cells unreadable may show a dialog, a message, an animation or something
drawn at the pointer over the board. :class:`CoverWait` counts since when and in how many
looks they showed, gives the board more time (:data:`COVERED_PATIENCE_S`, and while it
still moves :data:`ANIMATION_PATIENCE_S`), and answers the cover with the remedy due
(:class:`~coordinator.covers.CoverAnswerer`), reading the cover for a message telling the
game's end (:class:`~coordinator.told.ToldEnds`: each picture once) before a remedy presses
a key.
"""

from __future__ import annotations

import time
from collections.abc import Collection
from dataclasses import dataclass

from sweeper.coordinator.covers import CoverAnswerer
from sweeper.coordinator.look import Placement, Shot
from sweeper.coordinator.told import ToldEnds
from sweeper.core import Board, Cell, GameStatus

REMEDY_AFTER_S = 0.6  # unreadable this long on a still screen: answer a dialog; twice: move
# the pointer away ...
MOVING_REMEDY_AFTER_S = 1.8  # ... or this long while the screen still changes (an animation
# is waited out: the pointer moved for a remedy lights the cells it passes)
MIN_COVERED_LOOKS = 3  # a remedy, whenever due, only once the cover showed in this many
# looks: on a loaded machine one look outlasts the wait, and a fade caught by two looks
# can seem still (dipanshu-rounded's numbers: a message read, seconds then, and Enter)
COVERED_PATIENCE_S = 10.0  # how long a covered board is looked at before giving up: a
# record win's two dialogs, a message read once (about a second) and the remedies taking
# turns need more than 6 s on a loaded machine
ANIMATION_PATIENCE_S = 30.0  # ... and while what covers it still moves, up to this long: a
# loss may pop its mines one by one with confetti for 20 s, and a board read only once
# it holds still (teumal-google's first loss, before any mine was learned, was given up
# at 10 s with the mines still popping)
COVERED_LOOKS = 12  # ... and however long they took, at least this many looks at it: the
# three remedies in turn, each once 3 looks showed the cover and looked at after (on a
# loaded machine a look took 2 s, and a page still drawing its presses, its numbers fading
# in again for each, was given up after 5 looks)
NO_END_TOLD = "no end told over the covered cells"  # what a cover read for words told


@dataclass
class CoverWait:
    """What one look until readable knows and did so far about a covered board."""

    answerer: CoverAnswerer
    told: ToldEnds
    since: float | None = None  # when a look first came back with cells unreadable
    looks: int = 0  # looks with cells unreadable since then
    remedies: int = 0  # remedies done
    remedied_at: float = 0.0  # when the last remedy was done (``time.monotonic()``)
    pointer_first: bool | None = None  # the pointer moved before a dialog is answered

    def restart(self) -> None:
        """The page is still at work on the presses: what covers cells is no cover yet."""
        self.since, self.looks = None, 0

    def saw(self, deadline: float) -> float:
        """Count one more look with cells unreadable; ``deadline``, moved to give the
        cover :data:`COVERED_PATIENCE_S` from the look that first showed it (one look
        can take seconds when the machine is loaded)."""
        self.since = self.since or time.monotonic()
        self.looks += 1
        return max(deadline, self.since + COVERED_PATIENCE_S)

    def waited_out(self, still: bool) -> bool:
        """Whether the cover was looked at long enough to give up on it: in
        :data:`COVERED_LOOKS` looks, the last remedy :data:`REMEDY_AFTER_S` ago at least
        (winemine's record box, answered with Enter at 9 s on a loaded machine, was given
        up on at the next look, before it closed; a remedy is due no sooner after the
        last), and it holds ``still`` or outlasted :data:`ANIMATION_PATIENCE_S`."""
        return (self.looks >= COVERED_LOOKS
                and time.monotonic() - self.remedied_at >= REMEDY_AFTER_S
                and (still or not self._animated()))

    def _animated(self) -> bool:
        """Whether a board covered by something that moves is still given time for its
        animation to end."""
        return self.since is not None and (
            time.monotonic() - self.since < ANIMATION_PATIENCE_S)

    def answer(self, shot: Shot, still: bool, placed: Placement, waits: list[str], *,
               previous: Board | None, pressed_safe: Collection[Cell], pointer: Cell | None
               ) -> tuple[Board, GameStatus] | None:
        """Answer the cover in ``shot`` with the remedy due, once it showed in
        :data:`MIN_COVERED_LOOKS` looks (saying what was done in ``waits``); before a
        remedy that presses a key or a button, read the cover for a message telling the
        game's end (a picture read before is not read again), and return that end if it
        tells one."""
        unreadable = shot.recognition.unreadable
        if not unreadable or self.since is None or self.looks < MIN_COVERED_LOOKS:
            return None
        after_s = REMEDY_AFTER_S if still else MOVING_REMEDY_AFTER_S
        due = time.monotonic() - self.since >= after_s * (self.remedies + 1)
        if self.pointer_first is None:
            self.pointer_first = self.answerer.drawn_at_pointer(placed, pointer, unreadable)
        if due and self.answerer.presses(self.remedies, pointer_first=self.pointer_first):
            # before each key or button press that could close it (a reading takes about
            # a second: not sooner, or a page that fades its numbers in slowly, still to
            # the stillness check, is read for words at every look); the picture read
            # last is not read again, one drawn since is (a box put up after the mines
            # showed, or one faded in further)
            told = self.told.end(shot.recognition, shot.image, placed.geometry, previous,
                                 pressed_safe)
            if told is not None:
                return told
            waits.append(NO_END_TOLD)
        if due:
            waits.append(self.answerer.answer(self.remedies, shot, placed,
                                              pointer_first=self.pointer_first))
            self.remedies += 1
            self.remedied_at = time.monotonic()
        return None
