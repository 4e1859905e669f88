"""The simulator layer: rules as the analyzer sees them, win/loss, determinism, summaries."""

from __future__ import annotations

from sweeper.coordinator.simulate import (
    Config,
    SeededGame,
    game_seeds,
    play_game,
    play_games,
    summarize,
    summary_json,
)
from sweeper.core import (
    BEGINNER,
    INTERMEDIATE,
    UNOPENED,
    Board,
    BoardSize,
    Cell,
    Rules,
    parse_board,
)


class Recorder:
    """A turn that opens one fixed first cell, then unopened cells in row-major order."""

    def __init__(self, first: Cell) -> None:
        self.first = first
        self.boards: list[Board] = []

    def __call__(self, board: Board, total_mines: int, rules: Rules) -> tuple[list[Cell], Cell]:
        self.boards.append(board)
        if len(self.boards) == 1:
            return [], self.first
        return [], board.cells_where(UNOPENED)[0]


def _board_after_first_click(config: Config, seed: int, first: Cell) -> Board:
    recorder = Recorder(first)
    play_game(config, seed, recorder)
    return recorder.boards[1] if len(recorder.boards) > 1 else Board.unopened(1, 1)


def test_first_click_is_never_a_mine_under_safe_rules() -> None:
    # dense: a random cell would almost always be a mine
    config = Config(BoardSize(8, 8, 60), "safe")
    for seed in range(30):
        board = _board_after_first_click(config, seed, (3, 3))
        assert board[3, 3] >= 0


def test_first_click_is_a_zero_that_cascades_under_opening_rules() -> None:
    config = Config(INTERMEDIATE, "opening")
    for seed in range(20):
        board = _board_after_first_click(config, seed, (7, 7))
        assert board[7, 7] == 0
        assert all(board[cell] >= 0 for cell in board.neighbours((7, 7)))
        assert len(board.cells_where(UNOPENED)) < 16 * 16 - 9  # the 0s spread further


def test_reckless_play_is_lost_and_reported_so() -> None:
    config = Config(BoardSize(5, 5, 10), "safe")
    results = [play_game(config, seed, Recorder((0, 0))) for seed in range(10)]
    assert any(not result.won for result in results)
    for result in results:
        assert ("*" in result.final_board) == (not result.won)
        if result.won:
            assert "." not in result.final_board


def test_the_analyzer_wins_a_board_without_guesses() -> None:
    result = play_game(Config(BoardSize(6, 6, 0), "safe"), seed=1)
    assert result.won
    assert (result.turns, result.guesses) == (1, 0)  # with no mines every cell is proved safe
    assert parse_board(result.final_board) == parse_board("000000\n" * 6)


def test_the_analyzer_plays_whole_games_and_times_them() -> None:
    results = [play_game(Config(BEGINNER, "safe"), seed) for seed in range(10)]
    assert sum(result.won for result in results) >= 6
    assert all(result.turns >= 1 and result.compute_ms >= 0 for result in results)
    assert all(result.guesses >= 1 for result in results)


def test_results_do_not_depend_on_the_worker_count() -> None:
    config = Config(BEGINNER, "safe")
    alone = sorted(play_games(config, 12, 500, workers=1), key=lambda r: r.seed)
    shared = sorted(play_games(config, 12, 500, workers=2), key=lambda r: r.seed)
    assert [r.seed for r in alone] == list(range(500, 512))
    assert _outcomes(alone) == _outcomes(shared)


def test_one_game_with_a_game_seed_replays_that_game() -> None:
    config = Config(BEGINNER, "safe")
    run = sorted(play_games(config, 5, 40, workers=1), key=lambda r: r.seed)
    replay = list(play_games(config, 1, game_seeds(40, 5)[3], workers=1))
    assert _outcomes(replay) == _outcomes(run[3:4])


def test_summary_counts_wins_and_lists_lost_seeds() -> None:
    results = [
        SeededGame(seed, won, ms, 3, 1, "")
        for seed, won, ms in [(7, False, 10.0), (3, True, 30.0), (5, False, 20.0), (9, True, 40.0)]
    ]
    summary = summarize(results)
    assert (summary.games, summary.wins, summary.win_rate) == (4, 2, 0.5)
    assert summary.lost_seeds == (5, 7)
    assert summary.ms_median == 25.0
    assert 30.0 < summary.ms_p95 <= 40.0
    line = summary_json(summary, Config(BEGINNER, "safe"), 3)
    assert line["games"] == 4 and line["wins"] == 2 and line["win_rate"] == 0.5
    assert 0 < line["ci95"] < 0.5
    assert line["ms_per_game_median"] == 25.0


def _outcomes(results: list[SeededGame]) -> list[tuple[int, bool, int, int, str]]:
    return [(r.seed, r.won, r.turns, r.guesses, r.final_board) for r in results]
