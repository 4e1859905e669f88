"""Recordings: written step by step, re-read offline by ``sweeper replay``."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sweeper.analyzer import analyze
from sweeper.cli import main
from sweeper.coordinator.recording import (
    GameRecorder,
    RunRecorder,
    StepRecord,
    load_steps,
    rect_in_file,
)
from sweeper.coordinator.replay import replay_differences
from sweeper.core import EXPERT, game_status
from sweeper.recognizer import load_image, recognize

SHOT = Path(__file__).resolve().parents[2] / "docs" / "screenshots" / "game-cell24-mid.png"


def record_real_step(folder: Path, board_text: str | None = None) -> GameRecorder:
    """A one-step recording of a real screenshot of the bundled game."""
    image = load_image(SHOT)
    seen = recognize(image)
    assert seen.board is not None and seen.geometry is not None
    status = game_status(seen.status)
    assert status is not None
    analysis = analyze(seen.board, EXPERT.mines, "safe")
    game = GameRecorder(folder)
    move = analysis.move
    assert move is not None
    game.add(
        StepRecord(
            index=1,
            board=board_text or str(seen.board),
            status=status,
            board_rect=rect_in_file(seen.geometry.rect),
            rows=seen.geometry.rows,
            cols=seen.geometry.cols,
            total_mines=EXPERT.mines,
            rules="safe",
            safe=analysis.safe,
            mines=analysis.mines,
            move={"row": move.row, "col": move.col, "p_mine": move.p_mine, "reason": move.reason},
        ),
        image,
    )
    game.finish({"result": "playing", "steps": 1})
    return game


def test_a_recorded_step_reads_back_and_makes_a_replay_page(tmp_path: Path) -> None:
    game = record_real_step(tmp_path / "game-001")
    [(step, screenshot)] = load_steps(game.folder)
    assert screenshot.is_file() and step.total_mines == EXPERT.mines
    assert step.safe and all(isinstance(cell, tuple) for cell in step.safe)
    page = (game.folder / "replay.html").read_text()
    assert json.dumps(step.board) in page
    assert "step-0001.png" not in page and page.count("data:image/png;base64,") == 1
    assert json.loads((game.folder / "game.json").read_text())["steps"] == 1


def test_replay_finds_no_difference_in_a_faithful_recording(tmp_path: Path) -> None:
    record_real_step(tmp_path / "game-001")
    assert list(replay_differences(tmp_path)) == []


def test_replay_reports_a_board_that_was_recorded_wrongly(tmp_path: Path) -> None:
    image = load_image(SHOT)
    truth = str(recognize(image).board)
    lines = truth.splitlines()
    lines[0] = "0" + lines[0][1:]  # the top-left cell is unopened in the screenshot
    record_real_step(tmp_path / "game-001", "\n".join(lines) + "\n")
    differences = list(replay_differences(tmp_path))
    assert (
        differences
        and "game-001 step 1: the recognizer now reads a different board" in (differences[0])
    )


def test_new_recordings_continue_after_the_games_already_there(tmp_path: Path) -> None:
    (tmp_path / "game-007").mkdir()
    assert RunRecorder(tmp_path).new_game().folder.name == "game-008"


def test_replay_command_says_when_there_is_nothing_to_replay(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "sweeper", "replay", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert "holds no recorded game" in result.stderr


def _without_board_rect(record: dict[str, Any]) -> str:
    return json.dumps({key: value for key, value in record.items() if key != "board_rect"})


@pytest.mark.parametrize(
    ("damage", "expected"),
    [
        (lambda record: '{"index": 1, "board": ', "Invalid JSON"),
        (_without_board_rect, "board_rect: Field required"),
        (lambda record: json.dumps(record | {"board": "..\n.\n"}), "bad board text: row 1"),
        (lambda record: json.dumps([record]), "Input should be an object"),
        (lambda record: json.dumps(record | {"total_mines": "many"}), "total_mines:"),
    ],
)
def test_replay_of_a_damaged_recording_is_one_line_naming_the_file(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    damage: Callable[[dict[str, Any]], str],
    expected: str,
) -> None:
    game = record_real_step(tmp_path / "game-001")
    step_file = game.folder / "step-0001.json"
    step_file.write_text(damage(json.loads(step_file.read_text())))
    assert main(["replay", str(tmp_path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith(f"sweeper replay: error: {step_file}: ")
    assert expected in err


def test_replay_reports_a_damaged_screenshot_as_a_difference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = record_real_step(tmp_path / "game-001")
    (game.folder / "step-0001.png").write_bytes(b"not a picture")
    assert main(["replay", str(tmp_path)]) == 1
    out, _ = capsys.readouterr()
    assert "game-001 step 1: the screenshot cannot be read" in out
