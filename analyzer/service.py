"""The analyzer over HTTP (FastAPI): ``POST /analyze``, ``GET /health``, docs at ``/docs``.

Limits: a board has at most :data:`~analyzer.limits.MAX_CELLS` cells (its text at most
:data:`~analyzer.limits.MAX_BOARD_TEXT` characters; larger: 422) and a body at most
:data:`MAX_BODY_BYTES` bytes (larger: 413). Each request has a time limit
(``time_limit_s``, 10 s by default) counted from its arrival; past it the answer is 503.

Admission control (:mod:`serving.admission`): ``workers`` analyses run at once (one by
default), at most ``queue`` more wait (4 per worker), and any request past that is
answered 503 with ``Retry-After`` at once, before its body is read. Each analysis runs in
a child process (:mod:`analyzer.processes`), so the event loop that answers ``/health``
and the refusals never waits for the interpreter lock; a child past its time limit is
killed.

Errors are always ``{"detail": "<one line>"}`` (:mod:`serving.errors`): 422 for a
request or board that is wrong (naming the field, or the rows and cells at fault), 413
for a body over the limit, 503 when busy or past the time limit, and 500 only for a
fault in the analyzer itself, without a traceback.
"""

from __future__ import annotations

import logging
import time
import weakref
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field, StrictInt, StrictStr

from sweeper.analyzer.errors import AnalysisError, AnalysisTimeoutError
from sweeper.analyzer.limits import MAX_CELLS
from sweeper.analyzer.processes import AnalysisProcesses
from sweeper.core import MAX_BOARD_TEXT, BoardError, Rules, parse_board
from sweeper.serving import (
    Admission,
    ErrorOut,
    NotFinishedError,
    NotStartedError,
    add_docs,
    add_error_handlers,
    add_guards,
    answer_with_status,
    bearer_token_options,
    error_answer,
    summarize_errors,
)

DEFAULT_TIME_LIMIT_S = 10.0
# Analyses run at once, each in a child process: on two cores, one leaves the other core
# to the event loop and the HTTP work.
DEFAULT_WORKERS = 1
MAX_BODY_BYTES = 1 << 20  # a board at the cell limit takes well under 100 KB of JSON
MAX_LISTED_ERRORS = 5

_log = logging.getLogger(__name__)

EXAMPLE_BOARD = "01.\n02.\n01.\n"  # 2 mines: (0, 2) and (2, 2); (1, 2) is safe
EXAMPLE_MINES = 2


class AnalyzeRequest(BaseModel):
    """A board as the player sees it and the game's total number of mines."""

    board: Annotated[StrictStr, Field(
        max_length=MAX_BOARD_TEXT,
        description="Board text: one line per row; '.' unopened, 'F' flag, '*' revealed "
        f"mine, '0'-'8' opened. At most {MAX_CELLS} cells (x-max-cells); the text's "
        f"{MAX_BOARD_TEXT} characters leave room for a line ending after each row of a "
        "one-column board. A board no schema can judge (rows of unequal length, more "
        "cells than the limit, no mine placement that fits) answers 422.",
        examples=[EXAMPLE_BOARD],
        json_schema_extra={"x-max-cells": MAX_CELLS},
    )]
    total_mines: Annotated[StrictInt, Field(
        description="Mines in the whole game, flagged ones included.",
        examples=[EXAMPLE_MINES],
    )]
    rules: Rules = Field(
        default="safe",
        description="First-click rules: 'safe' (never a mine) or 'opening' (always a 0).",
    )


class MoveOut(BaseModel):
    row: int
    col: int
    action: str = Field(description="Always 'open'.")
    p_mine: float
    reason: str


class AnalyzeResponse(BaseModel):
    width: int
    height: int
    safe: list[list[int]] = Field(description="Every unopened cell certainly not a mine.")
    mines: list[list[int]] = Field(description="Every unopened, unflagged cell certainly a mine.")
    probabilities: list[list[float | None]] = Field(
        description="Exact mine probability per cell; null for opened cells, 1 for flags."
    )
    move: MoveOut | None = Field(description="The cell to open next; null if none is left.")
    elapsed_ms: float


class HealthOut(BaseModel):
    status: str


def create_app(
    time_limit_s: float | None = DEFAULT_TIME_LIMIT_S,
    token: str | None = None,
    workers: int | None = None,
    queue: int | None = None,
) -> FastAPI:
    """The analyzer's FastAPI application; with ``token``, every request must carry
    ``Authorization: Bearer <token>`` (else 401). ``workers`` analyses run at once
    (default 1) and ``queue`` more may wait (default 4 per worker)."""
    workers = workers or DEFAULT_WORKERS
    admission = Admission("analyzer", workers, 4 * workers if queue is None else queue)
    processes = AnalysisProcesses(workers)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # Z3 loaded before the first request
        processes.warm_up(parse_board(EXAMPLE_BOARD), EXAMPLE_MINES)
        yield
        admission.close()

    # the children outlive a lifespan (a test client may run several) and end with the app
    app = FastAPI(
        title="sweeper analyzer",
        summary="Exact Minesweeper deductions (Z3) and exact mine probabilities.",
        version="0.1.0",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        **bearer_token_options(token),
    )
    weakref.finalize(app, processes.close)
    add_guards(app, token, {("POST", "/analyze"): admission}, MAX_BODY_BYTES)
    add_docs(app)

    @app.get("/health", response_model=HealthOut)
    async def health() -> dict[str, str]:
        return {"status": "ok"}

    @app.post(
        "/analyze",
        response_model=AnalyzeResponse,
        responses={
            413: {"model": ErrorOut, "description": "The body is over the size limit."},
            422: {"model": ErrorOut, "description": "The request or the board is wrong."},
            503: {"model": ErrorOut, "description": "Busy (with Retry-After), or past the "
                  "time limit."},
        },
    )
    async def analyze_board(request: AnalyzeRequest) -> JSONResponse:
        """Certain cells, exact probabilities and the next move for one board."""
        deadline = None if time_limit_s is None else time.perf_counter() + time_limit_s
        return await admission.run(
            lambda: _answer(processes, request, deadline), start_by=deadline, finish_by=deadline
        )

    _add_error_handlers(app, time_limit_s)
    return app


def _answer(processes: AnalysisProcesses, request: AnalyzeRequest,
            deadline: float | None) -> JSONResponse:
    """The 200 answer, computed in a child process while a worker thread waits; a fault
    of the analyzer itself is a 500 answer here, so it never reaches the server (which
    would drop the connection)."""
    board = parse_board(request.board)  # a wrong board is told at once, in this process
    left = None if deadline is None else deadline - time.perf_counter()
    if left is not None and left <= 0:
        raise AnalysisTimeoutError("the analysis did not start before its time limit")
    try:
        return JSONResponse(
            processes.analyze(board, request.total_mines, request.rules, left))
    except (AnalysisError, AnalysisTimeoutError):
        raise
    except Exception as fault:
        _log.exception("analyzer fault")
        return _fault_answer(fault)


def _fault_answer(fault: BaseException) -> JSONResponse:
    detail = f"internal analyzer error ({type(fault).__name__}); see the service log"
    return error_answer(500, detail)


def describe_validation_errors(errors: Sequence[Any]) -> str:
    """One line naming each invalid field, e.g. ``body.total_mines: Field required``."""
    return "invalid request: " + summarize_errors(errors, _describe_error, MAX_LISTED_ERRORS)


def _describe_error(error: Any) -> str:
    location = [str(part) for part in error.get("loc", ())] or ["request"]
    message = str(error.get("msg", "invalid"))
    if error.get("type") == "json_invalid":
        at = f" at character {location[1]}" if len(location) > 1 else ""
        return f"the body is not valid JSON{at}: {error.get('ctx', {}).get('error', message)}"
    return f"{'.'.join(location)}: {message}"


def _add_error_handlers(app: FastAPI, time_limit_s: float | None) -> None:
    limit = "its time limit"
    if time_limit_s is not None:
        limit = f"the {time_limit_s:g} s time limit of this service, counted from arrival"

    add_error_handlers(app, describe_validation_errors, "the body cannot be read as JSON: {cause}")
    answer_with_status(app, 422, BoardError, AnalysisError)

    async def out_of_time(request: Request, exc: Exception) -> JSONResponse:
        return error_answer(503, f"{exc} ({limit})")

    async def not_in_time(request: Request, exc: Exception) -> JSONResponse:
        started = "did not finish" if isinstance(exc, NotFinishedError) else "did not start"
        return error_answer(503, f"the analysis {started} within {limit}")

    async def internal_fault(request: Request, exc: Exception) -> JSONResponse:
        _log.exception("analyzer fault", exc_info=exc)
        return _fault_answer(exc)

    app.add_exception_handler(AnalysisTimeoutError, out_of_time)
    app.add_exception_handler(NotStartedError, not_in_time)
    app.add_exception_handler(NotFinishedError, not_in_time)
    app.add_exception_handler(Exception, internal_fault)
