"""Whether the game takes the clicks: idle turns end a game, missed presses get the
pointer resting on each cell for the rest of the run."""

from __future__ import annotations

import numpy as np
import pytest

from sweeper.coordinator.outcome import PlayError
from sweeper.coordinator.progress import (
    MAX_IDLE_TURNS,
    MAX_REST_MS,
    REST_AFTER_MISSES,
    REST_MS,
    Progress,
)
from sweeper.coordinator.watch import Sight
from sweeper.core import Board, parse_board
from sweeper.recognizer import Recognition

BEFORE = parse_board("....\n....\n")
OPENED = parse_board("1...\n....\n")
CLICKED = [(0, 0)]


def _sight(board: Board) -> Sight:
    return Sight(board, "playing", Recognition(board, "playing", None, None),
                 np.zeros((1, 1, 3), np.uint8), 0.0)


def test_a_game_that_ignores_the_clicks_is_given_up() -> None:
    progress = Progress()
    for _ in range(MAX_IDLE_TURNS - 1):
        progress.check(_sight(BEFORE), _sight(BEFORE), CLICKED)
    with pytest.raises(PlayError, match=f"did not respond to {MAX_IDLE_TURNS} rounds"):
        progress.check(_sight(BEFORE), _sight(BEFORE), CLICKED)


def test_a_turn_that_opens_a_cell_starts_the_count_again() -> None:
    progress = Progress()
    for _ in range(MAX_IDLE_TURNS - 1):
        progress.check(_sight(BEFORE), _sight(BEFORE), CLICKED)
    progress.check(_sight(BEFORE), _sight(OPENED), CLICKED)
    for _ in range(MAX_IDLE_TURNS - 1):
        progress.check(_sight(BEFORE), _sight(BEFORE), CLICKED)
    # no error: the turn that opened a cell counted as progress (the misses before it
    # made the pointer rest, those since make it rest longer)
    assert progress.rest_ms == 2 * REST_MS


def test_missed_presses_make_the_pointer_rest_for_the_rest_of_the_run() -> None:
    progress = Progress()
    for _ in range(REST_AFTER_MISSES - 1):
        progress.check(_sight(BEFORE), _sight(BEFORE), CLICKED)
    assert progress.rest_ms == 0
    progress.check(_sight(BEFORE), _sight(BEFORE), CLICKED)
    assert progress.rest_ms == REST_MS
    progress.new_game()
    progress.check(_sight(BEFORE), _sight(OPENED), CLICKED)
    assert progress.rest_ms == REST_MS


def test_presses_missed_while_resting_double_the_rest_up_to_its_most() -> None:
    progress = Progress()
    rests = []
    for _ in range(6 * REST_AFTER_MISSES):  # turns that open a cell but miss another
        progress.check(_sight(BEFORE), _sight(OPENED), [*CLICKED, (1, 1)])
        rests.append(progress.rest_ms)
    assert rests[REST_AFTER_MISSES - 1] == REST_MS
    assert max(rests) == MAX_REST_MS and sorted(rests) == rests
    assert REST_MS * 2 in rests and REST_MS * 4 in rests


def test_clicks_an_ended_game_ignored_leave_the_rest_as_it_was() -> None:
    progress = Progress()
    progress.check(_sight(BEFORE), _sight(OPENED), [*CLICKED, (1, 1)])  # one missed
    with pytest.raises(PlayError):
        for _ in range(MAX_IDLE_TURNS):  # the game ended without drawing it
            progress.check(_sight(OPENED), _sight(OPENED), [(1, 1)])
    assert progress.rest_ms >= REST_MS  # grown by the turns that changed nothing
    progress.idle_was_the_end()
    assert progress.rest_ms == 0
