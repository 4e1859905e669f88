"""``sweeper play -v``: a line per turn that says what was read, waited for and done."""

from __future__ import annotations

import logging
import re

import numpy as np
import pytest

from sweeper.coordinator import SimulatedScreen
from sweeper.coordinator.decide import LocalDecider
from sweeper.coordinator.play import Player, PlayOptions
from sweeper.coordinator.turn_log import moves_summary, turn_line, wait_summary
from sweeper.coordinator.watch import Sight
from sweeper.core import INTERMEDIATE, parse_board
from sweeper.recognizer import Recognition

BOARD = parse_board("1F..\n1221\n0000\n00..\n")


def _sight(looks: int = 1, waits: tuple[str, ...] = ()) -> Sight:
    recognition = Recognition(BOARD, "playing", None, None)
    return Sight(BOARD, "playing", recognition, np.zeros((1, 1, 3), np.uint8), 0.0,
                 looks=looks, waits=waits)


def test_a_turn_line_says_what_was_read_waited_for_and_done() -> None:
    waits = ("clicks not shown yet", "unreadable cells", "unreadable cells",
             "answered a dialog with Enter")
    line = turn_line(3, _sight(looks=4, waits=waits), 812.4,
                     moves_summary([(0, 2), (0, 3)], [], proven_safe=True),
                     {"screenshot_to_clicks": 21.6, "analyze": 4.2})
    assert line == (
        "turn 3: read 4x4: 4 closed, 11 open, 1 flags, 0 unreadable; playing; "
        "4 looks in 812 ms, waited for: clicks not shown yet, unreadable cells x2, "
        "answered a dialog with Enter; opened 2 cells (proven safe); "
        "22 ms screenshot to clicks (analysis 4 ms)")


def test_waits_and_moves_read_plainly_when_there_were_none() -> None:
    assert wait_summary(_sight(), None) == "1 look"
    assert moves_summary([(3, 2)], [], proven_safe=False) == "guessed (3, 2)"
    assert moves_summary([], [(0, 1), (0, 2)], proven_safe=False) == "flagged 2 mines"


def test_a_played_game_logs_where_the_board_is_every_turn_and_its_end(
        caplog: pytest.LogCaptureFixture) -> None:
    width, height, mines = INTERMEDIATE
    screen = SimulatedScreen(width, height, mines, "safe", seeds=lambda: 5)
    player = Player(screen, LocalDecider(), PlayOptions(games=1, mines=mines))
    with caplog.at_level(logging.INFO, logger="sweeper.play"):
        summary = player.play()
    lines = [record.getMessage() for record in caplog.records]
    assert summary.errors == [] and summary.results
    assert re.fullmatch(r"board found at left=40 top=60 width=256 height=256: "
                        r"16x16, 40 mines, safe; \d+ looks?(, waited for: .*)?",
                        lines[0]), lines[0]
    turns = [line for line in lines if line.startswith("turn ")]
    assert len(turns) == summary.results[0].steps
    # the board found, then looked at again once its count was read
    assert turns[0].startswith("turn 1: read 16x16: 256 closed, 0 open, 0 flags, "
                               "0 unreadable; playing; 2 looks")
    assert all(re.search(r"; \d+ looks? in \d+ ms", line) for line in turns[1:])
    assert lines[-1].startswith(f"game over: {summary.results[0].result}; read 16x16")
