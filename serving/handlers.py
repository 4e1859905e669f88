"""The exception handlers both services register, answering in the one error shape.

A request FastAPI finds invalid is a 422 naming the fields at fault, in the service's
own words; a body FastAPI cannot read at all (its 400, e.g. not UTF-8) is a 422 too;
Starlette's own HTTP errors (404, 405, the body limit's 413) keep their status and
headers; work that admission control refuses is a 503 with ``Retry-After``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException
from starlette.responses import JSONResponse

from sweeper.serving.admission import OverloadedError, overloaded_answer
from sweeper.serving.errors import error_answer

__all__ = ["add_error_handlers", "answer_with_status", "summarize_errors"]


def add_error_handlers(
    app: FastAPI, describe_invalid: Callable[[Sequence[Any]], str], unreadable_body: str
) -> None:
    """Register the shared handlers on ``app``: ``describe_invalid`` words FastAPI's list
    of validation errors, and ``unreadable_body`` (with ``{cause}``) a body it cannot read."""

    async def request_invalid(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, RequestValidationError)
        return error_answer(422, describe_invalid(exc.errors()))

    async def http_error(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, HTTPException)
        if exc.status_code == 400:  # FastAPI could not read the body (e.g. not UTF-8)
            return error_answer(422, unreadable_body.format(cause=exc.__cause__ or exc.detail))
        return error_answer(exc.status_code, str(exc.detail), exc.headers)

    async def busy(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, OverloadedError)
        return overloaded_answer(exc)

    app.add_exception_handler(RequestValidationError, request_invalid)
    app.add_exception_handler(HTTPException, http_error)
    app.add_exception_handler(OverloadedError, busy)


def answer_with_status(app: FastAPI, status: int, *error_types: type[Exception]) -> None:
    """Answer each of ``error_types`` with ``status`` and the error's message as the detail."""

    async def answer(request: Request, exc: Exception) -> JSONResponse:
        return error_answer(status, str(exc))

    for error_type in error_types:
        app.add_exception_handler(error_type, answer)


def summarize_errors(errors: Sequence[Any], describe: Callable[[Any], str], most: int) -> str:
    """The first ``most`` errors, each worded by ``describe``, then how many more there are."""
    parts = [describe(error) for error in errors[:most]]
    if len(errors) > most:
        parts.append(f"and {len(errors) - most} more")
    return "; ".join(parts)
