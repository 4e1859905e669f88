"""The one error shape of sweeper's services: ``{"detail": "<one line>"}``, with the
status code saying what kind of error it is (a few answers add fields, such as the
effector's ``executed`` and ``total`` for an aborted batch)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel
from starlette.responses import JSONResponse

__all__ = ["ErrorOut", "error_answer"]


# No docstring: it would become the description of the schema in each OpenAPI document.
class ErrorOut(BaseModel):
    detail: str


def error_answer(
    status: int, detail: str, headers: Mapping[str, str] | None = None, **extra: Any
) -> JSONResponse:
    """An error answer: ``detail`` (and any ``extra`` fields) as JSON, with ``status``."""
    return JSONResponse({"detail": detail, **extra}, status, headers)
