"""A size limit on request bodies for sweeper's HTTP services: past it, 413.

A declared ``Content-Length`` over the limit is refused before anything is read; a body
sent without one (chunked) is counted as it arrives and refused once it passes the
limit, so no more than the limit is ever held in memory. Unlike FastAPI's own
``max_body_size`` (plain-text "Content Too Large"), the answer is the services' usual
JSON ``{"detail": ...}`` naming the limit.
"""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from sweeper.serving.errors import error_answer

__all__ = ["BodySizeLimitMiddleware"]


class BodySizeLimitMiddleware:
    """Answers 413 ``{"detail": ...}`` to requests whose body is over ``max_bytes``."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _content_length(scope)
        if declared is not None and declared > self.max_bytes:
            refusal = error_answer(413, self.detail(f"{declared} bytes"))
            await refusal(scope, receive, send)
            return
        await self.app(scope, self._counting(receive), send)

    def detail(self, size: str) -> str:
        """The 413 message for a body of ``size``."""
        return f"the request body ({size}) is over this service's limit of {self.max_bytes} bytes"

    def _counting(self, receive: Receive) -> Receive:
        received = 0

        async def counted() -> Message:
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > self.max_bytes:
                # Raised inside the app's body read, which passes it on as a 413 answer.
                raise HTTPException(413, self.detail(f"more than {self.max_bytes} bytes"))
            return message

        return counted


def _content_length(scope: Scope) -> int | None:
    for key, value in scope["headers"]:
        if key == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None
