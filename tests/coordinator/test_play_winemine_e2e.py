"""The bot plays whole games of Wine's winemine, the Windows clone, never built for it.

Xvfb, ``wine winemine`` at expert in a fresh Wine prefix, a local effector: the bot finds
the board, learns winemine's green skin from the screen, plays, answers the best-time
dialogs after a win and restarts with the face. Winemine's own memory (the test's
oracle, never the bot's) checks every board the bot acts on and each game's end.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

import pytest

from sweeper.coordinator.decide import LocalDecider
from sweeper.coordinator.local_services import local_service
from sweeper.coordinator.play import Player, PlayOptions
from sweeper.coordinator.watch import Sight
from sweeper.core import Rect
from sweeper.effector import Action, BatchResult, ClickAction, EffectorClient
from sweeper.practice import VirtualDisplay, Winemine
from tests.coordinator.truth_check import shows

pytestmark = pytest.mark.e2e

GAMES = 4


class BoundedClickLog(EffectorClient):
    """The real effector client, keeping every click and the rectangle it was bound to."""

    def __init__(self, base_url: str) -> None:
        super().__init__(base_url)
        self.clicks: list[tuple[int, int, Rect | None]] = []

    def actions(self, actions: Sequence[Action], bounds: Rect | None = None) -> BatchResult:
        self.clicks += [(a.x, a.y, bounds) for a in actions if isinstance(a, ClickAction)]
        return super().actions(actions, bounds)


@dataclass
class WinemineTruthCheck:
    """Compares every board the bot acts on with winemine's own state."""

    game: Winemine
    seen: int = 0
    mismatches: list[str] = field(default_factory=list)

    def __call__(self, sight: Sight) -> None:
        truth = self.game.truth()
        self.seen += 1
        if not shows(str(sight.board).strip(), sight.status, truth.board.strip(), truth.status,
                     sight.unread):
            self.mismatches.append(f"read {sight.status}:\n{sight.board}\n"
                                   f"winemine {truth.status}:\n{truth.board}")


@pytest.fixture(scope="module")
def winemine() -> Iterator[tuple[Winemine, str]]:
    with VirtualDisplay(1024, 768) as display, Winemine(display.env(), level="expert") as game:
        yield game, display.display


def test_the_bot_plays_whole_games_of_winemine(winemine):
    game, display = winemine
    env = {"DISPLAY": display}
    check = WinemineTruthCheck(game)
    with local_service("effector", env) as url, BoundedClickLog(url) as effector:
        options = PlayOptions(games=GAMES, between_games_s=1.1)
        player = Player(effector, LocalDecider(), options, on_sight=check)
        summary = player.play()
        board = player.looker.placed.board_rect
    assert summary.errors == []
    assert len(summary.results) == GAMES
    assert {result.result for result in summary.results} <= {"won", "lost"}
    assert check.seen > GAMES
    assert check.mismatches == [], check.mismatches[0]
    assert summary.results[-1].result == game.truth().status
    # every click went to a cell, or (between games) to the face above the board
    for x, y, bounds in effector.clicks:
        if board.contains_point(x, y):
            continue
        assert bounds is not None and bounds.contains_point(x, y), (x, y)
        assert bounds.bottom <= board.top and bounds.width < 40, bounds
