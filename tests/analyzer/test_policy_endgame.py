"""The exact endgame search against a brute-force game tree on tiny boards."""

from __future__ import annotations

import itertools
import random
import time
from functools import cache

import numpy as np
import pytest

from sweeper.analyzer.constraints import read_problem
from sweeper.analyzer.endgame import best_endgame_move, list_solutions, win_probability
from sweeper.coordinator import Game
from sweeper.core import EXPERT, Board, Cell, parse_board


def _layouts(board: Board, mines: int) -> list[frozenset[Cell]]:
    """Every mine layout that fits the board, by trying all of them."""
    unknown = board.cells_where(-1)
    numbers = [cell for code in range(9) for cell in board.cells_where(code)]
    fitting = []
    for chosen in itertools.combinations(unknown, mines):
        mined = frozenset(chosen)
        if all(sum(n in mined for n in board.neighbours(cell)) == board[cell] for cell in numbers):
            fitting.append(mined)
    return fitting


def _brute_force(board: Board, mines: int) -> float:
    """Best-play winning probability by a plain game tree over layouts (no shortcuts)."""
    unknown = tuple(board.cells_where(-1))

    @cache
    def value(layouts: frozenset[frozenset[Cell]], opened: frozenset[Cell]) -> float:
        if len(layouts) == 1:
            return 1.0
        best = 0.0
        for cell in unknown:
            if cell in opened:
                continue
            groups: dict[int, set[frozenset[Cell]]] = {}
            for layout in layouts:
                if cell not in layout:
                    shown = sum(n in layout for n in board.neighbours(cell))
                    groups.setdefault(shown, set()).add(layout)
            if not groups:
                continue
            wins = sum(
                len(group) * value(frozenset(group), opened | {cell}) for group in groups.values()
            )
            best = max(best, wins / len(layouts))
        return best

    return value(frozenset(_layouts(board, mines)), frozenset())


def _random_position(rng: random.Random, size: int, mines: int) -> tuple[Board, int]:
    cells = [(r, c) for r in range(size) for c in range(size)]
    layout = np.zeros((size, size), dtype=bool)
    for cell in rng.sample(cells, mines):
        layout[cell] = True
    game = Game.with_layout(layout)
    safe = [cell for cell in cells if not layout[cell]]
    for cell in rng.sample(safe, rng.randint(2, 4)):
        if game.status == "playing":
            game.open(*cell)
    return game.board, mines


def test_two_cell_fifty_fifty_is_worth_one_half() -> None:
    board = parse_board("1.\n1.\n")
    problem = read_problem(board, 1)
    move = best_endgame_move(problem)
    assert move is not None
    assert move.win_probability == pytest.approx(0.5)
    assert move.solutions == 2


def test_listing_matches_all_layouts() -> None:
    board = parse_board("..1\n..1\n111\n")
    problem = read_problem(board, 2)
    listed = list_solutions(problem)
    assert listed is not None
    assert set(listed) == set(_layouts(board, 2))


def test_listing_gives_up_past_the_limit() -> None:
    problem = read_problem(Board.unopened(4, 4), 5)
    assert list_solutions(problem, limit=100) is None


@pytest.mark.parametrize("seed", range(40))
def test_search_matches_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    while True:  # a position still being played, small enough for the brute force
        board, mines = _random_position(rng, 4, rng.randint(2, 4))
        if np.any(board.cells == -1) and len(_layouts(board, mines)) <= 40:
            break
    problem = read_problem(board, mines)
    expected = _brute_force(board, mines)
    assert win_probability(problem, limit=5000, max_nodes=10**6) == pytest.approx(expected)


def test_search_gives_up_once_its_deadline_has_passed() -> None:
    problem = read_problem(Board.unopened(3, 4), 3)  # 220 placements, well past 256 nodes
    assert best_endgame_move(problem) is not None
    assert best_endgame_move(problem, deadline=time.perf_counter() - 1) is None


def _sparse_expert_board() -> Board:
    """30x16, all unopened but a 2 in the corner and an 8 mid-board: 1401 placements whose
    game tree runs hundreds of reveals deep."""
    cells = np.full((EXPERT.height, EXPERT.width), -1, dtype=np.int8)
    cells[0, 0], cells[7, 21] = 2, 8
    return Board(cells)


def test_a_game_tree_too_deep_to_search_is_given_up_not_crashed() -> None:
    problem = read_problem(_sparse_expert_board(), 11)
    assert best_endgame_move(problem) is None


def test_a_frontier_too_long_to_list_is_not_listed() -> None:
    width = 600  # a row of 598 frontier cells between two opened rows: two placements
    layout = np.zeros((3, width), dtype=bool)
    layout[1, ::3] = True
    game = Game.with_layout(layout)
    for col in range(width):
        game.open(0, col)
        game.open(2, col)
    problem = read_problem(game.board, int(layout.sum()))
    assert len(problem.frontier) > 500
    assert list_solutions(problem) is None
