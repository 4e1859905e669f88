"""The middlewares in front of each service, in the one order both need.

Outermost first: the token check, so a caller without the token learns nothing else (not
even that the service is busy); then the refusal of work for a full admission, before any
body is read; then the body size limit.
"""

from __future__ import annotations

from collections.abc import Mapping

from starlette.applications import Starlette

from sweeper.serving.admission import Admission, RefuseWhenFullMiddleware
from sweeper.serving.auth import BearerTokenMiddleware
from sweeper.serving.body_limit import BodySizeLimitMiddleware

__all__ = ["add_guards"]


def add_guards(
    app: Starlette,
    token: str | None,
    gates: Mapping[tuple[str, str], Admission],
    max_body_bytes: int,
) -> None:
    """Guard ``app``: with ``token`` every request must carry it; a request for a full
    admission in ``gates`` ((method, path) -> admission) is refused; larger bodies than
    ``max_body_bytes`` are refused."""
    # Starlette runs the middleware added last first.
    app.add_middleware(BodySizeLimitMiddleware, max_bytes=max_body_bytes)
    app.add_middleware(RefuseWhenFullMiddleware, gates=gates)
    if token is not None:
        app.add_middleware(BearerTokenMiddleware, token=token)
