"""Who may call a service: loopback-only by default, a bearer token for anything wider."""

from __future__ import annotations

import hmac
import ipaddress

from starlette.types import ASGIApp, Receive, Scope, Send

from sweeper.serving.errors import error_answer

__all__ = ["BearerTokenMiddleware", "bind_refusal", "is_loopback"]


def is_loopback(host: str) -> bool:
    """Whether binding ``host`` keeps the service reachable from this machine only."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def bind_refusal(host: str, token: str | None, token_variable: str, risk: str) -> str | None:
    """Why binding ``host`` with ``token`` is refused, or None if it is allowed.

    ``token_variable`` names the service's token variable and ``risk`` what an open
    service would let anyone do (e.g. "move this machine's mouse").
    """
    if token is None and not is_loopback(host):
        return (
            f"refusing to listen on {host} without a token: anyone who can reach it could "
            f"{risk}; pass --token (or set {token_variable}), or bind 127.0.0.1"
        )
    if token is not None and not token.strip():
        return "the token must not be empty"
    return None


class BearerTokenMiddleware:
    """Answers 401 to every HTTP request without ``Authorization: Bearer <token>``."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app = app
        self._expected = f"Bearer {token}".encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        supplied = _header(scope, b"authorization")
        if supplied is not None and hmac.compare_digest(supplied, self._expected):
            await self.app(scope, receive, send)
            return
        detail = (
            "missing Authorization header; send 'Authorization: Bearer <token>'"
            if supplied is None
            else "invalid token in the Authorization header"
        )
        refusal = error_answer(401, detail, {"WWW-Authenticate": "Bearer"})
        await refusal(scope, receive, send)


def _header(scope: Scope, name: bytes) -> bytes | None:
    for key, value in scope["headers"]:
        if key == name:
            return bytes(value)
    return None
