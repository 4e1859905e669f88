"""One game played by the whole bot on each of some simulated screens, for the tests of
how games end."""

from __future__ import annotations

from collections.abc import Iterable

from sweeper.coordinator import SimulatedScreen
from sweeper.coordinator.decide import LocalDecider
from sweeper.coordinator.play import Player, PlayOptions


def ends_played(screens: Iterable[SimulatedScreen]) -> set[str]:
    """The ends of one game played on each of ``screens``, each checked to have ended
    without an error and as its engine's game did."""
    ends = set[str]()
    for screen in screens:
        player = Player(screen, LocalDecider(), PlayOptions(games=1, mines=screen.mines))
        summary = player.play()
        assert not summary.errors, summary.errors
        assert [game.result for game in summary.results] == [screen.game.status]
        ends.add(screen.game.status)
    return ends
