"""The effector in this process, for a display on this machine: the service's calls on
the same back ends, with the same checks, and no HTTP between.

A turn of play asks for a screenshot and sends a batch of clicks; through a local
service each costs a few milliseconds of requests and copies, here next to none. The
service stays for a screen on another machine (``--effector URL``).
"""

from __future__ import annotations

from collections.abc import Sequence
from types import TracebackType
from typing import Self

from pydantic import ValidationError

from sweeper.core import Rect
from sweeper.effector.actions import (
    Action,
    ActionBatch,
    BatchResult,
    InvalidBatchError,
    validate_batch,
)
from sweeper.effector.capture import ScreenCapture
from sweeper.effector.encoding import Image
from sweeper.effector.errors import EffectorError, InvalidRegionError
from sweeper.effector.input import open_input
from sweeper.effector.regions import on_screen
from sweeper.effector.runner import BatchRunner
from sweeper.effector.screen_info import ScreenInfo

INVALID = 422  # the status the service answers a bad batch or region with, kept here so
# that callers tell refusals apart the same way for either effector


class LocalEffector:
    """Screenshots and input on the X display ``display_name`` (default: ``DISPLAY``).
    Use as a context manager, or call ``close()``."""

    def __init__(self, display_name: str | None = None) -> None:
        self._capture = ScreenCapture(display_name)
        self._device = open_input(display_name)
        self._runner = BatchRunner(self._device)

    def health(self) -> bool:
        """Always fine: it is this process."""
        return True

    def screen(self) -> ScreenInfo:
        """The virtual screen's rectangle and its monitors."""
        return self._capture.screen()

    def screenshot(self, region: Rect | None = None) -> Image:
        """Pixels of ``region`` (default: the whole virtual screen) as an HxWx3 BGR array;
        a region not inside the screen is refused (``EffectorError``, 422)."""
        try:
            area = on_screen(self.screen(), region)
        except InvalidRegionError as error:
            raise EffectorError(str(error), INVALID) from None
        return self._capture.grab(area)

    def actions(self, actions: Sequence[Action], bounds: Rect | None = None) -> BatchResult:
        """Run ``actions`` in order; none runs if any is invalid (``EffectorError``, 422).

        With ``bounds``, every point must lie inside that rectangle.
        """
        try:
            batch = ActionBatch(actions=list(actions), bounds=bounds)
            validate_batch(batch, self.screen(), self._device.fail_safe_points)
        except InvalidBatchError as error:
            raise EffectorError(str(error), INVALID) from None
        except ValidationError as error:  # too many actions, say
            first = error.errors()[0]
            where = ".".join(str(part) for part in first["loc"]) or "batch"
            raise EffectorError(f"{where}: {first['msg']}", INVALID) from None
        return self._runner.run(batch)

    def stop(self) -> bool:
        """Abort the running batch (from another thread); return whether one was running."""
        return self._runner.stop()

    def close(self) -> None:
        """Release the display connections."""
        self._capture.close()
        self._device.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()
