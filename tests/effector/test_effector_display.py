"""End to end on a real X display: the service process, the X server, a real window."""

from __future__ import annotations

import subprocess
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import numpy as np
import pytest

from sweeper.core import Rect
from sweeper.effector.actions import Button, ClickAction, KeyAction, MoveAction, PauseAction
from sweeper.effector.client import EffectorClient
from sweeper.effector.encoding import Image
from sweeper.effector.errors import BatchAbortedError, EffectorError
from sweeper.effector.xprobe import EventWindow, pointer_position
from sweeper.practice import VirtualDisplay

pytestmark = pytest.mark.e2e

LEFT, TOP, WIDTH, HEIGHT = 120, 90, 160, 100  # the test window


@pytest.fixture
def window(virtual_display: VirtualDisplay, effector_url: str) -> Iterator[EventWindow]:
    """A window with random known pixels at a known place, recording input."""
    pixels = np.random.default_rng(7).integers(0, 256, (HEIGHT, WIDTH, 3), dtype=np.uint8)
    test_window = EventWindow(virtual_display.display, LEFT, TOP, pixels)
    yield test_window
    test_window.close()


def authorised(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def expected_around(window: EventWindow, margin: int, root_bgr: tuple[int, int, int]) -> Image:
    """What the screen must show around the window: root colour, then the window's pixels."""
    expected = np.empty((HEIGHT + 2 * margin, WIDTH + 2 * margin, 3), np.uint8)
    expected[:] = root_bgr
    expected[margin:-margin, margin:-margin] = window.image
    return expected


@pytest.mark.parametrize("image_format", ["raw", "png"])
def test_screenshot_matches_the_window_pixels_exactly(
    client: EffectorClient, window: EventWindow, root_bgr: tuple[int, int, int],
    image_format: Any,
) -> None:
    margin = 10
    region = Rect(left=LEFT - margin, top=TOP - margin,
                  width=WIDTH + 2 * margin, height=HEIGHT + 2 * margin)

    shot = client.screenshot(region, image_format)

    assert shot.dtype == np.uint8 and shot.shape == (region.height, region.width, 3)
    assert np.array_equal(shot, expected_around(window, margin, root_bgr))
    shot[0, 0] = 0  # the array is the caller's to modify


def test_whole_screen_screenshot_and_screen_layout(
    client: EffectorClient, root_bgr: tuple[int, int, int]
) -> None:
    screen = client.screen()
    shot = client.screenshot()

    assert (screen.left, screen.top, screen.width, screen.height) == (0, 0, 800, 600)
    assert len(screen.monitors) >= 1
    assert shot.shape == (600, 800, 3)
    assert tuple(shot[599, 799]) == root_bgr


def test_png_is_the_default_format(effector_url: str, effector_token: str) -> None:
    response = httpx.get(f"{effector_url}/screenshot",
                         params={"left": 0, "top": 0, "width": 4, "height": 3},
                         headers=authorised(effector_token))

    assert response.status_code == 200
    assert response.headers["content-type"] == "image/png"
    assert response.content.startswith(b"\x89PNG")


def test_clicks_arrive_at_their_points_with_their_buttons(
    client: EffectorClient, window: EventWindow
) -> None:
    points: list[tuple[int, int, Button]] = [
        (LEFT + 5, TOP + 7, "left"), (LEFT + 150, TOP + 3, "right"),
        (LEFT + 80, TOP + 95, "middle"),
    ]

    result = client.actions([ClickAction(x=x, y=y, button=button) for x, y, button in points])

    assert result.executed == 3
    events = window.events(count=6)
    assert [(e.kind, e.x, e.y, e.detail) for e in events] == [
        (kind, x, y, button) for x, y, button in points for kind in ("press", "release")
    ]


def test_double_click_sends_two_press_release_pairs(
    client: EffectorClient, window: EventWindow
) -> None:
    client.actions([ClickAction(x=LEFT + 10, y=TOP + 10, clicks=2)])

    assert [e.kind for e in window.events(count=4)] == ["press", "release"] * 2


def test_hold_ms_keeps_the_button_down_that_long(
    client: EffectorClient, window: EventWindow
) -> None:
    client.actions([ClickAction(x=LEFT + 20, y=TOP + 20, hold_ms=150)])

    press, release = window.events(count=2)
    assert (press.kind, release.kind) == ("press", "release")
    assert 150 <= release.time_ms - press.time_ms < 1000


def test_move_puts_the_pointer_there(
    client: EffectorClient, virtual_display: VirtualDisplay
) -> None:
    client.actions([MoveAction(x=333, y=222)])

    assert pointer_position(virtual_display.display) == (333, 222)


def test_keys_are_pressed_and_released(client: EffectorClient, window: EventWindow) -> None:
    client.actions([MoveAction(x=LEFT + 30, y=TOP + 30),
                    KeyAction(key="f2"), KeyAction(key="escape"),
                    KeyAction(key="enter"), KeyAction(key="space", hold_ms=50)])

    events = window.events(count=8)
    assert [(e.kind, e.detail) for e in events] == [
        (kind, name) for name in ("F2", "Escape", "Return", "space")
        for kind in ("key_press", "key_release")
    ]
    assert events[7].time_ms - events[6].time_ms >= 50


def test_requests_without_the_right_token_get_401(
    effector_url: str, effector_token: str, window: EventWindow
) -> None:
    url = f"{effector_url}/screen"

    missing = httpx.get(url)
    wrong = httpx.get(url, headers=authorised("not-the-token"))
    right = httpx.get(url, headers=authorised(effector_token))

    assert missing.status_code == wrong.status_code == 401
    assert "Authorization" in missing.json()["detail"]
    assert "invalid token" in wrong.json()["detail"]
    assert right.status_code == 200
    with EffectorClient(effector_url, token="not-the-token") as intruder, \
            pytest.raises(EffectorError) as refused:
        intruder.actions([ClickAction(x=LEFT + 5, y=TOP + 5)])
    assert refused.value.status_code == 401
    assert window.events(timeout_s=0.3) == []


def test_client_reads_the_token_from_the_environment(
    effector_url: str, effector_token: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SWEEPER_EFFECTOR_TOKEN", effector_token)

    with EffectorClient(effector_url) as client:
        assert client.health()


def test_a_bad_last_action_means_nothing_runs(
    client: EffectorClient, window: EventWindow, virtual_display: VirtualDisplay
) -> None:
    client.actions([MoveAction(x=400, y=300)])

    with pytest.raises(EffectorError) as refused:
        client.actions([ClickAction(x=LEFT + 5, y=TOP + 5), MoveAction(x=10, y=10),
                        ClickAction(x=805, y=10)])

    assert refused.value.status_code == 422
    assert "actions[2]" in refused.value.detail and "outside the screen" in refused.value.detail
    assert pointer_position(virtual_display.display) == (400, 300)
    assert window.events(timeout_s=0.3) == []


@pytest.mark.parametrize(("body", "named"), [
    ({"actions": [{"type": "click", "x": 5, "y": 5, "button": "back"}]}, "button"),
    ({"actions": [{"type": "key", "key": "ctrl+alt+delete"}]}, "key"),
    ({"actions": [{"type": "scroll", "x": 5, "y": 5}]}, "'move', 'click', 'key', 'pause'"),
    ({"actions": [{"type": "move", "x": "5", "y": 5}]}, "actions[0].move.x"),
    ({"actions": [{"type": "move", "x": 5, "y": 5}] * 2001}, "at most 2000"),
    ({"clicks": []}, "actions"),
])
def test_invalid_batches_get_422_naming_the_field(
    effector_url: str, effector_token: str, body: Any, named: str
) -> None:
    response = httpx.post(f"{effector_url}/actions", json=body,
                          headers=authorised(effector_token))

    assert response.status_code == 422
    detail = response.json()["detail"]
    assert isinstance(detail, str) and named in detail


def test_malformed_json_gets_422(effector_url: str, effector_token: str) -> None:
    response = httpx.post(f"{effector_url}/actions", content=b'{"actions": [',
                          headers={**authorised(effector_token),
                                   "Content-Type": "application/json"})

    assert response.status_code == 422
    assert "invalid JSON" in response.json()["detail"]


def test_screenshot_outside_the_screen_gets_422(client: EffectorClient) -> None:
    with pytest.raises(EffectorError) as refused:
        client.screenshot(Rect(left=700, top=500, width=200, height=50))

    assert refused.value.status_code == 422
    assert "not inside the screen" in refused.value.detail


def test_stop_aborts_a_running_batch(
    client: EffectorClient, window: EventWindow, effector_url: str, effector_token: str
) -> None:
    outcome: dict[str, Exception] = {}

    def run_batch() -> None:
        with EffectorClient(effector_url, token=effector_token) as own_client:
            try:
                own_client.actions([ClickAction(x=LEFT + 5, y=TOP + 5), PauseAction(ms=5000),
                                    ClickAction(x=LEFT + 50, y=TOP + 50)])
            except BatchAbortedError as error:
                outcome["error"] = error

    worker = threading.Thread(target=run_batch)
    started = time.monotonic()
    worker.start()
    assert len(window.events(count=2, timeout_s=3)) == 2  # the first click happened
    assert client.stop() is True
    worker.join(timeout=5)

    assert time.monotonic() - started < 3
    error = outcome["error"]
    assert isinstance(error, BatchAbortedError) and error.executed == 1  # the first click
    assert "stopped on request" in error.detail
    assert window.events(timeout_s=0.3) == []  # the last click never ran
    assert client.stop() is False  # nothing running any more


def test_pointer_in_a_corner_trips_the_fail_safe(
    client: EffectorClient, window: EventWindow, virtual_display: VirtualDisplay
) -> None:
    def xdotool_move(x: int, y: int) -> None:
        subprocess.run(["xdotool", "mousemove", str(x), str(y)], env=virtual_display.env(),
                       check=True)

    xdotool_move(0, 0)  # what a person does to stop the bot
    try:
        with pytest.raises(BatchAbortedError) as aborted:
            client.actions([ClickAction(x=LEFT + 5, y=TOP + 5)])
        assert "fail-safe" in aborted.value.detail and aborted.value.executed == 0
        assert window.events(timeout_s=0.3) == []
    finally:
        xdotool_move(400, 300)
    assert client.actions([ClickAction(x=LEFT + 5, y=TOP + 5)]).executed == 1


def test_corner_points_are_refused_before_anything_runs(client: EffectorClient) -> None:
    with pytest.raises(EffectorError) as refused:
        client.actions([MoveAction(x=799, y=599)])

    assert refused.value.status_code == 422 and "fail-safe corner" in refused.value.detail


def test_batch_of_100_clicks_lands_every_click(
    client: EffectorClient, window: EventWindow
) -> None:
    points = [(LEFT + 5 + 15 * (i % 10), TOP + 5 + 9 * (i // 10)) for i in range(100)]

    result = client.actions([ClickAction(x=x, y=y) for x, y in points])

    presses = [(e.x, e.y) for e in window.events(count=200, timeout_s=3) if e.kind == "press"]
    assert result.executed == 100 and presses == points
