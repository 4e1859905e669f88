"""A board that could not follow the previous one is caught, cell by cell."""

from sweeper.coordinator.consistency import (
    impossible_changes,
    newly_opened,
    too_few_closed,
)
from sweeper.core import parse_board

BEFORE = parse_board("..1\n.F1\n111\n")


def test_opening_cells_is_a_legal_change() -> None:
    after = parse_board("011\n1F1\n111\n")
    assert impossible_changes(BEFORE, after) == []
    assert newly_opened(BEFORE, after) == 3


def test_a_number_that_changes_or_closes_is_caught() -> None:
    assert impossible_changes(BEFORE, parse_board("..2\n.F1\n111\n")) == [(0, 2)]
    assert impossible_changes(BEFORE, parse_board("...\n.F1\n111\n")) == [(0, 2)]


def test_flags_change_only_where_the_bot_right_clicked() -> None:
    after = parse_board("F.1\n..1\n111\n")
    assert impossible_changes(BEFORE, after) == [(0, 0), (1, 1)]
    assert impossible_changes(BEFORE, after, flag_toggled=[(0, 0), (1, 1)]) == []


def test_revealed_mines_are_allowed_and_a_resized_board_is_all_wrong() -> None:
    assert impossible_changes(BEFORE, parse_board("*.1\n.F1\n111\n")) == []
    assert len(impossible_changes(BEFORE, parse_board("..\n..\n"))) == 4


def test_an_ended_game_may_flag_or_reveal_its_mines_but_never_change_an_opened_cell() -> None:
    assert impossible_changes(BEFORE, parse_board("FF1\n*F1\n111\n"), ended=True) == []
    assert impossible_changes(BEFORE, parse_board("*.1\n.F*\n111\n"), ended=True) == [(1, 2)]


def test_hidden_cells_are_not_checked() -> None:
    after = parse_board("...\n.F.\n...\n")
    assert len(impossible_changes(BEFORE, after, ended=True)) == 5
    hidden = [(0, 2), (1, 2), (2, 0), (2, 1), (2, 2)]
    assert impossible_changes(BEFORE, after, ended=True, hidden=hidden) == []


def test_a_board_with_fewer_closed_cells_than_mines_is_no_board_of_the_game() -> None:
    blank = parse_board("000\n000\n000\n")  # a window whose tiles are not drawn yet
    assert too_few_closed(blank, 3) is not None and "0 closed" in str(too_few_closed(blank, 3))
    assert too_few_closed(BEFORE, 2) is None  # two unopened, one flag
    assert too_few_closed(parse_board("*1\n11\n"), 1) is None  # a mine shown counts
    assert too_few_closed(blank, None) is None  # the count unknown: nothing to check
