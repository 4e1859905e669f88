"""The bot plays real games end to end: Xvfb, Chromium or xdemineur, the real effector.

The page's true state (``window.__state()``) is read by the test only, after every board
the bot acts on, to check that the bot read exactly what was shown.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from sweeper.coordinator.decide import LocalDecider
from sweeper.coordinator.look import Looker, WatchError
from sweeper.coordinator.outcome import RunSummary
from sweeper.coordinator.play import Player, PlayOptions
from sweeper.core import EXPERT, Rect
from sweeper.practice import VirtualDesktop
from tests.coordinator.truth_check import ClickLog, TruthCheck, board_rect, click_log

pytestmark = pytest.mark.e2e

EXPERT_GAME: dict[str, str | int] = {**EXPERT._asdict(), "rules": "safe"}


@pytest.fixture(scope="module")
def desktop() -> Iterator[VirtualDesktop]:
    with VirtualDesktop(
        screen_size=(1400, 1000),
        window_position=(37, 21),
        game_params=EXPERT_GAME | {"cell": 24, "seed": 1},
    ) as running:
        yield running


@pytest.fixture(scope="module")
def effector(desktop: VirtualDesktop) -> Iterator[ClickLog]:
    with click_log(desktop) as client:
        yield client


def play_one(
    desktop: VirtualDesktop, effector: ClickLog, **game: Any
) -> tuple[RunSummary, TruthCheck]:
    desktop.new_game(EXPERT_GAME | game)
    effector.clicks.clear()
    check = TruthCheck(desktop)
    player = Player(effector, LocalDecider(), PlayOptions(games=1), on_sight=check)
    summary = player.play()
    return summary, check


@pytest.mark.parametrize(("seed", "cell"), [(11, 24), (12, 24), (13, 24), (21, 16), (22, 16)])
def test_bot_plays_a_seeded_expert_game_reading_exactly_the_truth(
    desktop: VirtualDesktop, effector: ClickLog, seed: int, cell: int
) -> None:
    summary, check = play_one(desktop, effector, seed=seed, cell=cell)
    assert summary.errors == []
    assert len(summary.results) == 1, "the game must end"
    truth = desktop.page_state()
    assert summary.results[0].result == truth["status"] and truth["status"] in ("won", "lost")
    assert check.seen >= 2 and check.mismatches == []
    rect = board_rect(desktop)
    assert effector.clicks, "the bot must have clicked"
    outside = [(x, y) for x, y, _ in effector.clicks if not rect.contains_point(x, y)]
    assert outside == [], f"clicks outside the board {rect.describe()}"


def test_bot_plays_several_games_in_a_row_with_the_face(
    desktop: VirtualDesktop, effector: ClickLog
) -> None:
    desktop.new_game(EXPERT_GAME | {"cell": 24})
    summary = Player(effector, LocalDecider(), PlayOptions(games=3)).play()
    assert summary.errors == []
    assert len(summary.results) == 3
    assert all(result.result in ("won", "lost") for result in summary.results)


def test_bot_plays_a_whole_xdemineur_game(desktop: VirtualDesktop, effector: ClickLog) -> None:
    desktop.chromium.navigate("about:blank")  # one board on screen: xdemineur's
    desktop.chromium.wait_until("document.readyState === 'complete'", "a blank page")
    try:
        window = desktop.start_xdemineur(position=(40, 540))
        effector.clicks.clear()
        options = PlayOptions(games=1, mines=EXPERT.mines, skins=["xdemineur"])
        summary = Player(effector, LocalDecider(), options).play()
    finally:
        desktop.new_game(EXPERT_GAME | {"cell": 24})
    assert summary.errors == []
    assert [result.result for result in summary.results] in (["won"], ["lost"])
    rect = Rect(
        left=window.rect.left,
        top=window.rect.top,
        width=window.rect.width,
        height=window.rect.height,
    )
    assert effector.clicks and all(rect.contains_point(x, y) for x, y, _ in effector.clicks)


def test_the_board_is_looked_for_only_in_the_given_region(
    desktop: VirtualDesktop, effector: ClickLog
) -> None:
    desktop.new_game(EXPERT_GAME | {"cell": 24, "seed": 5})
    rect = board_rect(desktop)
    around = Rect(left=rect.left - 30, top=rect.top - 100, width=rect.width + 60,
                  height=rect.height + 130)
    player = Player(effector, LocalDecider(), PlayOptions(area=around))
    sight = player.locate()
    assert player.looker.placed.board_rect == rect
    assert str(sight.board) == desktop.page_state()["board"]
    # right of the board, in the same page (other tests may leave xdemineur further down)
    beside = Rect(left=rect.right + 40, top=rect.top, width=1400 - rect.right - 40,
                  height=rect.height)
    with pytest.raises(WatchError, match=rf"looked in the area {beside.describe()}"):
        Looker(effector, area=beside).locate(timeout_s=1)
    with pytest.raises(WatchError, match="is off the screen"):
        Looker(effector, area=Rect(left=5000, top=0, width=100, height=100)).locate()


def test_play_v_says_on_stderr_what_each_turn_read_waited_for_and_did(
    desktop: VirtualDesktop, effector: ClickLog
) -> None:
    desktop.new_game(EXPERT_GAME | {"cell": 24, "seed": 11})
    result = subprocess.run(
        [sys.executable, "-m", "sweeper", "play", "-v", "--effector", effector.base_url],
        capture_output=True, text=True, check=False, timeout=300)
    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()
    assert any(re.search(r"board found at left=\d+ top=\d+ width=720 height=384: "
                         r"30x16, 99 mines, safe", line) for line in lines), result.stderr
    turns = [line for line in lines if re.search(r" turn \d+: read 30x16: ", line)]
    assert turns and " turn 1: read 30x16: 480 closed, 0 open, 0 flags, 0 unreadable" in turns[0]
    assert all(re.search(r"ms screenshot to clicks \(analysis \d+ ms\)$", line)
               for line in turns)
    status = desktop.page_state()["status"]
    assert any(f"game over: {status}; read 30x16" in line for line in lines), result.stderr
