"""Who may call a service: loopback-only by default, a bearer token for anything wider.

The token is checked twice over, by one function: a middleware in front of everything
(so a caller without it learns nothing else, not even that the service is busy), and
FastAPI's own ``HTTPBearer`` security on each operation, which also puts the bearer scheme
and the 401 answer into the OpenAPI schema. The docs page and the schema stay open.
"""

from __future__ import annotations

import hmac
import ipaddress
from typing import Any

from fastapi import Depends, Request
from fastapi.exceptions import HTTPException
from fastapi.security import HTTPBearer
from starlette.types import ASGIApp, Receive, Scope, Send

from sweeper.serving.docs import OPEN_PATHS
from sweeper.serving.errors import ErrorOut, error_answer

__all__ = [
    "BearerToken", "BearerTokenMiddleware", "bearer_token_options", "bind_refusal", "is_loopback",
    "token_refusal",
]

CHALLENGE = {"WWW-Authenticate": "Bearer"}


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


def token_refusal(supplied: bytes | None, token: str) -> str | None:
    """Why the ``Authorization`` header ``supplied`` does not carry ``token``, or None."""
    if supplied is not None and hmac.compare_digest(supplied, f"Bearer {token}".encode()):
        return None
    if supplied is None:
        return "missing Authorization header; send 'Authorization: Bearer <token>'"
    return "invalid token in the Authorization header"


class BearerToken(HTTPBearer):
    """FastAPI's ``HTTPBearer`` security that demands one token: a dependency that answers
    401 without it, and puts the bearer scheme into the OpenAPI schema."""

    def __init__(self, token: str) -> None:
        super().__init__(auto_error=False, description="The token the service was started "
                         "with (--token, or its environment variable).")
        self._token = token

    async def __call__(self, request: Request) -> None:  # type: ignore[override]
        supplied = request.headers.get("authorization")
        refusal = token_refusal(None if supplied is None else supplied.encode(), self._token)
        if refusal is not None:
            raise HTTPException(401, refusal, CHALLENGE)


def bearer_token_options(token: str | None) -> dict[str, Any]:
    """``FastAPI(...)`` keyword arguments that demand ``token`` on every operation, with
    the bearer scheme and the 401 answer in the schema; none without a token."""
    if token is None:
        return {}
    unauthorized = {"model": ErrorOut, "description": "No token, or the wrong one."}
    return {"dependencies": [Depends(BearerToken(token))], "responses": {401: unauthorized}}


class BearerTokenMiddleware:
    """Answers 401 to every HTTP request without ``Authorization: Bearer <token>``, except
    the docs page and the schema."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app = app
        self._token = token

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or _is_open(scope):
            await self.app(scope, receive, send)
            return
        refusal = token_refusal(_header(scope, b"authorization"), self._token)
        if refusal is None:
            await self.app(scope, receive, send)
            return
        await error_answer(401, refusal, CHALLENGE)(scope, receive, send)


def _is_open(scope: Scope) -> bool:
    path = str(scope["path"])
    return scope["method"] in ("GET", "HEAD") and any(
        path == open_path or path.startswith(f"{open_path}/") for open_path in OPEN_PATHS)


def _header(scope: Scope, name: bytes) -> bytes | None:
    for key, value in scope["headers"]:
        if key == name:
            return bytes(value)
    return None
