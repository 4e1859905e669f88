"""The bind policy: loopback without a token, anything wider only with a non-empty one."""

from __future__ import annotations

import pytest

from sweeper.serving.auth import bind_refusal, is_loopback

TOKEN_VARIABLE = "SWEEPER_TEST_TOKEN"
RISK = "do harm"


@pytest.mark.parametrize(("host", "loopback"), [
    ("127.0.0.1", True), ("127.5.0.1", True), ("localhost", True), ("::1", True),
    ("[::1]", True), ("0.0.0.0", False), ("::", False), ("192.168.1.5", False),
    ("example.org", False),
])
def test_is_loopback(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


def test_bind_policy() -> None:
    assert bind_refusal("127.0.0.1", None, TOKEN_VARIABLE, RISK) is None
    assert bind_refusal("0.0.0.0", "t0ken", TOKEN_VARIABLE, RISK) is None
    assert "empty" in (bind_refusal("0.0.0.0", " ", TOKEN_VARIABLE, RISK) or "")


def test_an_open_bind_without_a_token_names_the_risk_and_the_token_variable() -> None:
    assert bind_refusal("0.0.0.0", None, TOKEN_VARIABLE, RISK) == (
        "refusing to listen on 0.0.0.0 without a token: anyone who can reach it could "
        "do harm; pass --token (or set SWEEPER_TEST_TOKEN), or bind 127.0.0.1"
    )
