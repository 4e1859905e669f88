"""Start-up policy of ``sweeper serve effector``: bind refusal, missing display."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from sweeper.cli import main

REPO_ROOT = Path(__file__).resolve().parents[2]


def test_public_bind_without_token_is_refused_with_exit_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("SWEEPER_EFFECTOR_TOKEN", raising=False)

    code = main(["serve", "effector", "--host", "0.0.0.0"])

    assert code == 2
    assert "refusing to listen on 0.0.0.0 without a token" in capsys.readouterr().err


def test_no_display_is_a_clear_message(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)

    code = main(["serve", "effector", "--port", "1"])

    assert code == 1
    error = capsys.readouterr().err
    assert "DISPLAY is not set" in error and "Xvfb" in error


def test_no_display_in_a_fresh_process_prints_no_traceback() -> None:
    environment = {key: value for key, value in os.environ.items() if key != "DISPLAY"}

    finished = subprocess.run([sys.executable, "-m", "sweeper.effector"], env=environment,
                              check=False, cwd=REPO_ROOT, capture_output=True, text=True,
                              timeout=60)

    assert finished.returncode == 1
    assert "DISPLAY is not set" in finished.stderr
    assert "Traceback" not in finished.stderr


def test_unreachable_display_names_the_display(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DISPLAY", ":97531")

    assert main(["serve", "effector"]) == 1
    assert "':97531'" in capsys.readouterr().err
