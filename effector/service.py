"""The effector's HTTP API (FastAPI): health, screen layout, screenshots, action batches, stop.

``create_app`` takes its screen and input back ends as arguments; ``create_display_app``
builds them on the real display (mss, and XTEST or pyautogui).

Admission control (:mod:`serving.admission`): batches run one at a time and at most
``batch_queue`` more wait; screenshots run ``capture_workers`` at a time with at most
``capture_queue`` waiting. Past that the answer is 503 with ``Retry-After`` at once, and
work still waiting after ``wait_s`` is dropped unexecuted (503). ``/health``, ``/screen``
and ``/stop`` run on the event loop and always answer. A stop aborts every batch that
arrived before it, running or waiting. Bodies over :data:`MAX_BODY_BYTES` get 413.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import FastAPI, Query, Request
from fastapi.responses import JSONResponse, Response

from sweeper.core import Rect
from sweeper.effector.actions import ActionBatch, BatchResult, InvalidBatchError, validate_batch
from sweeper.effector.encoding import (
    PNG_MEDIA_TYPE,
    RAW_MEDIA_TYPE,
    ImageFormat,
    encode_png,
    raw_headers,
)
from sweeper.effector.errors import (
    BatchAbortedError,
    CaptureFailedError,
    DisplayUnavailableError,
    InputFailedError,
    InvalidRegionError,
)
from sweeper.effector.regions import on_screen
from sweeper.effector.runner import BatchRunner, InputDevice
from sweeper.effector.screen_info import ScreenInfo
from sweeper.serving import (
    RETRY_AFTER_S,
    Admission,
    ErrorOut,
    NotStartedError,
    add_docs,
    add_error_handlers,
    add_guards,
    answer_with_status,
    bearer_token_options,
    error_answer,
    summarize_errors,
)

if TYPE_CHECKING:
    from sweeper.effector.capture import ScreenCapture, ScreenSource

MAX_LISTED_ERRORS = 3
MAX_BODY_BYTES = 1 << 20  # a batch of the most actions allowed takes about 200 KB


@dataclass(frozen=True)
class EffectorSettings:
    """Service options; with a ``token`` every request must carry it as a bearer token.

    The rest bound the work: batches waiting behind the running one, screenshots taken
    at once and waiting, and how long waiting work may wait before it is dropped.
    """

    token: str | None = None
    batch_queue: int = 4
    capture_workers: int = 2
    capture_queue: int = 4
    wait_s: float = 10.0


REGION_RULE = ("Part of the region to capture: give all four of left, top, width and "
               "height, or none (the whole screen); some but not all answers 422.")

BUSY_ANSWERS: dict[int | str, dict[str, Any]] = {
    413: {"model": ErrorOut, "description": "The body is over the size limit."},
    422: {"model": ErrorOut, "description": "A bad body, point, region, key or button."},
    503: {"model": ErrorOut, "description": "Busy (with Retry-After), waited too long, or "
          "the display failed."},
}


def create_app(
    screen_source: ScreenSource, device: InputDevice, settings: EffectorSettings | None = None
) -> FastAPI:
    """The effector's FastAPI application on the given back ends."""
    settings = settings or EffectorSettings()
    runner = BatchRunner(device)
    batches = Admission("effector's batch runner", 1, settings.batch_queue)
    captures = Admission(
        "effector's screen capture", settings.capture_workers, settings.capture_queue
    )

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        runner.stop()  # release held buttons now rather than after a long pause
        batches.close()
        captures.close()

    app = FastAPI(
        title="sweeper effector",
        description="Screenshots and mouse over HTTP. It knows nothing about Minesweeper.",
        docs_url=None,
        redoc_url=None,
        lifespan=lifespan,
        **bearer_token_options(settings.token),
    )
    gates = {("POST", "/actions"): batches, ("GET", "/screenshot"): captures}
    add_guards(app, settings.token, gates, MAX_BODY_BYTES)
    add_docs(app)
    _add_error_handlers(app, settings.wait_s)

    def start_by() -> float:
        return time.perf_counter() + settings.wait_s

    @app.get("/health")
    async def health() -> dict[str, str]:
        return {"status": "ok"}

    @app.get("/screen")
    async def screen() -> ScreenInfo:
        return screen_source.screen()

    @app.get(
        "/screenshot",
        response_class=Response,
        responses={
            200: {"content": {PNG_MEDIA_TYPE: {}, RAW_MEDIA_TYPE: {}}},
            **BUSY_ANSWERS,
        },
    )
    async def screenshot(
        left: Annotated[int | None, Query(description=REGION_RULE)] = None,
        top: Annotated[int | None, Query(description=REGION_RULE)] = None,
        width: Annotated[int | None, Query(gt=0, description=REGION_RULE)] = None,
        height: Annotated[int | None, Query(gt=0, description=REGION_RULE)] = None,
        format: ImageFormat = "png",
    ) -> Response:
        """The region (or the whole virtual screen) as PNG, or as raw BGR bytes.

        Give all four of ``left``, ``top``, ``width`` and ``height`` (screen pixels), or
        none of them for the whole screen; some but not all, or a region not inside the
        screen, answers 422.
        """
        region = resolve_region(screen_source.screen(), left, top, width, height)
        return await captures.run(
            lambda: _screenshot(screen_source, region, format), start_by=start_by()
        )

    @app.post("/actions", responses={**BUSY_ANSWERS, 409: {"model": ErrorOut}})
    async def actions(batch: ActionBatch) -> BatchResult:
        """Validate the whole batch, then run it in order."""
        ticket = runner.ticket()  # a stop from now on aborts this batch, even still waiting
        validate_batch(batch, screen_source.screen(), device.fail_safe_points)
        return await batches.run(lambda: runner.run(batch, ticket), start_by=start_by())

    @app.post("/stop")
    async def stop() -> dict[str, bool]:
        """Abort the running batch and every waiting one."""
        return {"was_running": runner.stop()}

    return app


def _screenshot(screen_source: ScreenSource, region: Rect, image_format: ImageFormat) -> Response:
    image = screen_source.grab(region)
    if image_format == "raw":
        return Response(image.data, media_type=RAW_MEDIA_TYPE, headers=raw_headers(image))
    return Response(encode_png(image), media_type=PNG_MEDIA_TYPE)


def create_display_app(
    settings: EffectorSettings | None = None,
) -> tuple[FastAPI, ScreenCapture]:
    """The app on the real display, and the capture object to close after serving.

    Raises ``DisplayUnavailableError`` with a clear message when there is no display.
    """
    from sweeper.effector.capture import ScreenCapture
    from sweeper.effector.input import open_input

    capture = ScreenCapture()
    return create_app(capture, open_input(), settings), capture


def resolve_region(
    screen: Rect, left: int | None, top: int | None, width: int | None, height: int | None
) -> Rect:
    """The screenshot region: all four values, or none for the whole screen."""
    values = {"left": left, "top": top, "width": width, "height": height}
    missing = [name for name, value in values.items() if value is None]
    if len(missing) == len(values):
        return on_screen(screen, None)
    if missing:
        raise InvalidRegionError(
            f"give all of left, top, width and height, or none of them; missing: "
            f"{', '.join(missing)}"
        )
    return on_screen(screen, Rect.model_validate(values))


def describe_validation_errors(errors: Sequence[Any]) -> str:
    """One line naming each invalid field, e.g. ``body actions[2].click.button: ...``."""
    return summarize_errors(errors, _describe_error, MAX_LISTED_ERRORS)


def _describe_error(error: Any) -> str:
    source, *path = error.get("loc", ()) or ("request",)
    field = ""
    for part in path:
        field += f"[{part}]" if isinstance(part, int) else f".{part}"
    field = field.lstrip(".")
    message = str(error.get("msg", "invalid"))
    if error.get("type") == "json_invalid":
        message = f"invalid JSON ({error.get('ctx', {}).get('error', 'parse error')})"
        field = f"at character {path[0]}" if path else ""
    place = f"{source} {field}".strip() if field else str(source)
    return f"{place}: {message}"


def _add_error_handlers(app: FastAPI, wait_s: float) -> None:
    add_error_handlers(app, describe_validation_errors, "body: cannot be read as JSON ({cause})")
    answer_with_status(app, 422, InvalidBatchError, InvalidRegionError)
    answer_with_status(app, 503, CaptureFailedError, InputFailedError, DisplayUnavailableError)

    async def aborted(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, BatchAbortedError)
        return error_answer(409, exc.detail, executed=exc.executed, total=exc.total)

    async def waited_too_long(request: Request, exc: Exception) -> JSONResponse:
        detail = f"waited more than {wait_s:g} s for its turn and was dropped; nothing was done"
        return error_answer(503, detail, {"Retry-After": str(RETRY_AFTER_S)})

    app.add_exception_handler(BatchAbortedError, aborted)
    app.add_exception_handler(NotStartedError, waited_too_long)
