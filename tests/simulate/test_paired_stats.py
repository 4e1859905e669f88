"""McNemar's exact test and the paired interval, on examples worked out by hand."""

from __future__ import annotations

import pytest

from sweeper.coordinator.compare import compare
from sweeper.coordinator.simulate import SeededGame
from sweeper.coordinator.stats import mcnemar_exact_p, paired_difference_interval


@pytest.mark.parametrize(
    ("only_first", "only_second", "p_value"),
    [
        (2, 8, 2 * (1 + 10 + 45) / 1024),  # 0.109375: C(10,0..2) over 2^10, both tails
        (8, 2, 0.109375),  # symmetric
        (0, 6, 2 / 64),  # all six discordant pairs one way
        (0, 0, 1.0),  # no discordant pair says nothing
        (5, 5, 1.0),  # an even split: the two tails overlap, capped at 1
        (1, 0, 1.0),
    ],
)
def test_mcnemar_exact_p(only_first: int, only_second: int, p_value: float) -> None:
    assert mcnemar_exact_p(only_first, only_second) == pytest.approx(p_value, abs=1e-12)


def test_mcnemar_exact_p_stays_exact_for_many_pairs() -> None:
    # 1000 discordant pairs split 500/500: p = 1; split 440/560: far below 0.05
    assert mcnemar_exact_p(500, 500) == 1.0
    assert 0 < mcnemar_exact_p(440, 560) < 0.001


def test_paired_interval_by_hand() -> None:
    # 10 won by the first only, 2 by the second only, 100 pairs:
    # p1 = 11/102, p2 = 3/102, d = 8/102, se = sqrt((14/102 - d^2) / 102) = 0.0358516
    low, high = paired_difference_interval(10, 2, 100)
    assert low == pytest.approx(0.078431 - 1.959964 * 0.0358516, abs=1e-5)
    assert high == pytest.approx(0.078431 + 1.959964 * 0.0358516, abs=1e-5)


def test_paired_interval_with_no_discordant_pair_straddles_zero() -> None:
    low, high = paired_difference_interval(0, 0, 1000)
    assert low == pytest.approx(-high)
    assert 0 < high < 0.005


def test_compare_pairs_games_by_seed() -> None:
    games = [
        SeededGame(1, True, 1.0, 1, 1, "", policy="a"),
        SeededGame(1, False, 1.0, 1, 1, "", policy="b"),
        SeededGame(2, True, 1.0, 1, 1, "", policy="a"),
        SeededGame(2, True, 1.0, 1, 1, "", policy="b"),
        SeededGame(3, False, 1.0, 1, 1, "", policy="a"),
        SeededGame(3, True, 1.0, 1, 1, "", policy="b"),
        SeededGame(4, True, 1.0, 1, 1, "", policy="b"),  # no pair: left out
    ]
    comparison = compare(games, "a", "b")
    assert (comparison.pairs, comparison.first_wins, comparison.second_wins) == (3, 2, 2)
    assert (comparison.only_first, comparison.only_second) == ((1,), (3,))
    assert comparison.differing == [(1, "a"), (3, "b")]
    assert comparison.difference == 0.0
    assert comparison.p_value == 1.0
