"""A board's 3BV, the measure of the speed benchmarks, counted on boards small enough to
count by hand."""

from sweeper.practice import presses_to_win, three_bv


def test_one_opening_and_the_numbers_it_leaves() -> None:
    # the 0s on the left are one opening that reveals the 1s beside it; the cell between
    # the two mines on the right touches no 0, so it takes a press of its own
    mines = ["...*",
             "....",
             "...*"]
    assert three_bv(mines) == 2
    assert presses_to_win(mines, set()) == [(0, 0), (1, 3)]


def test_every_number_alone_when_there_is_no_opening() -> None:
    mines = ["*.*",
             ".*."]
    assert three_bv(mines) == 3


def test_cells_already_open_need_no_press() -> None:
    mines = ["...*",
             "....",
             "...*"]
    assert presses_to_win(mines, {(0, 0)}) == [(1, 3)]
    assert presses_to_win(mines, {(1, 3)}) == [(0, 0)]
