"""The page's own numbers checked against its own mines: hedayatpour-svg's count skips
the row above the first cell of its second row (its neighbour loop starts at index -1
and passes over that whole row), so (1, 0) showed 0 beside its mine at (0, 1) and the
bot stopped on a board that was the page's fault."""

from __future__ import annotations

from sweeper.practice import miscounted_numbers

# the top-left corner of the page as it stood when the run stopped (its truth)
SHOWN = ["1.2.", "0121"]
MINES = [".*.*", "...."]


def test_a_number_that_does_not_count_its_mines_is_named() -> None:
    assert miscounted_numbers(SHOWN, MINES) == [(1, 0)]


def test_a_page_that_counts_right_has_none() -> None:
    assert miscounted_numbers(["1.2.", "1121"], MINES) == []
    assert miscounted_numbers(["....", "...."], MINES) == []
