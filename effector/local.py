"""The effector in this process, for a display on this machine: the service's calls on
the same back ends, with the same checks, and no HTTP between.

A turn of play asks for a screenshot and sends a batch of clicks; through a local
service each costs a request, a copy of the frame and the batch's JSON, here none. The
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
from sweeper.effector.capture import ScreenCapture, ScreenSource
from sweeper.effector.encoding import Image
from sweeper.effector.errors import REFUSED_STATUS, EffectorError, InvalidRegionError
from sweeper.effector.input import open_input
from sweeper.effector.regions import on_screen
from sweeper.effector.runner import BatchRunner, InputDevice
from sweeper.effector.screen_info import ScreenInfo


class LocalEffector:
    """Screenshots and input on the X display ``display_name`` (default: ``DISPLAY``), or
    on the back ends given (as ``create_app`` takes them). Use as a context manager, or
    call ``close()``.

    A batch or region refused is an ``EffectorError`` with the service's status
    (:data:`~effector.errors.REFUSED_STATUS`), a stopped batch a ``BatchAbortedError``,
    and a failing display the back end's own error.
    """

    def __init__(self, display_name: str | None = None, *,
                 screen: ScreenSource | None = None, device: InputDevice | None = None) -> None:
        self._capture = screen if screen is not None else ScreenCapture(display_name)
        try:
            self._device = device if device is not None else open_input(display_name)
        except BaseException:
            self._capture.close()
            raise
        self._runner = BatchRunner(self._device)

    def health(self) -> bool:
        """Always fine: it is this process."""
        return True

    def screen(self) -> ScreenInfo:
        """The virtual screen's rectangle and its monitors."""
        return self._capture.screen()

    def screenshot(self, region: Rect | None = None) -> Image:
        """Pixels of ``region`` (default: the whole virtual screen) as an HxWx3 BGR array;
        a region not inside the screen is refused."""
        try:
            area = on_screen(self.screen(), region)
        except InvalidRegionError as error:
            raise EffectorError(str(error), REFUSED_STATUS) from None
        return self._capture.grab(area)

    def actions(self, actions: Sequence[Action], bounds: Rect | None = None) -> BatchResult:
        """Run ``actions`` in order; none runs if any is invalid. With ``bounds``, every
        point must lie inside that rectangle."""
        try:
            batch = ActionBatch(actions=list(actions), bounds=bounds)
            validate_batch(batch, self.screen(), self._device.fail_safe_points)
        except InvalidBatchError as error:
            raise EffectorError(str(error), REFUSED_STATUS) from None
        except ValidationError as error:  # too many actions, say
            from sweeper.effector.service import describe_validation_errors

            raise EffectorError(describe_validation_errors(error.errors()),
                                REFUSED_STATUS) from None
        return self._runner.run(batch)

    def stop(self) -> bool:
        """Abort the running batch (from another thread); return whether one was running."""
        return self._runner.stop()

    def close(self) -> None:
        """Stop any running batch (its held button released), then release the display."""
        self._runner.stop_and_wait()
        self._device.close()
        self._capture.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()
