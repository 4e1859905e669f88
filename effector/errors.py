"""Errors the effector's back ends raise; the service turns each into a clear HTTP answer."""

from __future__ import annotations

NO_DISPLAY_HINT = (
    "start the effector inside a desktop session, or on a virtual display, e.g. "
    "`Xvfb :99 -screen 0 1600x1000x24 &` then `DISPLAY=:99 sweeper serve effector`"
)


class DisplayUnavailableError(RuntimeError):
    """There is no screen to look at or no pointer to move (no DISPLAY, no X server)."""


class CaptureFailedError(RuntimeError):
    """A screenshot could not be taken."""


class InputFailedError(RuntimeError):
    """A mouse or keyboard event could not be sent."""


class FailSafeTriggeredError(RuntimeError):
    """The pointer sits in a fail-safe corner: someone wants the bot to stop."""


class BatchAbortedError(RuntimeError):
    """A batch ended before its last action; ``executed`` actions ran."""

    def __init__(self, reason: str, executed: int, total: int) -> None:
        super().__init__(f"{reason}; the batch was aborted after {executed} of {total} actions")
        self.executed = executed
        self.total = total
