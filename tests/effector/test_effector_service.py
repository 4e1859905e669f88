"""The HTTP layer (auth, validation, formats, error codes) on in-memory back ends."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from fastapi.testclient import TestClient

from sweeper.effector.encoding import decode_png, decode_raw
from sweeper.effector.service import EffectorSettings, create_app
from sweeper.effector.testing import ImageScreen, RecordingDevice

WIDTH, HEIGHT = 800, 600
TOKEN = "s3cret"


@pytest.fixture
def screen() -> ImageScreen:
    return ImageScreen(np.random.default_rng(1).integers(0, 256, (HEIGHT, WIDTH, 3), np.uint8))


@pytest.fixture
def device() -> RecordingDevice:
    return RecordingDevice()


@pytest.fixture
def http(screen: ImageScreen, device: RecordingDevice) -> TestClient:
    return TestClient(create_app(screen, device))


@pytest.fixture
def guarded(screen: ImageScreen, device: RecordingDevice) -> TestClient:
    return TestClient(create_app(screen, device, EffectorSettings(token=TOKEN)))


def test_health_and_screen(http: TestClient) -> None:
    assert http.get("/health").json() == {"status": "ok"}
    assert http.get("/screen").json() == {
        "left": 0, "top": 0, "width": WIDTH, "height": HEIGHT,
        "monitors": [{"left": 0, "top": 0, "width": WIDTH, "height": HEIGHT}],
    }


def test_raw_screenshot_carries_exact_pixels_and_size_headers(
    http: TestClient, screen: ImageScreen
) -> None:
    response = http.get("/screenshot", params={"left": 10, "top": 20, "width": 30, "height": 5,
                                                "format": "raw"})

    assert response.status_code == 200
    assert response.headers["content-type"] == "application/octet-stream"
    image = decode_raw(response.content, response.headers)
    assert np.array_equal(image, screen.image[20:25, 10:40])


def test_png_is_the_default_and_lossless(http: TestClient, screen: ImageScreen) -> None:
    response = http.get("/screenshot")

    assert response.headers["content-type"] == "image/png"
    assert np.array_equal(decode_png(response.content), screen.image)


@pytest.mark.parametrize(("params", "message"), [
    ({"left": 0, "top": 0, "width": 10}, "missing: height"),
    ({"left": 790, "top": 0, "width": 20, "height": 10}, "not inside the screen"),
    ({"left": -1, "top": 0, "width": 20, "height": 10}, "not inside the screen"),
    ({"left": 0, "top": 0, "width": 0, "height": 10}, "query width: Input should be greater"),
    ({"left": "a", "top": 0, "width": 1, "height": 1}, "query left"),
    ({"format": "jpeg"}, "query format: Input should be 'png' or 'raw'"),
])
def test_bad_screenshot_requests_get_422_with_a_message(
    http: TestClient, params: dict[str, Any], message: str
) -> None:
    response = http.get("/screenshot", params=params)

    assert response.status_code == 422
    assert message in response.json()["detail"]


def test_a_valid_batch_runs(http: TestClient, device: RecordingDevice) -> None:
    response = http.post("/actions", json={"actions": [
        {"type": "move", "x": 5, "y": 6}, {"type": "click", "x": 7, "y": 8, "button": "right"}]})

    assert response.status_code == 200
    assert response.json()["executed"] == 2
    assert device.calls == [("move", 5, 6), ("click", 7, 8, "right", 1)]


@pytest.mark.parametrize(("body", "message"), [
    ({"actions": [{"type": "move", "x": 1, "y": 1},
                  {"type": "click", "x": 1, "y": 1, "button": "back"}]},
     "body actions[1].click.button: Input should be 'left', 'right' or 'middle'"),
    ({"actions": [{"type": "key", "key": "alt+f4"}]}, "body actions[0].key.key"),
    ({"actions": [{"type": "move", "x": 1, "y": 1}, {"type": "move", "x": 900, "y": 1}]},
     "actions[1] (move): point (900, 1) is outside the screen"),
    ({"actions": [{"type": "move", "x": 1, "y": 1}], "bounds": {"left": 5, "top": 5,
                                                                "width": 10, "height": 10}},
     "outside the bounds"),
    ({"actions": [{"x": 1, "y": 1}]}, "body actions[0]: Unable to extract tag"),
    ([{"type": "move", "x": 1, "y": 1}], "body: Input should be a valid dictionary"),
])
def test_invalid_batches_get_422_and_nothing_runs(
    http: TestClient, device: RecordingDevice, body: Any, message: str
) -> None:
    response = http.post("/actions", json=body)

    assert response.status_code == 422
    assert message in response.json()["detail"]
    assert device.calls == []


def test_many_errors_are_summarised(http: TestClient) -> None:
    bad_move = {"type": "move", "x": "a", "y": "b"}
    response = http.post("/actions", json={"actions": [bad_move] * 3})

    detail = response.json()["detail"]
    assert detail.count("Input should be a valid integer") == 3 and "and 3 more" in detail


def test_malformed_json_gets_422(http: TestClient) -> None:
    response = http.post("/actions", content=b'{"actions": [}',
                         headers={"content-type": "application/json"})

    assert response.status_code == 422
    assert response.json()["detail"].startswith("body at character")


def test_fail_safe_answers_409_with_the_count_executed(screen: ImageScreen) -> None:
    http = TestClient(create_app(screen, RecordingDevice(fail_after=1)))

    response = http.post("/actions", json={"actions": [
        {"type": "move", "x": 5, "y": 6}, {"type": "move", "x": 7, "y": 8}]})

    assert response.status_code == 409
    assert response.json()["executed"] == 1 and "fail-safe" in response.json()["detail"]


def test_capture_failure_answers_503(http: TestClient, screen: ImageScreen) -> None:
    screen.broken = True

    response = http.get("/screenshot")

    assert response.status_code == 503 and "the test screen is broken" in response.json()["detail"]


def test_stop_with_nothing_running(http: TestClient) -> None:
    assert http.post("/stop").json() == {"was_running": False}


@pytest.mark.parametrize("path", ["/health", "/screen", "/screenshot"])
def test_token_is_required_on_every_operation(guarded: TestClient, path: str) -> None:
    assert guarded.get(path).status_code == 401
    assert guarded.get(path, headers={"Authorization": "Bearer wrong"}).status_code == 401
    assert guarded.get(path, headers={"Authorization": TOKEN}).status_code == 401
    assert guarded.get(path, headers={"Authorization": f"Bearer {TOKEN}"}).status_code == 200


def test_the_docs_and_the_schema_are_open_to_a_browser(guarded: TestClient) -> None:
    assert guarded.get("/docs").status_code == 200
    schema = guarded.get("/openapi.json").json()
    assert schema["paths"]["/actions"]["post"]["security"]


def test_unauthorised_actions_do_nothing(guarded: TestClient, device: RecordingDevice) -> None:
    response = guarded.post("/actions", json={"actions": [{"type": "move", "x": 1, "y": 1}]})

    assert response.status_code == 401
    assert response.headers["www-authenticate"] == "Bearer"
    assert device.calls == []


def test_the_docs_page_loads_no_script_from_elsewhere(http: TestClient) -> None:
    page = http.get("/docs").text
    assert "/docs/static/swagger-ui-bundle.js" in page and "https://" not in page
    assert http.get("/redoc").status_code == 404
