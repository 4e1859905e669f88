"""The act of a turn: the decision's cells pressed in one batch inside the board, the
pointer's move to its rest point off the board riding in it where an overlay at the
pointer made that needed."""

from __future__ import annotations

import time
from dataclasses import dataclass

from sweeper.coordinator.covers import CoverAnswerer
from sweeper.coordinator.decide import Decision
from sweeper.coordinator.look import Placement
from sweeper.coordinator.moves import cells_to_click, press_actions
from sweeper.coordinator.outcome import PlayError
from sweeper.coordinator.play_log import log
from sweeper.coordinator.screen import Screen
from sweeper.coordinator.watch import Sight
from sweeper.core import Cell
from sweeper.effector import ActionBatch, validate_batch


@dataclass(frozen=True)
class Batch:
    """One turn's act: the decision, the cells clicked, when, and how long it took."""

    decision: Decision
    targets: list[Cell]
    flags: list[Cell]
    clicked_at: float
    timings: dict[str, float]


class Hands:
    """Presses cells on the screen: left clicks to open, right clicks to flag (with
    ``flags``), each held ``hold_ms``."""

    def __init__(self, screen: Screen, covers: CoverAnswerer, flags: bool,
                 hold_ms: int) -> None:
        self.screen = screen
        self.covers = covers  # where the pointer rests, once an overlay made it needed
        self.flags = flags
        self.hold_ms = hold_ms

    def act(self, sight: Sight, decision: Decision, placement: Placement,
            decide_started: float, rest_ms: int) -> Batch:
        """Click the decision's cells on ``sight``'s board (:meth:`press`); time it (the
        analysis from ``decide_started``, a ``time.perf_counter()``, to the moves chosen)."""
        cells = cells_to_click(sight.board, decision, self.flags)
        if cells is None:
            raise PlayError("the analyzer found no move on a board still in play")
        targets, flags = cells
        analyzed = time.perf_counter()
        self.press(placement, targets, flags, rest_ms)
        clicked_at = time.monotonic()
        timings = {
            "analyze": (analyzed - decide_started) * 1000,
            "screenshot_to_clicks": (clicked_at - sight.captured_at) * 1000,
        }
        return Batch(decision, targets, flags, clicked_at, timings)

    def press(self, placement: Placement, targets: list[Cell], flags: list[Cell],
              rest_ms: int) -> None:
        """One batch: open the targets, flag the mines, all inside the board (the pointer
        resting ``rest_ms`` on each cell before pressing it); then, once an overlay at the
        pointer made a rest point needed, the move there, in the same batch (the page
        hides the overlay in the frame that shows the clicks)."""
        log.debug("clicks: open %s, flag %s", targets, flags)
        actions = press_actions(placement.geometry, targets, flags, rest_ms=rest_ms,
                                hold_ms=self.hold_ms)
        rest = self.covers.rest_move(placement)
        if rest is None:
            self.screen.actions(actions, bounds=placement.board_rect)
            return
        # the batch's bounds widen to the game's window for the rest move alone
        validate_batch(ActionBatch(actions=actions, bounds=placement.board_rect),
                       screen=placement.region)
        log.debug("pointer rests at (%d, %d), off the board", rest.x, rest.y)
        self.screen.actions([*actions, rest], bounds=placement.region)
