"""Recording and watching games with no display: ``sweeper simulate --record``, then
``sweeper replay --gif``, and each game's ``replay.html`` opened on its own in headless
Chromium."""

from __future__ import annotations

import base64
import io
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PIL import Image, ImageSequence

from sweeper.practice import CdpError, headless_page

pytestmark = pytest.mark.e2e

MAX_PAGE_BYTES = 5 * 1024 * 1024  # an expert game's replay page, with its screenshots


def sweeper(*arguments: str, cwd: Path) -> str:
    """Run ``sweeper ARGUMENTS`` with no display; return its output."""
    environment = {key: value for key, value in os.environ.items() if key != "DISPLAY"}
    done = subprocess.run([sys.executable, "-m", "sweeper", *arguments], cwd=cwd,
                          env=environment, capture_output=True, text=True, timeout=300,
                          check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def wait_for(page: Any, expression: str, timeout_s: float = 20.0) -> Any:
    """The first truthy value of ``expression`` in the page (fail past ``timeout_s``)."""
    deadline = time.monotonic() + timeout_s
    value = None
    while time.monotonic() < deadline:
        try:
            value = page.evaluate(expression)
        except CdpError as error:  # the page is still about:blank, or being replaced
            value = str(error)
        else:
            if value:
                return value
        time.sleep(0.1)
    raise AssertionError(f"{expression!r} stayed {value!r} for {timeout_s:.0f} s")


def pixels(source: Path | bytes) -> np.ndarray:
    with Image.open(io.BytesIO(source) if isinstance(source, bytes) else source) as picture:
        return np.asarray(picture.convert("RGB"))


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three expert games recorded, and animated as g.gif, with no display."""
    folder = tmp_path_factory.mktemp("no-display")
    sweeper("simulate", "--games", "3", "--record", "r", cwd=folder)
    sweeper("replay", "r", "--gif", "g.gif", cwd=folder)
    return folder


def test_the_gif_shows_the_games_ending_on_their_last_screen(recorded: Path) -> None:
    games = sorted((recorded / "r").glob("game-*"))
    screenshots = [sorted(game.glob("step-*.png")) for game in games]
    assert len(games) == 3
    with Image.open(recorded / "g.gif") as gif:
        frames = [np.asarray(frame.convert("RGB")) for frame in ImageSequence.Iterator(gif)]
    assert len(frames) == sum(map(len, screenshots))
    end = -1
    for game, shots in zip(games, screenshots, strict=True):
        end += len(shots)
        final = pixels(shots[-1])
        assert json.loads((game / shots[-1].with_suffix(".json").name).read_text())[
            "status"] == json.loads((game / "game.json").read_text())["result"]
        assert np.array_equal(frames[end][:final.shape[0], :final.shape[1]], final)


def test_each_replay_page_alone_shows_every_step(recorded: Path, tmp_path: Path) -> None:
    for game in sorted((recorded / "r").glob("game-*")):
        alone = tmp_path / game.name
        alone.mkdir()
        shutil.copy(game / "replay.html", alone)
        assert (alone / "replay.html").stat().st_size < MAX_PAGE_BYTES
        screenshots = sorted(game.glob("step-*.png"))
        with headless_page((alone / "replay.html").as_uri()) as page:
            wait_for(page, "document.readyState === 'complete' && steps.length > 0")
            sizes = page.evaluate("Promise.all(images.map(im => im.decode()))"
                                  ".then(() => images.map(im => [im.naturalWidth,"
                                  " im.naturalHeight]))")
            assert sizes == [list(Image.open(shot).size) for shot in screenshots]
            for index in range(len(screenshots)):
                shown = page.evaluate(
                    f"show({index}); [document.getElementById('pos').textContent,"
                    " view.width / zoom, view.height / zoom]")
                assert shown == [f"step {index + 1} / {len(screenshots)}", *sizes[index]]
            # the end screen, with nothing drawn over it, is the recorded screenshot
            drawn = page.evaluate("view.toDataURL('image/png')").split(",", 1)[1]
            zoom = page.evaluate("zoom")
            assert np.array_equal(pixels(base64.b64decode(drawn))[::zoom, ::zoom],
                                  pixels(screenshots[-1]))
            # probabilities on: the 16 px cells are drawn big enough for their labels,
            # and nothing scrolls sideways
            assert page.evaluate(
                "document.getElementById('heat').checked = true; show(1);"
                " [labelsShown, zoom, document.documentElement.scrollWidth <= innerWidth]"
            ) == [True, 2, True]
