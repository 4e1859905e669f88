"""``sweeper play`` refuses clearly when there is nothing it can safely play on."""

from __future__ import annotations

import os
import subprocess
import sys


def run_sweeper(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sweeper", *args],
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )


def test_play_without_a_screen_says_so() -> None:
    env = {key: value for key, value in os.environ.items() if key != "DISPLAY"}
    result = run_sweeper("play", env=env)
    assert result.returncode == 2
    assert "DISPLAY is not set" in result.stderr and "Traceback" not in result.stderr


def test_play_with_an_unreachable_effector_stops_with_a_message() -> None:
    result = run_sweeper("play", "--effector", "http://127.0.0.1:9", "--json")
    assert result.returncode != 0
    assert "cannot reach the effector" in result.stderr + result.stdout
    assert "Traceback" not in result.stderr


def test_games_must_be_positive() -> None:
    result = run_sweeper("play", "--games", "0")
    assert result.returncode == 2 and "must be at least 1" in result.stderr
