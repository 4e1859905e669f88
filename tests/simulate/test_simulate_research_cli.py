"""``sweeper simulate --out/--summary/--policy/--compare``: resuming, the file's summary,
paired comparisons and their errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sweeper.cli import main
from sweeper.coordinator.game_log import game_line, read_games
from sweeper.coordinator.guess_presets import PRESET_HELP, guess_options, preset_names
from sweeper.coordinator.simulate import Config, SeededGame
from sweeper.core import BEGINNER, EXPERT

BEGINNER_RUN = ["simulate", "--difficulty", "beginner", "--games", "12", "--seed", "40"]


def _last_json(out: str) -> dict[str, Any]:
    line: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return line


def _per_seed(path: Path) -> list[tuple[int, str, bool, int, int, int]]:
    """What a game's line says of its play (not the analyzer's time), by seed."""
    return sorted((line.game.seed, line.game.policy, line.game.won, line.game.clicks,
                   line.game.turns, line.game.guesses) for line in read_games(path))


def test_a_stopped_run_resumes_where_it_stopped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    whole, resumed = tmp_path / "whole.jsonl", tmp_path / "resumed.jsonl"
    assert main([*BEGINNER_RUN, "--workers", "2", "--out", str(whole), "--json"]) == 0
    uninterrupted = _last_json(capsys.readouterr().out)
    # stopped after 5 games, killed while writing the 6th line
    lines = whole.read_text().splitlines(keepends=True)
    resumed.write_text("".join(lines[:5]) + lines[5][:30])
    assert main([*BEGINNER_RUN, "--workers", "1", "--out", str(resumed), "--json"]) == 0
    out = capsys.readouterr().out
    assert f"skipped 5 games already in {resumed}" in out
    assert _per_seed(resumed) == _per_seed(whole)
    assert [line.game.seed for line in read_games(resumed)][:5] == [
        line.game.seed for line in read_games(whole)][:5]
    after = _last_json(out)
    assert {key: after[key] for key in ("games", "wins", "lost_seeds_first")} == {
        key: uninterrupted[key] for key in ("games", "wins", "lost_seeds_first")}
    # run again: nothing left to play
    assert main([*BEGINNER_RUN, "--out", str(resumed)]) == 0
    assert "skipped 12 games" in capsys.readouterr().out
    assert len(read_games(resumed)) == 12


def test_the_summary_from_the_file_is_the_runs_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "run.jsonl"
    assert main([*BEGINNER_RUN, "--workers", "2", "--out", str(path), "--json"]) == 0
    run = _last_json(capsys.readouterr().out)
    assert main(["simulate", "--summary", str(path), "--json"]) == 0
    out = capsys.readouterr().out
    assert _last_json(out) == run
    assert "seeds 40..51" in out


def test_a_preset_compared_with_itself_differs_on_no_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "self.jsonl"
    arguments = ["simulate", "--difficulty", "beginner", "--games", "6", "--seed", "7",
                 "--workers", "2", "--compare", "default", "default", "--json"]
    assert main([*arguments, "--out", str(path)]) == 0
    report = _last_json(capsys.readouterr().out)
    assert report["pairs"] == 6
    assert (report["only_first"], report["only_second"]) == (0, 0)
    assert report["first_wins"] == report["second_wins"]
    assert report["differing_seeds"] == []
    assert report["mcnemar_p"] == 1.0
    assert len(read_games(path)) == 12  # every seed played twice


def test_two_presets_are_compared_and_the_file_gives_the_same_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "compare.jsonl"
    arguments = ["simulate", "--difficulty", "intermediate", "--games", "6", "--seed", "3",
                 "--workers", "2", "--compare", "default", "safest", "--json"]
    assert main([*arguments, "--out", str(path)]) == 0
    out = capsys.readouterr().out
    report = _last_json(out)
    assert "McNemar exact p" in out
    assert report["pairs"] == 6
    assert report["first_wins"] - report["second_wins"] == (
        report["only_first"] - report["only_second"])
    assert len(report["differing_seeds"]) == report["only_first"] + report["only_second"]
    assert report["difference_ci95_low"] <= report["difference"] <= report[
        "difference_ci95_high"]
    assert {line.game.policy for line in read_games(path)} == {"default", "safest"}
    assert main(["simulate", "--summary", str(path), "--compare", "default", "safest",
                 "--json"]) == 0
    assert _last_json(capsys.readouterr().out) == report


def test_a_preset_plays_its_own_games(tmp_path: Path) -> None:
    path = tmp_path / "safest.jsonl"
    arguments = ["simulate", "--difficulty", "intermediate", "--games", "4", "--seed", "3",
                 "--workers", "1", "--out", str(path)]
    assert main([*arguments, "--policy", "safest"]) == 0
    assert main(arguments) == 0  # the default preset's games are others: none skipped
    logged = [line.game for line in read_games(path)]
    assert [game.policy for game in logged] == ["safest"] * 4 + ["default"] * 4


def test_every_preset_has_its_options_and_help() -> None:
    assert preset_names()[0] == "default"
    assert guess_options("default") == guess_options("default")
    assert len({guess_options(name) for name in preset_names()}) == len(PRESET_HELP)
    with pytest.raises(ValueError, match="unknown policy preset 'x'"):
        guess_options("x")


def _file(folder: Path, *games: tuple[Config, SeededGame]) -> str:
    folder.mkdir()
    path = folder / "games.jsonl"
    path.write_text("".join(game_line(config, game) + "\n" for config, game in games))
    return str(path)


BEGINNER_GAME = (Config(BEGINNER, "safe"), SeededGame(40, True, 1.0, 2, 1, "", 9, "default"))
EXPERT_GAME = (Config(EXPERT, "safe"), SeededGame(1, True, 1.0, 2, 1, "", 9, "default"))
SAFEST_GAME = (Config(BEGINNER, "safe"), SeededGame(40, True, 1.0, 2, 1, "", 9, "safest"))


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--policy", "bold"], "unknown policy preset 'bold': expected one of default,"),
        (["--compare", "default", "bold"], "unknown policy preset 'bold'"),
        (["--compare", "default", "safest", "--policy", "wide"], "not both"),
        (["--summary", "{tmp}/none.jsonl"], "--summary {tmp}/none.jsonl: no such file"),
        (["--summary", "{beginner}", "--difficulty", "expert"], "drop --difficulty"),
        (["--summary", "{beginner}", "--out", "x.jsonl"], "drop --out"),
        (["--summary", "{mixed}"], "holds games of 2 kinds of board"),
        (["--summary", "{presets}"], "presets default, safest: choose one with --policy"),
        (["--summary", "{beginner}", "--policy", "wide"], "holds no game of preset wide"),
        (["--summary", "{beginner}", "--compare", "default", "safest"], "no seed played under"),
        ([*BEGINNER_RUN[1:], "--out", "{expert}"],
         "holds games of 30x16 with 99 mines, safe rules, this run plays 9x9 with 10 mines"),
        ([*BEGINNER_RUN[1:], "--out", "{garbage}"], "garbage.jsonl line 1: not a game's"),
        ([*BEGINNER_RUN[1:], "--out", "{tmp}"], "cannot read it"),
    ],
)
def test_bad_options_get_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], arguments: list[str], message: str
) -> None:
    garbage = tmp_path / "garbage.jsonl"
    garbage.write_text("{\n")
    places = {
        "tmp": str(tmp_path),
        "beginner": _file(tmp_path / "b", BEGINNER_GAME),
        "expert": _file(tmp_path / "e", EXPERT_GAME),
        "mixed": _file(tmp_path / "m", BEGINNER_GAME, EXPERT_GAME),
        "presets": _file(tmp_path / "p", BEGINNER_GAME, SAFEST_GAME),
        "garbage": str(garbage),
    }
    filled = [argument.format(**places) for argument in arguments]
    code = main(["simulate", *filled])
    err = capsys.readouterr().err
    assert code == 2
    assert message.format(**places) in err
    assert len(err.strip().splitlines()) == 1


def test_a_local_cluster_plays_the_pools_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("distributed")
    pool, cluster = tmp_path / "pool.jsonl", tmp_path / "cluster.jsonl"
    assert main([*BEGINNER_RUN, "--workers", "2", "--out", str(pool)]) == 0
    assert main([*BEGINNER_RUN, "--workers", "2", "--cluster", "auto", "--out", str(cluster),
                 "--policy", "default"]) == 0
    assert _per_seed(cluster) == _per_seed(pool)
    assert "workers" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--cluster", "auto", "--record", "{tmp}/rec"], "--record writes on this machine"),
        (["--cluster", " "], "is not 'auto' or a scheduler's address"),
        (["--cluster", "x" * 300], "is not 'auto' or a scheduler's address"),
        (["--cluster", "tcp://10.0.0.5:99999"], "is not 'auto' or a scheduler's address"),
        (["--cluster", "tcp://10.0.0.5"], "is not 'auto' or a scheduler's address"),
    ],
)
def test_bad_cluster_options_get_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], arguments: list[str], message: str
) -> None:
    code = main([*BEGINNER_RUN, *[argument.format(tmp=tmp_path) for argument in arguments]])
    err = capsys.readouterr().err
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1
