"""The results file of ``sweeper simulate --out``: lines written, read back, cut-off lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from sweeper.coordinator.game_log import GameLog, GameLogError, game_line, read_games
from sweeper.coordinator.simulate import Config, SeededGame
from sweeper.core import BEGINNER, EXPERT

CONFIG = Config(BEGINNER, "safe")
GAMES = [
    SeededGame(3, True, 12.5, 6, 1, "", clicks=30, policy="default"),
    SeededGame(4, False, 2.25, 2, 2, "", clicks=2, policy="safest"),
]


def test_lines_read_back_as_written(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    with GameLog(path) as log:
        for game in GAMES:
            log.append(CONFIG, game)
    logged = read_games(path)
    assert [line.game for line in logged] == GAMES
    assert {line.config for line in logged} == {CONFIG}


def test_a_line_cut_short_is_dropped_and_then_cut_off(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    path.write_text(game_line(CONFIG, GAMES[0]) + "\n" + game_line(CONFIG, GAMES[1])[:40])
    assert [line.game for line in read_games(path)] == GAMES[:1]
    with GameLog(path) as log:
        log.append(CONFIG, GAMES[1])
    assert [line.game for line in read_games(path)] == GAMES
    assert path.read_text().count("\n") == 2


def test_the_unfinished_tail_is_found_past_a_long_file(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    whole = (game_line(CONFIG, GAMES[0]) + "\n") * 1000
    path.write_text(whole + "x" * 70_000)  # a tail longer than one block read backwards
    with GameLog(path):
        pass
    assert path.read_text() == whole


def test_a_missing_file_holds_no_games(tmp_path: Path) -> None:
    assert read_games(tmp_path / "none.jsonl") == []


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("not json", "line 2: not a game's result line"),
        ("[1, 2]", "not a JSON object"),
        ('{"seed": 1}', "missing 'result'"),
        (game_line(CONFIG, GAMES[0]).replace('"won"', '"draw"'), "'draw' is not won or lost"),
        (game_line(CONFIG, GAMES[0]).replace('"seed": 3', '"seed": "3"'), "not an integer"),
        (game_line(CONFIG, GAMES[0]).replace('"clicks": 30', '"clicks": -1'), "negative"),
        (game_line(Config(EXPERT, "safe"), GAMES[0]).replace('"safe"', '"easy"'), "'easy'"),
    ],
)
def test_a_bad_line_is_named(tmp_path: Path, line: str, message: str) -> None:
    path = tmp_path / "run.jsonl"
    path.write_text(game_line(CONFIG, GAMES[0]) + "\n" + line + "\n")
    with pytest.raises(GameLogError, match=r"run\.jsonl line 2") as error:
        read_games(path)
    assert message in str(error.value)
