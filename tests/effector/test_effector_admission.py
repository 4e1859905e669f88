"""The effector under load, over real HTTP (uvicorn in a thread, in-memory screen and input):
a bounded batch queue, 503 at once past it, /health and /screen never starved, a stop that
aborts waiting batches too, waiting work dropped after its wait, and 413 past the body limit."""

from __future__ import annotations

import time
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import httpx
import numpy as np
import pytest
from fastapi import FastAPI

from sweeper.effector.service import MAX_BODY_BYTES, EffectorSettings, create_app
from sweeper.effector.testing import ImageScreen, RecordingDevice
from tests.served import served

LONG_BATCH = {"actions": [{"type": "click", "x": 5, "y": 5}, {"type": "pause", "ms": 10_000}]}


@pytest.fixture
def device() -> RecordingDevice:
    return RecordingDevice()


@pytest.fixture
def pool() -> Iterator[ThreadPoolExecutor]:
    with ThreadPoolExecutor(16) as executor:
        yield executor


def _app(device: RecordingDevice, **limits: Any) -> FastAPI:
    screen = ImageScreen(np.zeros((200, 300, 3), np.uint8))
    return create_app(screen, device, EffectorSettings(**limits))


def _post(url: str, body: object) -> tuple[httpx.Response, float]:
    started = time.perf_counter()
    response = httpx.post(f"{url}/actions", json=body, timeout=30)
    return response, time.perf_counter() - started


def _clicks(device: RecordingDevice) -> int:
    return sum(call[0] == "click" for call in device.calls)


def test_past_the_queue_batches_get_503_at_once_and_a_stop_aborts_the_waiting_ones(
    device: RecordingDevice, pool: ThreadPoolExecutor
) -> None:
    with served(_app(device, batch_queue=2)) as url:
        first = pool.submit(_post, url, LONG_BATCH)
        assert device.first_call.wait(10)
        waiting = [pool.submit(_post, url, LONG_BATCH) for _ in range(2)]
        time.sleep(0.3)
        excess: list[Future[tuple[httpx.Response, float]]] = [
            pool.submit(_post, url, LONG_BATCH) for _ in range(6)
        ]
        refused = [future.result() for future in excess]
        health = httpx.get(f"{url}/health", timeout=5)
        screen = httpx.get(f"{url}/screen", timeout=5)
        shot = httpx.get(f"{url}/screenshot", timeout=5)
        assert not first.done() and not any(future.done() for future in waiting)
        stop = httpx.post(f"{url}/stop", timeout=5)
        admitted = [future.result()[0] for future in [first, *waiting]]
    assert all(response.status_code == 503 for response, _ in refused)
    assert all(response.headers["Retry-After"] == "1" for response, _ in refused)
    assert max(elapsed for _, elapsed in refused) < 5, "the refusals waited for the batches"
    assert "busy" in refused[0][0].json()["detail"]
    assert (health.status_code, screen.status_code, shot.status_code) == (200, 200, 200)
    assert stop.json() == {"was_running": True}
    assert [response.status_code for response in admitted] == [409, 409, 409]
    assert [response.json()["executed"] for response in admitted] == [1, 0, 0]
    assert _clicks(device) == 1, "a waiting batch ran after the stop"


def test_a_batch_waiting_past_its_wait_is_dropped_unexecuted(
    device: RecordingDevice, pool: ThreadPoolExecutor
) -> None:
    with served(_app(device, batch_queue=1, wait_s=0.3)) as url:
        first = pool.submit(_post, url, LONG_BATCH)
        assert device.first_call.wait(10)
        late, waited = _post(url, LONG_BATCH)
        httpx.post(f"{url}/stop", timeout=5)
        assert first.result()[0].status_code == 409
    assert late.status_code == 503
    assert "waited more than 0.3 s for its turn" in late.json()["detail"]
    assert waited < 3
    assert _clicks(device) == 1


def test_a_batch_after_a_stop_runs(device: RecordingDevice) -> None:
    with served(_app(device)) as url:
        httpx.post(f"{url}/stop", timeout=5)
        response, _ = _post(url, {"actions": [{"type": "click", "x": 5, "y": 5}]})
    assert response.status_code == 200
    assert response.json()["executed"] == 1


def test_a_body_over_the_limit_gets_413_naming_the_limit(device: RecordingDevice) -> None:
    move = b'{"type": "move", "x": 1, "y": 1},'
    body = b'{"actions": [' + move * (MAX_BODY_BYTES // len(move) + 1) + b"]}"
    with served(_app(device)) as url:
        response = httpx.post(
            f"{url}/actions", content=body, headers={"content-type": "application/json"}
        )
    assert response.status_code == 413
    assert str(MAX_BODY_BYTES) in response.json()["detail"]
    assert device.calls == []
