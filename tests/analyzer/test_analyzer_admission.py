"""The analyzer service under load and bad bodies, over real HTTP (uvicorn in a thread):
bounded work and queue, 503 at once past them, /health never starved, the time limit
counted from arrival, 413 past the body limit, and faults that keep the connection."""

from __future__ import annotations

import http.client
import json
import time
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from urllib.parse import urlsplit

import httpx
import pytest
from fastapi.testclient import TestClient

from sweeper.analyzer import processes
from sweeper.analyzer.service import MAX_BODY_BYTES, create_app
from tests.analyzer.test_analyzer_service import DEEP_ENDGAME
from tests.served import served

# Every other cell a 1 on 100x100 with 2500 mines: about a second of work, then a 422.
SLOW = {
    "board": "\n".join(
        "".join("1" if (row + col) % 2 == 0 else "." for col in range(100)) for row in range(100)
    ),
    "total_mines": 2500,
}
QUICK = {"board": "01.\n02.\n01.\n", "total_mines": 2}


@pytest.fixture
def pool() -> Iterator[ThreadPoolExecutor]:
    with ThreadPoolExecutor(8) as executor:
        yield executor


def _post(url: str, body: object) -> tuple[httpx.Response, float]:
    started = time.perf_counter()
    response = httpx.post(f"{url}/analyze", json=body, timeout=60)
    return response, time.perf_counter() - started


def _wait_until_running(futures: list[Future[tuple[httpx.Response, float]]]) -> None:
    time.sleep(0.3)  # the requests reach the service and take the worker and the queue
    assert not any(future.done() for future in futures)


def test_past_the_workers_and_queue_requests_get_503_at_once(pool: ThreadPoolExecutor) -> None:
    with served(create_app(time_limit_s=30, workers=1, queue=1)) as url:
        admitted = [pool.submit(_post, url, SLOW) for _ in range(2)]
        _wait_until_running(admitted)
        refused, _ = _post(url, SLOW)
        unread = httpx.post(f"{url}/analyze", content=b"{not json", timeout=10)
        health = httpx.get(f"{url}/health", timeout=10)
        busy_while_answering = not any(future.done() for future in admitted)
        results = [future.result() for future in admitted]
    assert refused.status_code == 503
    assert refused.headers["Retry-After"] == "1"
    assert "busy" in refused.json()["detail"]
    assert unread.status_code == 503, "a refused body should not even be read"
    assert health.json() == {"status": "ok"}
    assert busy_while_answering, "the refusal and /health waited for the admitted requests"
    assert [response.status_code for response, _ in results] == [422, 422]


def test_the_time_limit_counts_from_arrival(pool: ThreadPoolExecutor) -> None:
    limit = 1.0
    with served(create_app(time_limit_s=limit, workers=1, queue=1)) as url:
        first = pool.submit(_post, url, SLOW)
        time.sleep(0.1)
        queued, waited = _post(url, SLOW)  # waits for the worker the first one holds
        first_response, _ = first.result()
    assert first_response.status_code == 503
    assert queued.status_code == 503
    assert "counted from arrival" in queued.json()["detail"]
    assert waited < limit + 0.5, f"answered {waited:.2f} s after arrival, limit {limit} s"


def test_a_queued_request_runs_once_a_worker_is_free(pool: ThreadPoolExecutor) -> None:
    with served(create_app(time_limit_s=30, workers=1, queue=1)) as url:
        first = pool.submit(_post, url, SLOW)
        time.sleep(0.1)
        queued, _ = _post(url, QUICK)
        assert first.result()[0].status_code == 422
    assert queued.status_code == 200
    assert queued.json()["safe"] == [[1, 2]]


def test_a_body_over_the_limit_gets_413_naming_the_limit() -> None:
    client = TestClient(create_app())
    huge = b'{"board": "' + b"." * MAX_BODY_BYTES + b'", "total_mines": 1}'
    json_type = {"content-type": "application/json"}
    declared = client.post("/analyze", content=huge, headers=json_type)
    assert declared.status_code == 413
    assert str(MAX_BODY_BYTES) in declared.json()["detail"]

    def chunks() -> Iterator[bytes]:
        for start in range(0, len(huge), 65536):
            yield huge[start:start + 65536]

    streamed = client.post("/analyze", content=chunks(), headers=json_type)
    assert streamed.status_code == 413
    assert str(MAX_BODY_BYTES) in streamed.json()["detail"]


def test_a_body_that_is_not_utf8_gets_422() -> None:
    client = TestClient(create_app())
    response = client.post(
        "/analyze", content=b'{"board": "\xff", "total_mines": 1}',
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 422
    assert "JSON" in response.json()["detail"]


def _two_requests_on_one_connection(url: str, body: dict[str, object]) -> list[int]:
    address = urlsplit(url)
    connection = http.client.HTTPConnection(address.hostname or "", address.port, timeout=30)
    statuses = []
    try:
        for _ in range(2):
            connection.request(
                "POST", "/analyze", json.dumps(body), {"content-type": "application/json"}
            )
            response = connection.getresponse()
            response.read()
            statuses.append(response.status)
            sock = connection.sock
            assert sock is not None, "the server closed the connection"
    finally:
        connection.close()
    return statuses


def test_a_deep_endgame_keeps_the_connection_alive() -> None:
    body = {"board": DEEP_ENDGAME, "total_mines": 11, "rules": "opening"}
    with served(create_app()) as url:
        assert _two_requests_on_one_connection(url, body) == [200, 200]


def test_a_fault_in_the_analyzer_answers_500_in_one_line_and_keeps_the_connection(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("injected fault")

    with served(create_app()) as url:
        # after the start-up warm-up
        monkeypatch.setattr(processes.AnalysisProcesses, "analyze", broken)
        assert _two_requests_on_one_connection(url, QUICK) == [500, 500]
        detail = httpx.post(f"{url}/analyze", json=QUICK).json()["detail"]
    assert detail == "internal analyzer error (RuntimeError); see the service log"
