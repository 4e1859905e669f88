"""The analyzer service is loopback-only unless it is given a token, which it then demands."""

from __future__ import annotations

import subprocess
import sys

from fastapi.testclient import TestClient

from sweeper.analyzer.service import create_app

BODY = {"board": "1.\n..\n", "total_mines": 1}


def test_with_a_token_every_request_must_carry_it() -> None:
    with TestClient(create_app(token="s3cret")) as client:
        assert client.get("/health").status_code == 401
        wrong = client.post("/analyze", json=BODY, headers={"Authorization": "Bearer nope"})
        assert wrong.status_code == 401 and "invalid token" in wrong.json()["detail"]
        right = client.post("/analyze", json=BODY, headers={"Authorization": "Bearer s3cret"})
        assert right.status_code == 200 and right.json()["width"] == 2


def test_binding_beyond_loopback_without_a_token_is_refused() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "sweeper", "serve", "analyzer", "--host", "0.0.0.0"],
        capture_output=True, text=True, check=False, timeout=30,
        env={"PATH": "/usr/bin:/bin"},
    )
    assert result.returncode == 2
    assert "without a token" in result.stderr and "SWEEPER_ANALYZER_TOKEN" in result.stderr
