"""The effector's HTTP API (FastAPI): health, screen layout, screenshots, action batches, stop.

``create_app`` takes its screen and input back ends as arguments; ``create_display_app``
builds them on the real display (mss and pyautogui).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Protocol

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response

from effector.actions import ActionBatch, BatchResult, InvalidBatchError, validate_batch
from effector.auth import BearerTokenMiddleware
from effector.encoding import (
    PNG_MEDIA_TYPE,
    RAW_MEDIA_TYPE,
    Image,
    ImageFormat,
    encode_png,
    raw_headers,
)
from effector.errors import (
    BatchAbortedError,
    CaptureFailedError,
    DisplayUnavailableError,
    InputFailedError,
)
from effector.geometry import Rect, ScreenInfo
from effector.runner import BatchRunner, InputDevice

if TYPE_CHECKING:
    from effector.capture import ScreenCapture

MAX_LISTED_ERRORS = 3


class ScreenSource(Protocol):
    """Where screenshots come from (see ``effector.capture.ScreenCapture``)."""

    def screen(self) -> ScreenInfo: ...

    def grab(self, region: Rect) -> Image: ...


@dataclass(frozen=True)
class EffectorSettings:
    """Service options; with a ``token`` every request must carry it as a bearer token."""

    token: str | None = None


class InvalidRegionError(ValueError):
    """A screenshot region that is incomplete or not on the screen."""


def create_app(
    screen_source: ScreenSource, device: InputDevice, settings: EffectorSettings | None = None
) -> FastAPI:
    """The effector's FastAPI application on the given back ends."""
    settings = settings or EffectorSettings()
    runner = BatchRunner(device)
    app = FastAPI(
        title="sweeper effector",
        description="Screenshots and mouse over HTTP. It knows nothing about Minesweeper.",
        docs_url=None,
        redoc_url=None,
    )
    if settings.token is not None:
        app.add_middleware(BearerTokenMiddleware, token=settings.token)
    _add_error_handlers(app)

    @app.get("/health")
    def health() -> dict[str, str]:
        return {"status": "ok"}

    @app.get("/screen")
    def screen() -> ScreenInfo:
        return screen_source.screen()

    @app.get(
        "/screenshot",
        response_class=Response,
        responses={200: {"content": {PNG_MEDIA_TYPE: {}, RAW_MEDIA_TYPE: {}}}},
    )
    def screenshot(
        left: int | None = None,
        top: int | None = None,
        width: Annotated[int | None, Query(gt=0)] = None,
        height: Annotated[int | None, Query(gt=0)] = None,
        format: ImageFormat = "png",
    ) -> Response:
        """The region (or the whole virtual screen) as PNG, or as raw BGR bytes."""
        region = resolve_region(screen_source.screen(), left, top, width, height)
        image = screen_source.grab(region)
        if format == "raw":
            return Response(image.data, media_type=RAW_MEDIA_TYPE, headers=raw_headers(image))
        return Response(encode_png(image), media_type=PNG_MEDIA_TYPE)

    @app.post("/actions")
    def actions(batch: ActionBatch) -> BatchResult:
        """Validate the whole batch, then run it in order."""
        validate_batch(batch, screen_source.screen(), device.fail_safe_points)
        return runner.run(batch)

    @app.post("/stop")
    async def stop() -> dict[str, bool]:
        """Abort the running batch (and any waiting one)."""
        return {"was_running": runner.stop()}

    return app


def create_display_app(
    settings: EffectorSettings | None = None,
) -> tuple[FastAPI, ScreenCapture]:
    """The app on the real display, and the capture object to close after serving.

    Raises ``DisplayUnavailableError`` with a clear message when there is no display.
    """
    from effector.capture import ScreenCapture
    from effector.input import PointerInput

    capture = ScreenCapture()
    return create_app(capture, PointerInput(), settings), capture


def resolve_region(
    screen: Rect, left: int | None, top: int | None, width: int | None, height: int | None
) -> Rect:
    """The screenshot region: all four values, or none for the whole screen."""
    values = {"left": left, "top": top, "width": width, "height": height}
    missing = [name for name, value in values.items() if value is None]
    if len(missing) == len(values):
        return Rect(left=screen.left, top=screen.top, width=screen.width, height=screen.height)
    if missing:
        raise InvalidRegionError(
            f"give all of left, top, width and height, or none of them; missing: "
            f"{', '.join(missing)}"
        )
    region = Rect.model_validate(values)
    if not screen.contains_rect(region):
        raise InvalidRegionError(
            f"region ({region.describe()}) is not inside the screen ({screen.describe()})"
        )
    return region


def describe_validation_errors(errors: Sequence[Any]) -> str:
    """One line naming each invalid field, e.g. ``body actions[2].click.button: ...``."""
    parts = [_describe_error(error) for error in errors[:MAX_LISTED_ERRORS]]
    if len(errors) > MAX_LISTED_ERRORS:
        parts.append(f"and {len(errors) - MAX_LISTED_ERRORS} more")
    return "; ".join(parts)


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


def _add_error_handlers(app: FastAPI) -> None:
    def problem(status: int, exc: Exception, **extra: Any) -> JSONResponse:
        return JSONResponse({"detail": str(exc), **extra}, status_code=status)

    async def request_invalid(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, RequestValidationError)
        return JSONResponse({"detail": describe_validation_errors(exc.errors())}, 422)

    async def unprocessable(request: Request, exc: Exception) -> JSONResponse:
        return problem(422, exc)

    async def aborted(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, BatchAbortedError)
        return problem(409, exc, executed=exc.executed, total=exc.total)

    async def unavailable(request: Request, exc: Exception) -> JSONResponse:
        return problem(503, exc)

    app.add_exception_handler(RequestValidationError, request_invalid)
    app.add_exception_handler(InvalidBatchError, unprocessable)
    app.add_exception_handler(InvalidRegionError, unprocessable)
    app.add_exception_handler(BatchAbortedError, aborted)
    for error_type in (CaptureFailedError, InputFailedError, DisplayUnavailableError):
        app.add_exception_handler(error_type, unavailable)
