"""Typed HTTP client of the effector, used by the coordinator.

Screenshots come back as HxWx3 ``uint8`` numpy arrays in BGR channel order (OpenCV's
order), writable, whatever the wire format.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from types import TracebackType
from typing import Any, Self

import httpx

from sweeper.core import Rect
from sweeper.effector.actions import (
    MAX_BATCH_DURATION_MS,
    Action,
    ActionBatch,
    BatchResult,
    Button,
    ClickAction,
)
from sweeper.effector.defaults import DEFAULT_PORT, TOKEN_ENV
from sweeper.effector.encoding import Image, ImageFormat, decode_png, decode_raw
from sweeper.effector.errors import BatchAbortedError, EffectorError
from sweeper.effector.screen_info import ScreenInfo

DEFAULT_URL = f"http://127.0.0.1:{DEFAULT_PORT}"


class EffectorClient:
    """Talks to one effector service. Use as a context manager, or call ``close()``.

    ``token`` defaults to the ``SWEEPER_EFFECTOR_TOKEN`` environment variable.
    """

    def __init__(
        self,
        base_url: str = DEFAULT_URL,
        token: str | None = None,
        timeout_s: float = 10.0,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        token = token if token is not None else os.environ.get(TOKEN_ENV)
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        self.base_url = base_url.rstrip("/")
        self._timeout_s = timeout_s
        self._http = httpx.Client(
            base_url=self.base_url, headers=headers, timeout=timeout_s, transport=transport
        )

    def health(self) -> bool:
        """Whether the service answers and says it is fine."""
        return bool(self._json("GET", "/health").get("status") == "ok")

    def screen(self) -> ScreenInfo:
        """The virtual screen's rectangle and its monitors."""
        return ScreenInfo.model_validate(self._json("GET", "/screen"))

    def screenshot(self, region: Rect | None = None, image_format: ImageFormat = "raw") -> Image:
        """Pixels of ``region`` (default: the whole virtual screen) as an HxWx3 BGR array.

        ``raw`` is fastest on a local network; ``png`` is smaller on a slow one.
        """
        params: dict[str, str | int] = {"format": image_format}
        if region is not None:
            params.update(left=region.left, top=region.top,
                          width=region.width, height=region.height)
        with self._reaching(), self._http.stream("GET", "/screenshot", params=params) as response:
            self._raise_for_error(response)
            body = _read_body(response)
        if image_format == "png":
            return decode_png(bytes(body))
        return decode_raw(body, response.headers)

    def actions(self, actions: Sequence[Action], bounds: Rect | None = None) -> BatchResult:
        """Run ``actions`` in order; none runs if any is invalid (``EffectorError`` 422).

        With ``bounds``, every point must lie inside that rectangle.
        """
        batch = ActionBatch(actions=list(actions), bounds=bounds)
        timeout = self._timeout_s + MAX_BATCH_DURATION_MS / 1000
        payload = batch.model_dump(mode="json", exclude_none=True)
        return BatchResult.model_validate(
            self._json("POST", "/actions", json=payload, timeout=timeout)
        )

    def click(self, x: int, y: int, button: Button = "left", hold_ms: int = 0) -> BatchResult:
        """Click once at ``(x, y)``."""
        return self.actions([ClickAction(x=x, y=y, button=button, hold_ms=hold_ms)])

    def stop(self) -> bool:
        """Abort the running batch; return whether one was running."""
        return bool(self._json("POST", "/stop").get("was_running"))

    def close(self) -> None:
        """Close the connection pool."""
        self._http.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def _json(self, method: str, path: str, **kwargs: Any) -> dict[str, Any]:
        with self._reaching():
            response = self._http.request(method, path, **kwargs)
        self._raise_for_error(response)
        body: dict[str, Any] = response.json()
        return body

    @contextmanager
    def _reaching(self) -> Iterator[None]:
        try:
            yield
        except httpx.TransportError as error:
            raise EffectorError(f"cannot reach the effector at {self.base_url}: {error}") from error

    def _raise_for_error(self, response: httpx.Response) -> None:
        if response.status_code < 400:
            return
        response.read()
        try:
            body = response.json()
            detail = str(body.get("detail", body))
        except ValueError:
            body, detail = {}, response.text
        if response.status_code == 409 and "executed" in body:
            total = body.get("total")
            raise BatchAbortedError(detail, int(body["executed"]),
                                    None if total is None else int(total), 409)
        raise EffectorError(detail, response.status_code)


def _read_body(response: httpx.Response) -> bytearray:
    """The whole body in one mutable buffer (the decoded array is the caller's to modify),
    copied once from the socket reads."""
    expected = response.headers.get("content-length")
    if expected is None:
        body = bytearray()
        for chunk in response.iter_bytes():
            body += chunk
        return body
    body = bytearray(int(expected))
    view, filled = memoryview(body), 0
    for chunk in response.iter_bytes():
        view[filled:filled + len(chunk)] = chunk
        filled += len(chunk)
    if filled != len(body):
        raise EffectorError(f"the screenshot ended after {filled} of {len(body)} bytes")
    return body
