"""``sweeper simulate`` on the command line: the JSON line and clear errors."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time

import pytest

from sweeper.cli import main
from sweeper.core import BEGINNER, EXPERT


def test_json_is_the_last_line_with_the_contract_keys(capsys: pytest.CaptureFixture[str]) -> None:
    code = main([
        "simulate", "--difficulty", "beginner", "--rules", "safe",
        "--games", "4", "--seed", "11", "--workers", "1", "--json",
    ])
    out = capsys.readouterr().out
    assert code == 0
    figures = json.loads(out.strip().splitlines()[-1])
    assert figures["games"] == 4
    assert 0 <= figures["wins"] <= 4
    assert figures["win_rate"] == pytest.approx(figures["wins"] / 4)
    assert 0 < figures["ci95"] < 1
    assert figures["ms_per_game_median"] >= 0
    assert (figures["width"], figures["height"], figures["mines"]) == BEGINNER
    assert "win rate" in out


def test_custom_size_and_show_print_the_final_board(capsys: pytest.CaptureFixture[str]) -> None:
    code = main([
        "simulate", "--width", "5", "--height", "4", "--mines", "3", "--rules", "opening",
        "--games", "1", "--seed", "3", "--workers", "1", "--show",
    ])
    out = capsys.readouterr().out
    assert code == 0
    assert "game seed 3:" in out
    cell_chars = set(".F*012345678")
    board_lines = [line for line in out.splitlines() if len(line) == 5 and set(line) <= cell_chars]
    assert len(board_lines) == 4


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--difficulty", "expert", "--width", "9"], "not both"),
        (["--width", "9", "--height", "9"], "all three"),
        (["--width", "0", "--height", "9", "--mines", "1"], "at least 3x2, not 0x9"),
        (["--width", "2", "--height", "9", "--mines", "1"], "a narrower board is not found"),
        (["--width", "3", "--height", "3", "--mines", "9"], "does not fit"),
        (["--width", "5", "--height", "5", "--mines", "25"], "expected 0 to 24"),
        (["--width", "5", "--height", "5", "--mines", "-1"], "does not fit"),
        (["--difficulty", "expert", "--games", "0"], "--games must be 1 to 1000000, not 0"),
        (["--difficulty", "expert", "--games", "10000000000"], "--games must be 1 to 1000000"),
        (["--difficulty", "expert", "--workers", "0"], "--workers must be 1 to"),
        (["--difficulty", "expert", "--workers", "100000"], "per core), not 100000"),
        (
            ["--width", "100000", "--height", "100000", "--mines", "1"],
            "10000000000 cells (100000x100000), over the limit of 10000 cells",
        ),
        (["--width", "101", "--height", "100", "--mines", "1"], "over the limit of 10000"),
    ],
)
def test_bad_arguments_get_a_clear_error(
    arguments: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["simulate", *arguments])
    err = capsys.readouterr().err
    assert code == 2
    assert message in err
    assert "Traceback" not in err


def test_unknown_difficulty_is_refused_by_the_parser(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "--difficulty", "impossible"])
    assert exit_info.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


def test_no_board_given_means_expert(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--games", "1", "--workers", "1", "--json"])
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert code == 0
    assert (figures["width"], figures["height"], figures["mines"]) == EXPERT


def test_ctrl_c_prints_the_games_finished_and_exits_130() -> None:
    command = [sys.executable, "-m", "sweeper", "simulate", "--difficulty", "beginner",
               "--games", "1000000", "--workers", "2"]
    # Ctrl-C as from a terminal, even when this test runs with SIGINT ignored (a background
    # job); the child calls nothing but signal() before it execs.
    restore_ctrl_c = lambda: signal.signal(signal.SIGINT, signal.SIG_DFL)  # noqa: E731
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          preexec_fn=restore_ctrl_c) as run:  # noqa: PLW1509
        time.sleep(12)  # imports, the workers, and some games
        run.send_signal(signal.SIGINT)
        out, err = run.communicate(timeout=60)
    assert run.returncode == 130, err
    assert "Traceback" not in err
    finished = re.search(r"interrupted: (\d+) of 1000000 games finished", err)
    assert finished is not None, err
    if int(finished.group(1)):
        assert "win rate" in out  # the figures of the games finished
