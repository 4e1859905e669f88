"""Whether the game takes the clicks: idle turns end a game (or are its end, where the
presses ignored could have ended it), missed presses get the pointer resting on each cell
for the rest of the run."""

from __future__ import annotations

import numpy as np
import pytest

from sweeper.coordinator.decide import Decision
from sweeper.coordinator.outcome import PlayError
from sweeper.coordinator.progress import (
    MAX_IDLE_TURNS,
    REST_AFTER_MISSES,
    REST_MS,
    Progress,
    unshown_end,
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
    # no error: the turn that opened a cell counted as progress (the misses since make
    # the pointer rest)
    assert progress.rest_ms == REST_MS


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


NEAR_END = parse_board("11.\n1..\n")  # three closed cells: the last of a game near its end


def _decision(safe: list[tuple[int, int]], chances: dict[tuple[int, int], float]) -> Decision:
    probabilities: list[list[float | None]] = [[None] * 3 for _ in range(2)]
    for (row, col), chance in chances.items():
        probabilities[row][col] = chance
    return Decision(safe=safe, mines=[], probabilities=probabilities, move=None,
                    elapsed_ms=0.0)


def test_the_last_safe_cells_unanswered_are_a_win_the_game_did_not_draw() -> None:
    decision = _decision([(0, 2), (1, 1)], {(0, 2): 0.0, (1, 1): 0.0, (1, 2): 1.0})
    assert unshown_end(NEAR_END, decision, [(0, 2), (1, 1)], total_mines=1) == "won"
    # with a count only assumed, no win is told by it: the game is given up as before
    assert unshown_end(NEAR_END, decision, [(0, 2), (1, 1)], total_mines=None) is None


def test_safe_cells_that_leave_safe_ones_closed_could_not_end_the_game() -> None:
    decision = _decision([(0, 2)], {(0, 2): 0.0, (1, 1): 0.5, (1, 2): 0.5})
    assert unshown_end(NEAR_END, decision, [(0, 2)], total_mines=1) is None


def test_an_unanswered_guess_went_off_unless_it_was_likelier_the_last_safe_cell() -> None:
    guess = _decision([], {(0, 2): 0.3, (1, 1): 0.3, (1, 2): 0.3})
    assert unshown_end(NEAR_END, guess, [(1, 1)], total_mines=1) == "lost"
    last_safe = parse_board("11.\n1F.\n")
    assert unshown_end(last_safe, _decision([], {(0, 2): 0.4, (1, 2): 0.6}), [(0, 2)],
                       total_mines=2) == "won"
    assert unshown_end(last_safe, _decision([], {(0, 2): 0.6, (1, 2): 0.4}), [(0, 2)],
                       total_mines=2) == "lost"


def test_a_game_that_stops_answering_presses_that_could_end_it_has_ended() -> None:
    progress = Progress()
    for _ in range(MAX_IDLE_TURNS - 1):
        assert progress.check(_sight(BEFORE), _sight(BEFORE), CLICKED, "lost") is None
    assert progress.rest_ms == REST_MS  # the misses made the pointer rest ...
    assert progress.check(_sight(BEFORE), _sight(BEFORE), CLICKED, "lost") == "lost"
    assert progress.rest_ms == 0  # ... until they were found to be the game's end
