"""The effector's errors: those its back ends raise, which the service turns each into a
clear HTTP answer, and those its client raises from such answers."""

from __future__ import annotations

from sweeper.core import SweeperError

NO_DISPLAY_HINT = (
    "run inside a desktop session, or on a virtual display, e.g. "
    "`Xvfb :99 -screen 0 1600x1000x24 &` then `DISPLAY=:99 sweeper ...`"
)


class DisplayUnavailableError(SweeperError, RuntimeError):
    """There is no screen to look at or no pointer to move (no DISPLAY, no X server)."""


class CaptureFailedError(SweeperError, RuntimeError):
    """A screenshot could not be taken."""


class InputFailedError(SweeperError, RuntimeError):
    """A mouse or keyboard event could not be sent."""


class FailSafeTriggeredError(SweeperError, RuntimeError):
    """The pointer sits in a fail-safe corner: someone wants the bot to stop."""

    @classmethod
    def at(cls, x: int, y: int) -> FailSafeTriggeredError:
        """The error for a pointer found in the corner ``(x, y)``."""
        return cls(f"fail-safe: the pointer is in a screen corner ({x}, {y}); move it away "
                   "from the corner to let the effector act again")


class InvalidRegionError(SweeperError, ValueError):
    """A screenshot region that is incomplete or not on the screen."""


REFUSED_STATUS = 422  # the status of a batch or region refused as invalid, given by the
# in-process effector and the simulated screen too, so callers tell refusals apart alike


class EffectorError(SweeperError, RuntimeError):
    """The effector refused a request or could not be reached (``status_code`` None)."""

    def __init__(self, detail: str, status_code: int | None = None) -> None:
        super().__init__(detail if status_code is None else f"HTTP {status_code}: {detail}")
        self.detail = detail
        self.status_code = status_code


class BatchAbortedError(EffectorError):
    """A batch ended before its last action (``POST /stop`` or the fail-safe): ``executed``
    of its ``total`` actions ran.

    The runner raises it (``status_code`` None), the service answers it with 409 and those
    two figures, and the client raises it again from that answer (``status_code`` 409).
    """

    def __init__(
        self, detail: str, executed: int, total: int | None = None, status_code: int | None = None
    ) -> None:
        super().__init__(detail, status_code)
        self.executed = executed
        self.total = total

    @classmethod
    def cut_short(cls, reason: str, executed: int, total: int) -> BatchAbortedError:
        """The error of a batch stopped for ``reason`` after ``executed`` of ``total``."""
        detail = f"{reason}; the batch was aborted after {executed} of {total} actions"
        return cls(detail, executed, total)
