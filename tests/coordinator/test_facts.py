"""The game's facts: one frozen value for the board's size, mine count and rules."""

from __future__ import annotations

import dataclasses

import pytest

from sweeper.coordinator.facts import ASSUMED_COUNT_SLACK, MINE_COUNT_SLACK, GameFacts


def test_a_standard_board_knows_its_mines_and_a_stated_count_wins() -> None:
    expert = GameFacts(rows=16, cols=30, rules="safe")
    assert expert.mines == 99
    assert expert.with_mines(98).mines == 98 and expert.mines == 99  # a new value
    assert GameFacts(rows=7, cols=9, rules="safe").mines is None
    assert GameFacts(rows=7, cols=9, rules="safe", stated_mines=10).mines == 10
    assert expert.describe() == "30x16, 99 mines, safe"


def test_facts_cannot_be_changed_in_place() -> None:
    facts = GameFacts(rows=9, cols=9, rules="opening")
    with pytest.raises(dataclasses.FrozenInstanceError):
        facts.stated_mines = 3  # type: ignore[misc]


def test_a_count_shown_wins_over_the_standard_one_which_is_only_assumed() -> None:
    expert = GameFacts(rows=16, cols=30, rules="safe")
    assert expert.mines_from == "standard" and expert.known_mines is None
    assert expert.fewest_mines == 99 - ASSUMED_COUNT_SLACK  # a density may lay fewer
    shown = dataclasses.replace(expert, shown_mines=120)
    assert (shown.mines, shown.mines_from, shown.known_mines) == (120, "screen", 120)
    assert shown.fewest_mines == 120 - MINE_COUNT_SLACK
    stated = dataclasses.replace(shown, stated_mines=98)
    assert (stated.mines, stated.mines_from, stated.known_mines) == (98, "stated", 98)
    assert GameFacts(rows=7, cols=9, rules="safe").fewest_mines is None
