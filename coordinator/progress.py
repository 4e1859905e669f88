"""Whether the game takes the clicks: a game that ignores them is given up, and one that
misses presses gets the pointer resting on each cell before it is pressed."""

from __future__ import annotations

from collections.abc import Collection

from sweeper.coordinator.outcome import PlayError
from sweeper.coordinator.play_log import log
from sweeper.coordinator.watch import Sight, clicks_took_effect
from sweeper.core import Cell

MAX_IDLE_TURNS = 3  # turns in a row whose clicks changed nothing before giving up
REST_MS = 60  # pointer rest before each press, for games that ignore a press on arrival ...
REST_AFTER_MISSES = 2  # ... once this many turns in a row left a clicked cell unopened;
# as many more while resting double the rest ...
MAX_REST_MS = 480  # ... up to this: on a loaded machine winmine-exe-95 missed most presses
# after a 60 ms rest (a won game took 52 s instead of 12 s), its page late to see the
# pointer arrive


class IgnoredClicksError(PlayError):
    """The game changed nothing for :data:`MAX_IDLE_TURNS` turns in a row."""


class Progress:
    """Counts the turns that changed nothing or missed a cell; the rest it chooses holds
    for the rest of the run, and grows while presses are still missed."""

    def __init__(self) -> None:
        self.rest_ms = 0  # how long the pointer rests on a cell before pressing it
        self._idle = self._missed = 0  # turns in a row that changed nothing / missed a cell
        self._rest_before_idle = 0  # the rest when the turns that changed nothing began

    def new_game(self) -> None:
        """Start counting afresh (the rest stays)."""
        self._idle = self._missed = 0

    def check(self, previous: Sight, after: Sight, clicked: Collection[Cell]) -> None:
        """Give up on a game that ignores the clicks; rest on each cell before pressing
        it once clicks keep being missed."""
        idle = self._idle + 1 if (after.board == previous.board
                                  and after.status == "playing") else 0
        self._idle = idle
        if idle == 1:
            self._rest_before_idle = self.rest_ms
        self._missed = 0 if clicks_took_effect(after, clicked) else self._missed + 1
        if self._missed >= REST_AFTER_MISSES and self.rest_ms < MAX_REST_MS:
            # some games take a click only on the cell the pointer already rests on,
            # as a person's hand always does: from now on, rest before each press (one
            # swallowed click is a game's own quirk, a first click on a mine, say), and
            # longer if that was not enough
            self.rest_ms = min(MAX_REST_MS, 2 * self.rest_ms) if self.rest_ms else REST_MS
            log.info("clicks were missed %d turns in a row: resting %d ms on each cell "
                     "before pressing it", self._missed, self.rest_ms)
            self._missed = 0
        if idle >= MAX_IDLE_TURNS:
            raise IgnoredClicksError(f"the game did not respond to {idle} rounds of clicks")

    def idle_was_the_end(self) -> None:
        """The turns that changed nothing were a game that had ended without drawing its
        end, not presses missed: the rest they made grow goes back to what it was."""
        if self.rest_ms != self._rest_before_idle:
            log.info("the clicks the ended game ignored were not missed: resting %d ms "
                     "again", self._rest_before_idle)
        self.rest_ms = self._rest_before_idle
