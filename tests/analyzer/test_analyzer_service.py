"""The analyzer's HTTP service through FastAPI's TestClient (the real app, in process)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from sweeper.analyzer.limits import MAX_CELLS
from sweeper.analyzer.service import create_app
from sweeper.core import RULES

NEEDS_Z3 = "01.\n02.\n01.\n"
# A 2 in the corner and an 8 mid-board: its exact endgame once recursed past Python's limit.
DEEP_ENDGAME = "\n".join(
    "2" + "." * 29 if row == 0 else "." * 21 + "8" + "." * 8 if row == 7 else "." * 30
    for row in range(16)
)


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as test_client:
        yield test_client


def _error(client: TestClient, body: Any, status: int = 422) -> str:
    response = client.post("/analyze", json=body)
    assert response.status_code == status, response.text
    data = response.json()
    assert set(data) == {"detail"}
    assert isinstance(data["detail"], str)
    return str(data["detail"])


def test_analyze_answers_the_contract_shape(client: TestClient) -> None:
    response = client.post("/analyze", json={"board": NEEDS_Z3, "total_mines": 2})
    assert response.status_code == 200
    data = response.json()
    assert set(data) == {"width", "height", "safe", "mines", "probabilities", "move",
                         "elapsed_ms"}
    assert data["safe"] == [[1, 2]]
    assert data["mines"] == [[0, 2], [2, 2]]
    assert data["probabilities"] == [[None, None, 1.0], [None, None, 0.0], [None, None, 1.0]]
    assert data["move"] == {"row": 1, "col": 2, "action": "open", "p_mine": 0.0,
                            "reason": "certainly safe"}
    assert data["elapsed_ms"] > 0


def test_a_board_with_a_deep_endgame_is_answered(client: TestClient) -> None:
    body = {"board": DEEP_ENDGAME, "total_mines": 11, "rules": "opening"}
    response = client.post("/analyze", json=body)
    assert response.status_code == 200, response.text
    assert len(response.json()["mines"]) == 8
    assert client.get("/health").status_code == 200


def test_rules_choose_the_first_click(client: TestClient) -> None:
    board = ".....\n" * 5
    moves = {
        rules: client.post(
            "/analyze", json={"board": board, "total_mines": 5, "rules": rules}
        ).json()["move"]
        for rules in RULES
    }
    assert (moves["safe"]["row"], moves["safe"]["col"]) == (0, 0)
    assert (moves["opening"]["row"], moves["opening"]["col"]) == (2, 2)


def test_an_expert_board_with_flags_and_crlf(client: TestClient) -> None:
    board = "\r\n".join(["F1" + "." * 28, "11" + "." * 28] + ["." * 30] * 14) + "\r\n"
    response = client.post("/analyze", json={"board": board, "total_mines": 99})
    assert response.status_code == 200
    data = response.json()
    assert (data["width"], data["height"]) == (30, 16)
    assert data["probabilities"][0][0] == 1.0
    assert [0, 2] in data["safe"]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"board": "...\n..\n", "total_mines": 1}, "row 1 has 2 cells but row 0 has 3"),
        ({"board": "..x\n...\n", "total_mines": 1}, "row 0, column 2: unknown cell character"),
        ({"board": "", "total_mines": 0}, "the board is empty"),
        ({"board": "...\n", "total_mines": -1}, "total_mines must be 0 or more"),
        ({"board": "...\n", "total_mines": 4}, "more than the 3 cells"),
        ({"board": "3.\n1.\n", "total_mines": 2}, "the 3 at row 0, column 0 needs 3 more"),
        ({"board": "FF.\n...\n", "total_mines": 1}, "2 flags and revealed mines"),
        ({"board": ".1.\n.3.\n", "total_mines": 2}, "fits the numbers at (row 0, column 1)"),
        ({"board": "...\n", "total_mines": "two"}, "body.total_mines"),
        ({"board": "...\n", "total_mines": 1.5}, "body.total_mines"),
        ({"board": ["...", "..."], "total_mines": 1}, "body.board"),
        ({"board": "...\n", "total_mines": 1, "rules": "lucky"}, "body.rules"),
        ({"total_mines": 1}, "body.board: Field required"),
        ({"board": "...\n"}, "body.total_mines: Field required"),
        ([1, 2], "body"),
    ],
)
def test_bad_requests_get_422_saying_what_and_where(
    client: TestClient, body: Any, expected: str
) -> None:
    assert expected in _error(client, body)


def test_a_body_that_is_not_json_gets_422(client: TestClient) -> None:
    response = client.post(
        "/analyze", content=b'{"board": ', headers={"content-type": "application/json"}
    )
    assert response.status_code == 422
    assert "not valid JSON" in response.json()["detail"]


def test_boards_too_large_to_serve_get_422(client: TestClient) -> None:
    side = 101
    board = ("." * side + "\n") * side
    detail = _error(client, {"board": board, "total_mines": 10})
    assert f"{side * side} cells" in detail and str(MAX_CELLS) in detail


def test_board_text_beyond_the_size_limit_is_refused_before_parsing(client: TestClient) -> None:
    detail = _error(client, {"board": "." * 40_000, "total_mines": 1})
    assert "body.board" in detail


def test_past_the_time_limit_the_answer_is_503() -> None:
    with TestClient(create_app(time_limit_s=0.0)) as slow_client:
        detail = _error(slow_client, {"board": NEEDS_Z3, "total_mines": 2}, status=503)
    assert "time" in detail


def test_health(client: TestClient) -> None:
    response = client.get("/health")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


def test_openapi_docs_describe_the_endpoint(client: TestClient) -> None:
    assert client.get("/docs").status_code == 200
    schema = client.get("/openapi.json").json()
    assert "/analyze" in schema["paths"]
    request_schema = schema["components"]["schemas"]["AnalyzeRequest"]
    assert set(request_schema["required"]) == {"board", "total_mines"}
