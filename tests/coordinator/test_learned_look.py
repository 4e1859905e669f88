"""A look that taught the skin a new picture is read again before it is believed, even
when it came past the deadline (a look can take seconds on a loaded machine): before, the
run stopped there with "the game's status (face) could not be read"."""

from __future__ import annotations

import time

from sweeper.coordinator import SimulatedScreen
from sweeper.coordinator.covers import CoverAnswerer
from sweeper.coordinator.facts import GameFacts
from sweeper.coordinator.look import Looker
from sweeper.coordinator.watch import BoardWatch
from sweeper.core import BEGINNER
from sweeper.recognizer import BoardReader
from sweeper.recognizer.steadiness import STEADY_SPAN_S


def test_a_look_that_learned_a_picture_past_the_deadline_is_read_again() -> None:
    screen = SimulatedScreen(*BEGINNER, "safe", seeds=lambda: 1)
    looker = Looker(screen)
    placement = looker.locate()
    looker.reader = BoardReader()  # a look never seen: learned from the screen
    first = looker.shoot(BEGINNER.mines)  # the cells seen once: too soon to learn
    assert first.recognition.learned == () and first.recognition.unreadable
    time.sleep(2 * STEADY_SPAN_S)
    facts = GameFacts(placement.geometry.rows, placement.geometry.cols, "safe")
    watch = BoardWatch(looker, CoverAnswerer(screen))
    sight = watch.until_readable(facts, deadline=time.monotonic() - 1.0)
    assert sight.looks == 2 and sight.status == "playing" and sight.board.is_fresh
