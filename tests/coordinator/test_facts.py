"""The game's facts: one frozen value for the board's size, mine count and rules."""

from __future__ import annotations

import dataclasses

import pytest

from sweeper.coordinator.facts import GameFacts


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
