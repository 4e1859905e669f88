"""The in-process effector on in-memory back ends: it refuses what the service refuses,
with the same words and status, runs what it accepts, and stops a batch when closed."""

from __future__ import annotations

import threading
import time

import numpy as np
import pytest

from sweeper.core import Rect
from sweeper.effector import (
    REFUSED_STATUS,
    Action,
    ActionBatch,
    ClickAction,
    EffectorError,
    ImageScreen,
    InvalidBatchError,
    LocalEffector,
    MoveAction,
    PauseAction,
    RecordingDevice,
    validate_batch,
)
from sweeper.effector.actions import MAX_ACTIONS

IMAGE = np.random.default_rng(3).integers(0, 256, (300, 400, 3), dtype=np.uint8)
CORNERS = frozenset({(0, 0), (399, 0), (0, 299), (399, 299)})


@pytest.fixture
def device() -> RecordingDevice:
    return RecordingDevice(fail_safe_points=CORNERS)


@pytest.fixture
def effector(device: RecordingDevice) -> LocalEffector:
    return LocalEffector(screen=ImageScreen(IMAGE), device=device)


@pytest.mark.parametrize(("actions", "bounds"), [
    ([ClickAction(x=5, y=5), ClickAction(x=400, y=5)], None),
    ([MoveAction(x=399, y=299)], None),
    ([ClickAction(x=5, y=5)], Rect(left=10, top=0, width=20, height=20)),
    ([PauseAction(ms=10_000)] * 7, None),
])
def test_a_batch_the_service_refuses_is_refused_alike_and_nothing_runs(
    effector: LocalEffector, device: RecordingDevice, actions: list[Action],
    bounds: Rect | None,
) -> None:
    with pytest.raises(InvalidBatchError) as service_says:
        validate_batch(ActionBatch(actions=actions, bounds=bounds),
                       ImageScreen(IMAGE).screen(), CORNERS)
    with pytest.raises(EffectorError) as refused:
        effector.actions(actions, bounds)

    assert refused.value.status_code == REFUSED_STATUS
    assert refused.value.detail == str(service_says.value)
    assert device.calls == []


def test_too_many_actions_is_one_line_naming_the_limit(effector: LocalEffector) -> None:
    with pytest.raises(EffectorError) as refused:
        effector.actions([MoveAction(x=5, y=5)] * (MAX_ACTIONS + 1))

    assert refused.value.status_code == REFUSED_STATUS
    assert f"at most {MAX_ACTIONS}" in refused.value.detail
    assert "\n" not in refused.value.detail


def test_screenshots_and_accepted_batches_reach_the_back_ends(
    effector: LocalEffector, device: RecordingDevice
) -> None:
    region = Rect(left=10, top=20, width=30, height=40)

    shot = effector.screenshot(region)
    result = effector.actions([ClickAction(x=15, y=25, button="right")], bounds=region)

    assert np.array_equal(shot, IMAGE[20:60, 10:40])
    assert result.executed == 1 and device.calls == [("click", 15, 25, "right", 1)]
    with pytest.raises(EffectorError) as refused:
        effector.screenshot(Rect(left=390, top=0, width=20, height=10))
    assert refused.value.status_code == REFUSED_STATUS
    assert "not inside the screen" in refused.value.detail


def test_closing_stops_a_running_batch_first(
    effector: LocalEffector, device: RecordingDevice
) -> None:
    ended = threading.Event()

    def run() -> None:
        try:
            effector.actions([ClickAction(x=5, y=5), PauseAction(ms=5000), ClickAction(x=6, y=6)])
        except EffectorError:
            ended.set()

    worker = threading.Thread(target=run)
    worker.start()
    assert device.first_call.wait(timeout=3)
    started = time.monotonic()
    effector.close()
    worker.join(timeout=3)

    assert ended.is_set() and time.monotonic() - started < 3  # not the 5 s pause
    assert device.calls == [("click", 5, 5, "left", 1)]
