"""What sweeper's HTTP services (the analyzer's and the effector's) share, and nothing about
screens or Minesweeper. One module per job:

- :mod:`serving.auth`: who may call a service (loopback by default, a token for wider);
- :mod:`serving.docs`: the Swagger UI page at ``/docs``, served without a CDN;
- :mod:`serving.listen`: the listening socket, bound before the server starts, and serving;
- :mod:`serving.admission`: how much work a service takes at once, and 503 past that;
- :mod:`serving.body_limit`: how large a request body may be, and 413 past that;
- :mod:`serving.guards`: those three in front of a service, in the order both need;
- :mod:`serving.errors`: the one error shape, ``{"detail": "<one line>"}``;
- :mod:`serving.handlers`: the exception handlers both services register;
- :mod:`serving.arguments`: the argparse types of their command lines (ports, counts, tokens).

It imports only the core (for :class:`~sweeper.core.SweeperError` and the lazy loading).

Each public name is also here, loaded from its module on first use: importing the package
alone imports none of them, nor Starlette, and :mod:`serving.arguments` needs only
argparse, so a command line that uses it starts fast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sweeper.core import lazy_attributes

if TYPE_CHECKING:
    from sweeper.serving.admission import (
        RETRY_AFTER_S,
        Admission,
        NotFinishedError,
        NotStartedError,
        OverloadedError,
        RefuseWhenFullMiddleware,
        overloaded_answer,
    )
    from sweeper.serving.arguments import folder, port, token, whole_number
    from sweeper.serving.auth import (
        BearerToken,
        BearerTokenMiddleware,
        bearer_token_options,
        bind_refusal,
        is_loopback,
        token_refusal,
    )
    from sweeper.serving.body_limit import BodySizeLimitMiddleware
    from sweeper.serving.docs import add_docs
    from sweeper.serving.errors import ErrorOut, error_answer
    from sweeper.serving.guards import add_guards
    from sweeper.serving.handlers import add_error_handlers, answer_with_status, summarize_errors
    from sweeper.serving.listen import ListenError, listening_socket, serve

__all__ = [
    "RETRY_AFTER_S",
    "Admission",
    "BearerToken",
    "BearerTokenMiddleware",
    "BodySizeLimitMiddleware",
    "ErrorOut",
    "ListenError",
    "NotFinishedError",
    "NotStartedError",
    "OverloadedError",
    "RefuseWhenFullMiddleware",
    "add_docs",
    "add_error_handlers",
    "add_guards",
    "answer_with_status",
    "bearer_token_options",
    "bind_refusal",
    "error_answer",
    "folder",
    "is_loopback",
    "listening_socket",
    "overloaded_answer",
    "port",
    "serve",
    "summarize_errors",
    "token",
    "token_refusal",
    "whole_number",
]

# The module that defines each public name (each module's own ``__all__`` lists them).
_HOME_OF = {
    "RETRY_AFTER_S": "sweeper.serving.admission",
    "Admission": "sweeper.serving.admission",
    "NotFinishedError": "sweeper.serving.admission",
    "NotStartedError": "sweeper.serving.admission",
    "OverloadedError": "sweeper.serving.admission",
    "RefuseWhenFullMiddleware": "sweeper.serving.admission",
    "overloaded_answer": "sweeper.serving.admission",
    "folder": "sweeper.serving.arguments",
    "port": "sweeper.serving.arguments",
    "token": "sweeper.serving.arguments",
    "whole_number": "sweeper.serving.arguments",
    "BearerToken": "sweeper.serving.auth",
    "BearerTokenMiddleware": "sweeper.serving.auth",
    "bearer_token_options": "sweeper.serving.auth",
    "token_refusal": "sweeper.serving.auth",
    "bind_refusal": "sweeper.serving.auth",
    "is_loopback": "sweeper.serving.auth",
    "BodySizeLimitMiddleware": "sweeper.serving.body_limit",
    "add_docs": "sweeper.serving.docs",
    "ListenError": "sweeper.serving.listen",
    "listening_socket": "sweeper.serving.listen",
    "serve": "sweeper.serving.listen",
    "ErrorOut": "sweeper.serving.errors",
    "error_answer": "sweeper.serving.errors",
    "add_guards": "sweeper.serving.guards",
    "add_error_handlers": "sweeper.serving.handlers",
    "answer_with_status": "sweeper.serving.handlers",
    "summarize_errors": "sweeper.serving.handlers",
}


__getattr__ = lazy_attributes(__name__, _HOME_OF)
