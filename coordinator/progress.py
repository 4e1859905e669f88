"""Whether the game takes the clicks: a game that ignores them is given up, unless the
presses it ignores could have ended it (an end it does not draw), and one that misses
presses gets the pointer resting on each cell before it is pressed."""

from __future__ import annotations

from collections.abc import Collection

from sweeper.coordinator.decide import Decision
from sweeper.coordinator.ending import won_by_last_presses
from sweeper.coordinator.outcome import PlayError
from sweeper.coordinator.play_log import log
from sweeper.coordinator.watch import Sight, clicks_took_effect
from sweeper.core import Board, Cell, GameStatus

MAX_IDLE_TURNS = 3  # turns in a row whose clicks changed nothing before giving up
REST_MS = 60  # pointer rest before each press, for games that ignore a press on arrival ...
REST_AFTER_MISSES = 2  # ... once this many turns in a row left a clicked cell unopened
LIKELIER_SAFE = 0.5  # a guess whose mine chance is below this, and that was the last safe
# cell, is taken to have won a game that stopped answering after it; else to have lost it


def unshown_end(board: Board, decision: Decision, pressed: Collection[Cell],
                total_mines: int | None) -> GameStatus | None:
    """The end ``pressed`` brought about if the game took them but drew nothing (an end
    handler that fails before it redraws: a person sees at most the clock stop): won when
    they were the last safe cells (proven safe, or a guess likelier safe than not, and
    the count is known), lost when one was a guess (it went off); None when they could
    not have ended the game."""
    chances = decision.probabilities
    risk = max((chances[row][col] or 0.0 for row, col in pressed), default=0.0)
    last_safe = won_by_last_presses(board, decision.safe or pressed, total_mines) is not None
    if last_safe and risk < LIKELIER_SAFE:
        return "won"
    return "lost" if risk > 0 else None


class Progress:
    """Counts the turns that changed nothing or missed a cell; the rest it chooses holds
    for the rest of the run."""

    def __init__(self) -> None:
        self.rest_ms = 0  # how long the pointer rests on a cell before pressing it
        self._idle = self._missed = 0  # turns in a row that changed nothing / missed a cell
        self._rest_chosen_idle = False  # the rest was chosen in the current idle turns

    def new_game(self) -> None:
        """Start counting afresh (the rest stays)."""
        self._idle = self._missed = 0
        self._rest_chosen_idle = False

    def check(self, previous: Sight, after: Sight, clicked: Collection[Cell],
              unshown: GameStatus | None = None) -> GameStatus | None:
        """Give up on a game that ignores the clicks, or, where the ignored presses could
        have ended it (``unshown``: the end they would bring about, :func:`unshown_end`),
        return that end; rest on each cell before pressing it once clicks keep being
        missed."""
        idle = self._idle + 1 if (after.board == previous.board
                                  and after.status == "playing") else 0
        self._idle = idle
        self._rest_chosen_idle = self._rest_chosen_idle and idle > 0
        self._missed = 0 if clicks_took_effect(after, clicked) else self._missed + 1
        if self._missed >= REST_AFTER_MISSES and not self.rest_ms:
            # some games take a click only on the cell the pointer already rests on,
            # as a person's hand always does: from now on, rest before each press (one
            # swallowed click is a game's own quirk, a first click on a mine, say)
            self.rest_ms = REST_MS
            self._rest_chosen_idle = idle > 0
            log.info("clicks were missed %d turns in a row: resting %d ms on each cell "
                     "before pressing it", self._missed, REST_MS)
        if idle < MAX_IDLE_TURNS:
            return None
        if unshown is None:
            raise PlayError(f"the game did not respond to {idle} rounds of clicks")
        log.info("the game stopped answering after presses that could end it, %d rounds "
                 "in a row: it ended without showing it, taken as %s", idle, unshown)
        if self._rest_chosen_idle:
            # the misses that made the pointer rest were this end's, not the game's way
            self.rest_ms = 0
            log.info("the pointer no longer rests before each press")
        self._idle = self._missed = 0
        self._rest_chosen_idle = False
        return unshown
