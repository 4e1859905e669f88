"""The order of the guards: the token first, then a full admission's refusal, then the
body limit."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.testclient import TestClient

from sweeper.serving.admission import Admission
from sweeper.serving.guards import add_guards

BIG_BODY = b"1" * 1000


class FullAdmission(Admission):
    """An admission that is always full."""

    @property
    def full(self) -> bool:
        return True


def _client(token: str | None) -> TestClient:
    app = FastAPI()
    add_guards(app, token, {("POST", "/work"): FullAdmission("test", 1, 0)}, max_body_bytes=100)

    @app.post("/work")
    async def work() -> None:
        raise AssertionError("a full admission lets nothing through")

    @app.post("/other")
    async def other() -> dict[str, bool]:
        return {"done": True}

    return TestClient(app)


def test_without_the_token_a_caller_learns_nothing_else() -> None:
    assert _client("t0ken").post("/work", content=BIG_BODY).status_code == 401


def test_a_full_admission_refuses_before_the_body_counts() -> None:
    answer = _client(None).post("/work", content=BIG_BODY)
    assert answer.status_code == 503 and answer.headers["Retry-After"] == "1"


def test_past_the_gates_the_body_limit_holds() -> None:
    client = _client(None)
    assert client.post("/other", content=BIG_BODY).status_code == 413
    assert client.post("/other").json() == {"done": True}
