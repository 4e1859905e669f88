"""The analyzer over HTTP (FastAPI): ``POST /analyze``, ``GET /health``, docs at ``/docs``.

Limits: a board has at most :data:`MAX_CELLS` cells (its text at most
:data:`MAX_BOARD_TEXT` characters); larger ones get a 422. Each request has a time
limit (``time_limit_s``, 10 s by default); past it the answer is 503 with a message.
Requests run in worker threads; their Z3 checks take turns (Z3's Python context is
shared), so a slow board can delay others, but ``/health`` always answers.

Errors are always ``{"detail": "<one line>"}``: 422 for a request or board that is
wrong (naming the field, or the rows and cells at fault), 503 past the time limit, and
500 only for a fault in the analyzer itself, without a traceback.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field, StrictInt, StrictStr

from analyzer.api import analyze
from analyzer.board import BoardError, parse_board
from analyzer.errors import AnalysisError, AnalysisTimeoutError
from analyzer.rules import Rules
from effector.auth import BearerTokenMiddleware

MAX_CELLS = 10_000
MAX_BOARD_TEXT = 3 * MAX_CELLS  # room for "\r\n" after every row of a 1-wide board
DEFAULT_TIME_LIMIT_S = 10.0
MAX_LISTED_ERRORS = 5

_log = logging.getLogger(__name__)

EXAMPLE_BOARD = "01.\n02.\n01.\n"  # 2 mines: (0, 2) and (2, 2); (1, 2) is safe
EXAMPLE_MINES = 2


class AnalyzeRequest(BaseModel):
    """A board as the player sees it and the game's total number of mines."""

    board: Annotated[StrictStr, Field(
        max_length=MAX_BOARD_TEXT,
        description="Board text: one line per row; '.' unopened, 'F' flag, '*' revealed "
        f"mine, '0'-'8' opened. At most {MAX_CELLS} cells.",
        examples=[EXAMPLE_BOARD],
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


class ErrorOut(BaseModel):
    detail: str


class HealthOut(BaseModel):
    status: str


def create_app(
    time_limit_s: float | None = DEFAULT_TIME_LIMIT_S, token: str | None = None
) -> FastAPI:
    """The analyzer's FastAPI application; with ``token``, every request must carry
    ``Authorization: Bearer <token>`` (else 401)."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        analyze(parse_board(EXAMPLE_BOARD), EXAMPLE_MINES)  # load Z3 before the first request
        yield

    app = FastAPI(
        title="sweeper analyzer",
        summary="Exact Minesweeper deductions (Z3) and exact mine probabilities.",
        version="0.1.0",
        lifespan=lifespan,
    )
    if token is not None:
        app.add_middleware(BearerTokenMiddleware, token=token)

    @app.get("/health", response_model=HealthOut)
    def health() -> dict[str, str]:
        return {"status": "ok"}

    @app.post(
        "/analyze",
        response_model=AnalyzeResponse,
        responses={422: {"model": ErrorOut}, 503: {"model": ErrorOut}},
    )
    def analyze_board(request: AnalyzeRequest) -> dict[str, Any]:
        """Certain cells, exact probabilities and the next move for one board."""
        board = parse_board(request.board)
        cells = board.width * board.height
        if cells > MAX_CELLS:
            raise AnalysisError(
                f"the board has {cells} cells ({board.width}x{board.height}); "
                f"at most {MAX_CELLS} are served"
            )
        return analyze(board, request.total_mines, request.rules, time_limit_s).to_json()

    _add_error_handlers(app)
    return app


def describe_validation_errors(errors: Sequence[Any]) -> str:
    """One line naming each invalid field, e.g. ``body.total_mines: Field required``."""
    parts = [_describe_error(error) for error in errors[:MAX_LISTED_ERRORS]]
    if len(errors) > MAX_LISTED_ERRORS:
        parts.append(f"and {len(errors) - MAX_LISTED_ERRORS} more")
    return "invalid request: " + "; ".join(parts)


def _describe_error(error: Any) -> str:
    location = [str(part) for part in error.get("loc", ())] or ["request"]
    message = str(error.get("msg", "invalid"))
    if error.get("type") == "json_invalid":
        at = f" at character {location[1]}" if len(location) > 1 else ""
        return f"the body is not valid JSON{at}: {error.get('ctx', {}).get('error', message)}"
    return f"{'.'.join(location)}: {message}"


def _add_error_handlers(app: FastAPI) -> None:
    async def request_invalid(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, RequestValidationError)
        return JSONResponse({"detail": describe_validation_errors(exc.errors())}, 422)

    async def unprocessable(request: Request, exc: Exception) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, 422)

    async def out_of_time(request: Request, exc: Exception) -> JSONResponse:
        return JSONResponse({"detail": f"{exc} (time limit of this service)"}, 503)

    async def internal_fault(request: Request, exc: Exception) -> JSONResponse:
        _log.exception("analyzer fault", exc_info=exc)
        return JSONResponse(
            {"detail": f"internal analyzer error ({type(exc).__name__}); see the service log"},
            500,
        )

    app.add_exception_handler(RequestValidationError, request_invalid)
    app.add_exception_handler(BoardError, unprocessable)
    app.add_exception_handler(AnalysisError, unprocessable)
    app.add_exception_handler(AnalysisTimeoutError, out_of_time)
    app.add_exception_handler(Exception, internal_fault)
