"""End to end on a real X display: the effector in the test's own process (what ``sweeper
play`` uses on its own display), and both input devices, XTEST and pyautogui."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator

import numpy as np
import pytest
from Xlib import display

from sweeper.core import Rect
from sweeper.effector import (
    Action,
    BatchAbortedError,
    ClickAction,
    EffectorError,
    KeyAction,
    LocalEffector,
    MoveAction,
    PauseAction,
)
from sweeper.effector.xprobe import EventWindow, pointer_position
from sweeper.practice import VirtualDisplay

pytestmark = pytest.mark.e2e

LEFT, TOP, WIDTH, HEIGHT = 100, 80, 200, 120  # the test window


@pytest.fixture
def window(virtual_display: VirtualDisplay,
           root_bgr: tuple[int, int, int]) -> Iterator[EventWindow]:
    """A window with random known pixels at a known place, recording input."""
    pixels = np.random.default_rng(11).integers(0, 256, (HEIGHT, WIDTH, 3), dtype=np.uint8)
    test_window = EventWindow(virtual_display.display, LEFT, TOP, pixels)
    yield test_window
    test_window.close()


@pytest.fixture
def effector(virtual_display: VirtualDisplay) -> Iterator[LocalEffector]:
    with LocalEffector(virtual_display.display) as local:
        yield local


def test_screenshot_is_the_window_and_a_region_off_the_screen_is_refused(
    effector: LocalEffector, window: EventWindow
) -> None:
    shot = effector.screenshot(Rect(left=LEFT, top=TOP, width=WIDTH, height=HEIGHT))

    assert np.array_equal(shot, window.image)
    assert effector.screenshot().shape == (600, 800, 3)
    with pytest.raises(EffectorError) as refused:
        effector.screenshot(Rect(left=700, top=500, width=200, height=50))
    assert refused.value.status_code == 422 and "not inside the screen" in refused.value.detail


def test_clicks_holds_and_keys_arrive_in_order(
    effector: LocalEffector, window: EventWindow
) -> None:
    effector.actions([
        ClickAction(x=LEFT + 5, y=TOP + 7), ClickAction(x=LEFT + 150, y=TOP + 3, button="right"),
        ClickAction(x=LEFT + 80, y=TOP + 95, clicks=2), ClickAction(x=LEFT + 9, y=TOP + 9,
                                                                    hold_ms=120),
        KeyAction(key="f2"), KeyAction(key="enter"),
    ])

    events = window.events(count=14)
    assert [(e.kind, e.x, e.y, e.detail) for e in events[:10]] == [
        ("press", LEFT + 5, TOP + 7, "left"), ("release", LEFT + 5, TOP + 7, "left"),
        ("press", LEFT + 150, TOP + 3, "right"), ("release", LEFT + 150, TOP + 3, "right"),
        *[(kind, LEFT + 80, TOP + 95, "left") for kind in ("press", "release")] * 2,
        ("press", LEFT + 9, TOP + 9, "left"), ("release", LEFT + 9, TOP + 9, "left"),
    ]
    assert 120 <= events[9].time_ms - events[8].time_ms < 1000
    assert [(e.kind, e.detail) for e in events[10:]] == [
        ("key_press", "F2"), ("key_release", "F2"),
        ("key_press", "Return"), ("key_release", "Return")]


def test_a_move_before_a_pause_happens_before_it(
    effector: LocalEffector, virtual_display: VirtualDisplay
) -> None:
    batch = threading.Thread(target=effector.actions, args=(
        [MoveAction(x=321, y=234), PauseAction(ms=1500), MoveAction(x=300, y=300)],))
    batch.start()
    seen = _pointer_when(virtual_display, lambda at: at != (300, 300), until=(321, 234))
    batch.join(timeout=5)

    assert seen == (321, 234)  # reached while the batch paused
    assert pointer_position(virtual_display.display) == (300, 300)


def _pointer_when(virtual_display: VirtualDisplay, wanted: Callable[[tuple[int, int]], bool],
                  until: tuple[int, int], timeout_s: float = 3.0) -> tuple[int, int]:
    """The pointer's position once it is ``until`` (or the last one seen that is
    ``wanted``, past the timeout)."""
    deadline = time.monotonic() + timeout_s
    seen = pointer_position(virtual_display.display)
    while time.monotonic() < deadline and seen != until and wanted(seen):
        time.sleep(0.01)
        seen = pointer_position(virtual_display.display)
    return seen


def _in_background(effector: LocalEffector, actions: list[Action]
                   ) -> tuple[threading.Thread, dict[str, Exception]]:
    """A thread running the batch, and where the error that aborts it is kept."""
    outcome: dict[str, Exception] = {}

    def run() -> None:
        try:
            effector.actions(actions)
        except BatchAbortedError as error:
            outcome["error"] = error

    worker = threading.Thread(target=run)
    worker.start()
    return worker, outcome


def _xdotool_move(virtual_display: VirtualDisplay, x: int, y: int) -> None:
    subprocess.run(["xdotool", "mousemove", str(x), str(y)], env=virtual_display.env(),
                   check=True)


def test_a_bad_batch_runs_nothing(
    effector: LocalEffector, window: EventWindow, virtual_display: VirtualDisplay
) -> None:
    effector.actions([MoveAction(x=400, y=300)])

    with pytest.raises(EffectorError) as refused:
        effector.actions([ClickAction(x=LEFT + 5, y=TOP + 5), ClickAction(x=805, y=10)])
    with pytest.raises(EffectorError) as cornered:
        effector.actions([MoveAction(x=799, y=599)])
    with pytest.raises(EffectorError) as outside:
        effector.actions([ClickAction(x=LEFT + 5, y=TOP + 5)],
                         bounds=Rect(left=LEFT + 10, top=TOP, width=20, height=20))

    assert refused.value.status_code == 422 and "actions[1]" in refused.value.detail
    assert "fail-safe corner" in cornered.value.detail
    assert "outside the bounds" in outside.value.detail
    assert pointer_position(virtual_display.display) == (400, 300)
    assert window.events(timeout_s=0.3) == []


def test_pointer_in_a_corner_trips_the_fail_safe_until_moved_away(
    effector: LocalEffector, window: EventWindow, virtual_display: VirtualDisplay
) -> None:
    effector.actions([ClickAction(x=LEFT + 5, y=TOP + 5)])
    window.events(count=2)
    _xdotool_move(virtual_display, 0, 599)  # what a person does to stop the bot
    try:
        with pytest.raises(BatchAbortedError) as aborted:
            effector.actions([ClickAction(x=LEFT + 5, y=TOP + 5)] * 3)
        assert "fail-safe" in aborted.value.detail and aborted.value.executed == 0
        assert window.events(timeout_s=0.3) == []
    finally:
        _xdotool_move(virtual_display, 400, 300)
    assert effector.actions([ClickAction(x=LEFT + 5, y=TOP + 5)]).executed == 1


def test_the_fail_safe_is_looked_for_again_after_a_pause(
    effector: LocalEffector, window: EventWindow, virtual_display: VirtualDisplay
) -> None:
    worker, outcome = _in_background(effector, [
        ClickAction(x=LEFT + 5, y=TOP + 5), PauseAction(ms=1500),
        ClickAction(x=LEFT + 9, y=TOP + 9)])
    try:
        assert len(window.events(count=2, timeout_s=3)) == 2  # the first click, then the pause
        _xdotool_move(virtual_display, 799, 0)
        worker.join(timeout=5)
    finally:
        _xdotool_move(virtual_display, 400, 300)

    error = outcome["error"]
    assert isinstance(error, BatchAbortedError) and error.executed == 2
    assert window.events(timeout_s=0.3) == []


def test_a_held_button_is_released_even_in_a_corner(
    effector: LocalEffector, window: EventWindow, virtual_display: VirtualDisplay
) -> None:
    worker = threading.Thread(target=effector.actions, args=(
        [ClickAction(x=LEFT + 7, y=TOP + 7, hold_ms=1500)],))
    worker.start()
    try:
        press = window.events(count=1, timeout_s=3)
        _xdotool_move(virtual_display, 0, 0)
        worker.join(timeout=5)
        release = window.events(count=1, timeout_s=3)
    finally:
        _xdotool_move(virtual_display, 400, 300)

    assert [e.kind for e in press + release] == ["press", "release"]


def test_stop_aborts_a_running_batch(effector: LocalEffector, window: EventWindow) -> None:
    worker, outcome = _in_background(effector, [
        ClickAction(x=LEFT + 5, y=TOP + 5), PauseAction(ms=5000),
        ClickAction(x=LEFT + 50, y=TOP + 50)])
    assert len(window.events(count=2, timeout_s=3)) == 2  # the first click happened
    assert effector.stop() is True
    worker.join(timeout=5)

    error = outcome["error"]
    assert isinstance(error, BatchAbortedError) and error.executed == 1
    assert window.events(timeout_s=0.3) == []


def test_a_left_click_stays_left_on_a_left_handed_pointer(
    virtual_display: VirtualDisplay, window: EventWindow
) -> None:
    connection = display.Display(virtual_display.display)
    usual = connection.get_pointer_mapping()
    swapped = [3, 2, 1, *usual[3:]]
    connection.set_pointer_mapping(swapped)
    connection.sync()
    try:
        with LocalEffector(virtual_display.display) as left_handed:
            left_handed.actions([ClickAction(x=LEFT + 5, y=TOP + 5),
                                 ClickAction(x=LEFT + 6, y=TOP + 6, button="right")])
        events = window.events(count=4)
    finally:
        connection.set_pointer_mapping(usual)
        connection.close()

    assert [e.detail for e in events] == ["left", "left", "right", "right"]


def test_the_pyautogui_device_lands_clicks_and_keys_too(
    virtual_display: VirtualDisplay, window: EventWindow
) -> None:
    clicks = [ClickAction(x=LEFT + 5 + 15 * i, y=TOP + 20) for i in range(10)]
    clicks.append(ClickAction(x=LEFT + 9, y=TOP + 9, button="right"))
    batch = [*clicks, KeyAction(key="escape")]
    script = (
        "import json, sys\n"
        "from sweeper.effector import ActionBatch\n"
        "from sweeper.effector.input import PointerInput\n"
        "from sweeper.effector.runner import BatchRunner\n"
        "batch = ActionBatch.model_validate_json(sys.stdin.read())\n"
        "print(json.dumps(BatchRunner(PointerInput()).run(batch).executed))\n"
    )
    payload = json.dumps({"actions": [action.model_dump() for action in batch]})

    ran = subprocess.run([sys.executable, "-c", script], input=payload, text=True, check=False,
                         capture_output=True, env=virtual_display.env(), timeout=60)

    assert ran.returncode == 0, ran.stderr
    assert json.loads(ran.stdout) == len(batch)
    events = window.events(count=24, timeout_s=3)
    presses = [(e.x, e.y, e.detail) for e in events if e.kind == "press"]
    assert presses == [(click.x, click.y, click.button) for click in clicks]
    assert [(e.kind, e.detail) for e in events[-2:]] == [
        ("key_press", "Escape"), ("key_release", "Escape")]
