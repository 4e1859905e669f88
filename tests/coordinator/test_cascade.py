"""Of the proven-safe cells, only those no 0's cascade opens are pressed."""

from sweeper.coordinator.cascade import cells_to_press
from sweeper.core import parse_board

# the left two columns are open; every cell of columns 2-3 is proven safe, column 4 not
BOARD = parse_board("00...\n00...\n00...\n")
SAFE = [(row, col) for row in range(3) for col in (2, 3)]


def test_one_press_on_a_certain_zero_opens_its_group_and_what_touches_it() -> None:
    # column 2's cells have only open or safe neighbours: certain 0s, one group
    assert cells_to_press(BOARD, SAFE) == [(0, 2)]


def test_a_cell_with_an_unproven_neighbour_is_pressed_itself() -> None:
    board = parse_board("1....\n1....\n1....\n")
    safe = [(0, 1), (2, 3)]
    assert cells_to_press(board, safe) == [(0, 1), (2, 3)]


def test_separate_groups_of_zeros_each_get_a_press() -> None:
    board = parse_board("0.1.0\n0.1.0\n")
    safe = [(0, 1), (1, 1), (0, 3), (1, 3)]
    assert cells_to_press(board, safe) == [(0, 1), (0, 3)]
