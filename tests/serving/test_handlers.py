"""The shared answers on a bare app: every error is ``{"detail": ...}`` with its status and
headers, whichever part of serving gives it."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from pydantic import BaseModel

from sweeper.serving.admission import OverloadedError
from sweeper.serving.guards import add_guards
from sweeper.serving.handlers import add_error_handlers, answer_with_status, summarize_errors


class Body(BaseModel):
    count: int


def _describe_invalid(errors: Sequence[Any]) -> str:
    return "bad: " + summarize_errors(errors, lambda error: str(error["loc"][-1]), 1)


def _app() -> FastAPI:
    app = FastAPI()
    add_guards(app, "t0ken", {}, max_body_bytes=100)
    add_error_handlers(app, _describe_invalid, "unreadable ({cause})")
    answer_with_status(app, 409, LookupError)

    @app.post("/count")
    async def count(body: Body) -> dict[str, int]:
        return {"count": body.count}

    @app.get("/busy")
    async def busy() -> None:
        raise OverloadedError("too busy", retry_after_s=3)

    @app.get("/missing")
    async def missing() -> None:
        raise LookupError("no such thing")

    return app


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(_app(), headers={"Authorization": "Bearer t0ken"}) as test_client:
        yield test_client


def test_an_invalid_request_is_a_422_in_the_services_words(client: TestClient) -> None:
    answer = client.post("/count", json={"count": "x"})
    assert (answer.status_code, answer.json()) == (422, {"detail": "bad: count"})


def test_a_body_that_cannot_be_read_is_a_422(client: TestClient) -> None:
    answer = client.post("/count", content=b'{"count": "\xff"}',
                         headers={"content-type": "application/json"})
    assert answer.status_code == 422
    assert answer.json()["detail"].startswith("unreadable ('utf-8' codec can't decode")


def test_starlettes_own_errors_keep_their_status(client: TestClient) -> None:
    assert client.get("/nowhere").json() == {"detail": "Not Found"}
    assert client.get("/count").status_code == 405
    too_large = client.post("/count", content=b"1" * 101)
    assert too_large.status_code == 413 and "limit of 100 bytes" in too_large.json()["detail"]


def test_refused_work_is_a_503_with_retry_after(client: TestClient) -> None:
    answer = client.get("/busy")
    assert (answer.status_code, answer.json()) == (503, {"detail": "too busy"})
    assert answer.headers["Retry-After"] == "3"


def test_an_error_type_answers_with_its_status_and_message(client: TestClient) -> None:
    answer = client.get("/missing")
    assert (answer.status_code, answer.json()) == (409, {"detail": "no such thing"})


def test_a_missing_token_is_a_401_asking_for_one() -> None:
    with TestClient(_app()) as client:
        answer = client.get("/missing")
    assert answer.status_code == 401 and answer.headers["WWW-Authenticate"] == "Bearer"
    assert "missing Authorization header" in answer.json()["detail"]


def test_a_summary_names_the_first_errors_then_counts_the_rest() -> None:
    assert summarize_errors(["a", "b", "c"], str.upper, 2) == "A; B; and 1 more"
    assert summarize_errors(["a"], str.upper, 2) == "A"
