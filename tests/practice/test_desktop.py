"""The virtual desktop: what it starts, where, and that it cleans everything up."""

from __future__ import annotations

import os

import numpy as np
import pytest

from sweeper.practice.desktop import VirtualDesktop
from sweeper.practice.screenshot import grab

pytestmark = pytest.mark.e2e


def group_members(group: int) -> set[int]:
    """Live (non-zombie) processes whose process group is ``group``."""
    members = set()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except (FileNotFoundError, ProcessLookupError):
            continue
        if int(fields[2]) == group and fields[0] != "Z":
            members.add(int(entry))
    return members


def test_game_window_sits_at_the_requested_position_and_shows_the_game(
    desktop: VirtualDesktop
) -> None:
    desktop.new_game({"width": 9, "height": 9, "mines": 10, "cell": 16})
    canvas = desktop.canvas_rect()
    assert (canvas.left, canvas.top) == desktop.window_position
    layout = desktop.page_state()["layout"]
    assert (canvas.width, canvas.height) == (layout["canvasWidth"], layout["canvasHeight"])
    shot = grab(desktop.display.display, canvas)
    grey = np.all(shot == (192, 192, 192), axis=2).mean()
    assert grey > 0.4  # the classic grey game, not a blank or black screen
    assert tuple(shot[0, 0]) == (255, 255, 255)  # raised outer frame, white top-left


def test_xdemineur_runs_on_the_same_display_where_asked(desktop: VirtualDesktop) -> None:
    window = desktop.start_xdemineur(columns=16, rows=16, mines=40, position=(700, 100))
    assert (window.rect.left, window.rect.top) == (700, 100)
    assert window.rect.width > 16 * 10 and window.rect.height > 16 * 10
    assert window.process.poll() is None
    shot = grab(desktop.display.display, window.rect)
    assert shot.std() > 10  # something is drawn there


def test_everything_started_is_stopped_on_exit_and_on_failure() -> None:
    with VirtualDesktop(screen_size=(800, 600), game_params={"width": 5, "height": 5}) as desktop:
        xdemineur = desktop.start_xdemineur(position=(0, 300))
        group, xvfb = desktop.chromium.pid, desktop.display.pid
        assert group is not None and xvfb is not None
        chromium_group: int = group
        assert len(group_members(chromium_group)) > 1  # browser, zygote, renderer, ...
        profile = desktop.chromium.profile_dir
        assert profile is not None and profile.exists()
    assert xdemineur.process.poll() is not None
    assert group_members(chromium_group) == set()
    assert not os.path.exists(f"/proc/{xvfb}")
    assert not profile.exists()

    with pytest.raises(RuntimeError, match="timed out"), VirtualDesktop(
        screen_size=(800, 600), timeout_s=3, game_params={"width": "bad"}
    ) as failing:
        failing_group = failing.chromium.pid
        assert failing_group is not None
        assert failing.page_state()["status"] == "error"
        failing.chromium.wait_until("false", "something that never happens")
    assert failing_group is not None
    assert group_members(failing_group) == set()
