"""The bot plays the bundled game in a window on a busy desktop page (``desk.html``): other
windows with a toolbar, a calculator's keypad, a calendar, a spreadsheet, an on-screen
keyboard, an equaliser that never stops moving, icons and a taskbar with a clock. Finding
the board must not depend on an empty screen, and no lattice-like widget is a board.

Xvfb, a real Chromium and the real effector; the game's truth comes through DevTools.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator

import pytest

from sweeper.coordinator.decide import LocalDecider
from sweeper.coordinator.look import Looker, WatchError
from sweeper.coordinator.play import Player, PlayOptions
from sweeper.core import EXPERT, INTERMEDIATE
from sweeper.practice import VirtualDesktop
from tests.coordinator.truth_check import ClickLog, TruthCheck, board_rect, click_log

pytestmark = pytest.mark.e2e

SCREEN = (1400, 1000)
SAFE = {"rules": "safe"}
FEW_LOOKS = 8  # looks of one turn: clicks shown, a tooltip gone (a cover is answered only
# after 0.6 s of looks, 20 and more)


@pytest.fixture(scope="module")
def desktop() -> Iterator[VirtualDesktop]:
    with VirtualDesktop(screen_size=SCREEN, window_size=SCREEN, page="desk.html",
                        fit_window=False,
                        game_params={**EXPERT._asdict(), **SAFE, "seed": 1}) as running:
        yield running


@pytest.fixture(scope="module")
def effector(desktop: VirtualDesktop) -> Iterator[ClickLog]:
    with click_log(desktop) as client:
        yield client


def play_checked(desktop: VirtualDesktop, effector: ClickLog, game: dict[str, str | int],
                 pointer_on: tuple[int, int] | None = None) -> tuple[Player, TruthCheck]:
    """One game played on the desk, every board the bot acts on checked with the truth;
    the run starts with the pointer on the cell ``pointer_on``, if given."""
    desktop.new_game(game)
    if pointer_on is not None:
        desktop.xinput.move(desktop.cell_center(*pointer_on))
    effector.clicks.clear()
    effector.moves.clear()
    check = TruthCheck(desktop)
    player = Player(effector, LocalDecider(), PlayOptions(games=1), on_sight=check)
    summary = player.play()
    assert summary.errors == []
    assert [r.result for r in summary.results] == [desktop.page_state()["status"]]
    assert check.seen >= 2 and check.mismatches == []
    rect = board_rect(desktop)
    outside = [(x, y) for x, y, _ in effector.clicks if not rect.contains_point(x, y)]
    assert effector.clicks and outside == [], f"clicks outside the board {rect.describe()}"
    return player, check


@pytest.mark.parametrize(("seed", "cell"), [(31, 24), (32, 16)])
def test_the_bot_plays_the_game_among_other_windows(
        desktop: VirtualDesktop, effector: ClickLog, seed: int, cell: int) -> None:
    player, _ = play_checked(desktop, effector,
                             {**EXPERT._asdict(), **SAFE, "seed": seed, "cell": cell})
    assert player.looker.placed.board_rect == board_rect(desktop)


def test_a_tooltip_at_the_pointer_over_the_game_neither_stops_nor_misleads_the_bot(
        desktop: VirtualDesktop, effector: ClickLog, caplog: pytest.LogCaptureFixture) -> None:
    game = {**INTERMEDIATE._asdict(), **SAFE, "seed": 33, "cell": 24, "tooltip": 1}
    with caplog.at_level(logging.INFO, logger="sweeper.play"):
        # the run starts with the pointer on the board, its tooltip over a cell or two
        player, _ = play_checked(desktop, effector, game, pointer_on=(6, 6))
    board = board_rect(desktop)
    rests = [(x, y) for x, y in effector.moves if not board.contains_point(x, y)]
    region = player.looker.placed.region
    assert all(region.contains_point(x, y) for x, y in rests), (rests, region.describe())
    turns = [r.getMessage() for r in caplog.records if r.getMessage().startswith("turn ")]
    # the first cover is waited out and answered; from then on the pointer rests off the
    # board after each batch and no cover is answered again
    answered = [i for i, line in enumerate(turns) if "moved the pointer off the board" in line]
    assert len(answered) == 1, turns
    # covered cells beside the pointer's are taken for a tooltip: no key goes to the game
    assert not any("answered a dialog" in line for line in turns), turns
    after = turns[answered[0] + 1:]
    assert not any("moved the pointer" in line for line in after)
    # the tooltip drawn at the last click is gone a frame or two later: no turn waits
    # for it anywhere near as long as a cover is waited before it is answered
    looks = [int(m.group(1)) for line in after if (m := re.search(r"; (\d+) looks? ", line))]
    assert looks and max(looks) <= FEW_LOOKS, after


def test_no_widget_of_the_desk_is_taken_for_a_board(
        desktop: VirtualDesktop, effector: ClickLog) -> None:
    desktop.new_game({"game": "none"})
    effector.clicks.clear()
    try:
        with pytest.raises(WatchError, match="looked on the screen"):
            Looker(effector).locate(timeout_s=2)
        assert effector.clicks == []
    finally:
        desktop.new_game({**EXPERT._asdict(), **SAFE, "seed": 1})
