"""Recordings without a display (``simulate --record``), the self-contained replay page and
the animations (``replay --gif/--mp4``)."""

from __future__ import annotations

import base64
import io
import json
import re
import shutil
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageSequence

from sweeper.cli import main
from sweeper.coordinator.animation import END_HOLD_S, describe, recorded_shots
from sweeper.coordinator.recording import StepRecord, load_steps
from sweeper.coordinator.replay import replay_differences
from sweeper.coordinator.replay_page import png_data_uri
from sweeper.core import GameStatus

# beginner games 6 and 7 of the simulator: the first is won, the second lost
SEEDS = ("--difficulty", "beginner", "--games", "2", "--seed", "6", "--workers", "1")


@pytest.fixture(scope="module")
def recording(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("recording") / "run"
    assert main(["simulate", *SEEDS, "--record", str(root)]) == 0
    return root


def pixels(source: Path | bytes) -> np.ndarray:
    with Image.open(io.BytesIO(source) if isinstance(source, bytes) else source) as picture:
        return np.asarray(picture.convert("RGB"))


def test_simulate_records_each_game_ending_on_its_final_screen(recording: Path) -> None:
    games = sorted(recording.glob("game-*"))
    assert [game.name for game in games] == ["game-001", "game-002"]
    for game, outcome in zip(games, ("won", "lost"), strict=True):
        summary = json.loads((game / "game.json").read_text())
        steps = load_steps(game)
        assert summary["result"] == outcome
        assert len(steps) == summary["steps"] + 1  # every decision, then the end
        assert [step.status for step, _ in steps[:-1]] == ["playing"] * summary["steps"]
        end, screenshot = steps[-1]
        assert end.status == outcome and end.move is None and not end.safe
        assert screenshot.is_file()


def test_a_recorded_simulation_replays_without_a_difference(recording: Path) -> None:
    assert list(replay_differences(recording)) == []


def test_recording_again_numbers_the_games_after_those_there(recording: Path) -> None:
    root = recording.parent / "again"
    assert main(["simulate", *SEEDS, "--record", str(root)]) == 0
    assert main(["simulate", *SEEDS[:2], "--games", "1", "--record", str(root)]) == 0
    assert sorted(game.name for game in root.glob("game-*")) == [
        "game-001", "game-002", "game-003"]


def test_simulate_cannot_record_into_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "taken").write_text("")
    assert main(["simulate", *SEEDS, "--record", str(tmp_path / "taken")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--record" in err and "not a directory" in err


def test_the_replay_page_is_one_file_with_every_screenshot_inlined(recording: Path) -> None:
    game = recording / "game-002"
    page = (game / "replay.html").read_text()
    screenshots = sorted(game.glob("step-*.png"))
    uris = re.findall(r'"data:image/png;base64,([A-Za-z0-9+/=]+)"', page)
    assert "step-0001.png" not in page and len(uris) == len(screenshots)
    for uri, screenshot in zip(uris, screenshots, strict=True):
        assert np.array_equal(pixels(base64.b64decode(uri)), pixels(screenshot))


def test_an_inlined_screenshot_keeps_every_pixel_of_a_colourful_picture(tmp_path: Path) -> None:
    noise = np.random.default_rng(1).integers(0, 256, (40, 60, 3), np.uint8)
    Image.fromarray(noise).save(tmp_path / "noise.png")
    uri = png_data_uri(tmp_path / "noise.png")
    assert np.array_equal(pixels(base64.b64decode(uri.split(",", 1)[1])), noise)


def test_the_page_shows_probabilities_to_a_tenth_of_a_percent(recording: Path) -> None:
    page = (recording / "game-001" / "replay.html").read_text()
    steps = json.loads(re.search(r"const steps = (.*);\n", page).group(1))  # type: ignore[union-attr]
    shown = [p for step in steps for row in step["probabilities"] or [] for p in row
             if p is not None]
    assert shown and all(round(p, 3) == p for p in shown)
    assert steps[-1]["status"] == "won"


def test_the_gif_shows_every_step_and_ends_on_the_last_screen(
    recording: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run.gif"
    assert main(["replay", str(recording), "--gif", str(out), "--fps", "5"]) == 0
    shots = recorded_shots(recording)
    assert f"{len(shots)} frames of 2 game(s)" in capsys.readouterr().out
    with Image.open(out) as gif:
        frames = [(np.asarray(frame.convert("RGB")), frame.info["duration"])
                  for frame in ImageSequence.Iterator(gif)]
    assert len(frames) == len(shots)
    ends = [index for index, shot in enumerate(shots) if shot.step.is_end]
    assert ends == [shots[0].steps_in_game - 1, len(shots) - 1]
    assert [duration for _, duration in frames] == [
        END_HOLD_S * 1000 if index in ends else 200 for index in range(len(shots))]
    for index in ends:  # the end screens are shown as recorded, nothing drawn over them
        final = pixels(shots[index].screenshot)
        height, width = final.shape[:2]
        assert np.array_equal(frames[index][0][:height, :width], final)
    first = pixels(shots[0].screenshot)  # the first click is marked on the first frame
    assert not np.array_equal(frames[0][0][:first.shape[0], :first.shape[1]], first)


def test_the_mp4_holds_each_step_for_its_time(recording: Path, tmp_path: Path) -> None:
    import imageio.v3 as iio

    out = tmp_path / "run.mp4"
    assert main(["replay", str(recording / "game-002"), "--mp4", str(out), "--fps", "2"]) == 0
    steps = len(list((recording / "game-002").glob("step-*.json")))
    video = iio.imread(out, plugin="FFMPEG")
    assert video.shape[0] == (steps - 1) + round(END_HOLD_S * 2)
    assert video.shape[1] % 16 == 0 and video.shape[2] % 16 == 0


def test_mp4_without_the_video_extra_says_how_to_install_it(
    recording: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "imageio.v2", None)  # as if imageio were not installed
    assert main(["replay", str(recording), "--mp4", str(tmp_path / "x.mp4")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pip install 'sweeper[video]'" in err
    assert not (tmp_path / "x.mp4").exists()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--fps", "0"], "--fps must be 0.2 to 50, not 0"),
        (["--fps", "nan"], "--fps must be 0.2 to 50, not nan"),
        (["--fps", "100"], "not 100"),
        (["--fps", "fast"], "--fps must be a number, not 'fast'"),
        (["--fps", "2"], "--fps goes with --gif OUT or --mp4 OUT"),
        (["--gif", "no/such/folder/x.gif"], "the folder no/such/folder does not exist"),
        (["--gif", "."], ". is a directory; give a file name"),
    ],
)
def test_bad_animation_options_are_one_line_and_exit_2(
    recording: Path, capsys: pytest.CaptureFixture[str], options: list[str], message: str
) -> None:
    assert main(["replay", str(recording), *options]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith("sweeper replay: ") and message in err


def test_animating_nothing_says_there_is_no_recording(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(tmp_path), "--gif", str(tmp_path / "x.gif")]) == 2
    assert "holds no recorded game" in capsys.readouterr().err
    assert not (tmp_path / "x.gif").exists()


def test_a_damaged_screenshot_is_one_line_naming_it(
    recording: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = tmp_path / "game-001"
    shutil.copytree(recording / "game-001", game)
    (game / "step-0002.png").write_bytes(b"not a picture")
    assert main(["replay", str(game), "--gif", str(tmp_path / "x.gif")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith(f"sweeper replay: {game / 'step-0002.png'}: cannot read the screenshot")


def _step(status: GameStatus, **fields: object) -> StepRecord:
    return StepRecord(index=1, board="..\n", status=status, board_rect=(0, 0, 32, 16), rows=1,
                      cols=2, total_mines=1, rules="safe", **fields)  # type: ignore[arg-type]


def test_captions_say_what_the_bot_did_and_how_the_game_ended() -> None:
    guess = _step("playing", move={"row": 0, "col": 1, "p_mine": 0.125, "reason": ""})
    assert describe(guess) == "guesses (0, 1): 12.5% mine"
    assert describe(_step("playing", safe=[(0, 0)])) == "opens 1 cell proved safe"
    first = _step("playing", move={"row": 0, "col": 0, "p_mine": 0.0, "reason": ""})
    assert describe(first) == "opens (0, 0): certainly safe"
    assert describe(_step("lost"), guess) == "lost: the guess at (0, 1) was a mine"
    assert describe(_step("lost")) == "lost: a mine went off"
    assert describe(_step("won")) == "won!"
