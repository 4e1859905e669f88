"""Board text: the one format read and written everywhere."""

import pytest

from sweeper.core import (
    FLAG,
    MINE,
    UNOPENED,
    Board,
    BoardError,
    format_board,
    mine_count,
    parse_board,
)


def test_round_trip_keeps_every_character() -> None:
    text = ".F*0\n1234\n5678\n"
    board = parse_board(text)
    assert (board.height, board.width) == (3, 4)
    assert board[(0, 0)] == UNOPENED and board[(0, 1)] == FLAG and board[(0, 2)] == MINE
    assert board[(2, 3)] == 8
    assert format_board(board) == text


def test_final_newline_and_trailing_blank_lines_are_optional() -> None:
    assert parse_board("..\n12") == parse_board("..\n12\n\n\n")
    assert parse_board("..\r\n12\r\n") == parse_board("..\n12\n")


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("..\n.x\n", "row 1, column 1: unknown cell character 'x'"),
        ("...\n..\n", "row 1 has 2 cells but row 0 has 3"),
        ("..\n\n..\n", "row 1 has 0 cells"),
        ("", "the board is empty"),
        ("\n\n", "the board is empty"),
        ("9.\n", "row 0, column 0: unknown cell character '9'"),
    ],
)
def test_bad_text_names_the_row_and_column(text: str, fragment: str) -> None:
    with pytest.raises(BoardError, match=fragment):
        parse_board(text)


def test_neighbours_stay_on_the_board() -> None:
    board = Board.unopened(3, 4)
    assert sorted(board.neighbours((0, 0))) == [(0, 1), (1, 0), (1, 1)]
    assert len(list(board.neighbours((1, 1)))) == 8
    assert board.is_fresh and not parse_board("0.\n").is_fresh


def test_counts_of_a_code_and_of_the_cells_that_may_hold_a_mine() -> None:
    board = parse_board(".F*\n012\n..8\n")
    assert board.count(UNOPENED) == 3
    assert board.count(FLAG) == 1
    assert board.unrevealed == 5


def test_the_expert_board_turned_upright_is_a_standard_size() -> None:
    """Games laid out for a tall window draw the expert board 16 columns wide and 30 rows
    high, and show no mine count: its won boards are told by the standard count."""
    assert mine_count(16, 30) == 99
    assert mine_count(30, 16) == 99
    assert mine_count(30, 17) is None
