"""Runs validated action batches one at a time, and stops them on request.

``stop()`` aborts the running batch and any batch already waiting for its turn; it is
checked between actions and wakes up holds and pauses at once. A held button or key is
always released, even when the batch is aborted while holding it.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Protocol

from sweeper.effector.actions import (
    Action,
    ActionBatch,
    AllowedKey,
    BatchResult,
    Button,
    ClickAction,
    KeyAction,
    MoveAction,
    PauseAction,
)
from sweeper.effector.errors import BatchAbortedError, FailSafeTriggeredError

log = logging.getLogger(__name__)


class InputDevice(Protocol):
    """The pointer and keyboard the runner drives (see ``effector.input.PointerInput``)."""

    @property
    def fail_safe_points(self) -> frozenset[tuple[int, int]]: ...

    def move(self, x: int, y: int) -> None: ...

    def click(self, x: int, y: int, button: Button, clicks: int) -> None: ...

    def press_button(self, x: int, y: int, button: Button) -> None: ...

    def release_button(self, button: Button) -> None: ...

    def press_key(self, key: AllowedKey) -> None: ...

    def key_down(self, key: AllowedKey) -> None: ...

    def key_up(self, key: AllowedKey) -> None: ...

    def flush(self) -> None:
        """Wait until every event sent so far has reached the display."""
        ...

    def close(self) -> None: ...


class _StoppedError(Exception):
    """Internal: the batch's ticket was cancelled by ``stop()``."""


class BatchRunner:
    """Executes batches on an ``InputDevice``, serialised, with ``stop()``."""

    def __init__(self, device: InputDevice) -> None:
        self.device = device
        self._turn = threading.Lock()
        self._stop_changed = threading.Condition()
        self._stop_count = 0
        self._running = False

    @property
    def running(self) -> bool:
        """Whether a batch is executing right now."""
        return self._running

    def stop(self) -> bool:
        """Abort the running batch and those waiting; return whether one was running."""
        with self._stop_changed:
            self._stop_count += 1
            self._stop_changed.notify_all()
        return self._running

    def stop_and_wait(self) -> None:
        """Abort the running batch and wait until it has ended (a held button or key
        released), e.g. before the device is closed."""
        self.stop()
        with self._turn:
            pass

    def ticket(self) -> int:
        """A ticket for a batch arriving now: any later ``stop()`` aborts the batch that
        holds it, whether it is running by then or still waiting."""
        return self._stop_count

    def run(self, batch: ActionBatch, ticket: int | None = None) -> BatchResult:
        """Execute ``batch`` (already validated); raise ``BatchAbortedError`` if cut short
        by a stop after ``ticket`` was taken (default: now)."""
        ticket = self._stop_count if ticket is None else ticket
        started = time.perf_counter()
        with self._turn:
            self._running = True
            try:
                executed = self._run_actions(batch.actions, ticket)
                self.device.flush()  # a device may queue a batch's events
            except BaseException:
                self._flush_quietly()  # what ran is sent; the batch's own error is told
                raise
            finally:
                self._running = False
        return BatchResult(executed=executed, elapsed_ms=(time.perf_counter() - started) * 1000)

    def _flush_quietly(self) -> None:
        try:
            self.device.flush()
        except Exception as error:  # the display went away: the first error says more
            log.warning("input not flushed after a failed batch: %s", error)

    def _run_actions(self, actions: list[Action], ticket: int) -> int:
        for index, action in enumerate(actions):
            try:
                self._check_ticket(ticket)
                self._perform(action, ticket)
            except _StoppedError:
                raise BatchAbortedError.cut_short(
                    "stopped on request", index, len(actions)) from None
            except FailSafeTriggeredError as error:
                raise BatchAbortedError.cut_short(str(error), index, len(actions)) from error
        return len(actions)

    def _perform(self, action: Action, ticket: int) -> None:
        if isinstance(action, MoveAction):
            log.debug("pointer moved to (%d, %d)", action.x, action.y)
            self.device.move(action.x, action.y)
        elif isinstance(action, ClickAction):
            self._click(action, ticket)
        elif isinstance(action, KeyAction):
            self._key(action, ticket)
        elif isinstance(action, PauseAction):
            self.device.flush()  # what comes before the pause happens before it
            self._wait(action.ms, ticket)

    def _click(self, action: ClickAction, ticket: int) -> None:
        if action.hold_ms == 0:
            self.device.click(action.x, action.y, action.button, action.clicks)
            return
        for _ in range(action.clicks):
            self._check_ticket(ticket)
            self.device.press_button(action.x, action.y, action.button)
            try:
                self._wait(action.hold_ms, ticket)
            finally:
                self.device.release_button(action.button)

    def _key(self, action: KeyAction, ticket: int) -> None:
        if action.hold_ms == 0:
            self.device.press_key(action.key)
            return
        self.device.key_down(action.key)
        try:
            self._wait(action.hold_ms, ticket)
        finally:
            self.device.key_up(action.key)

    def _wait(self, milliseconds: int, ticket: int) -> None:
        """Sleep, but raise ``_StoppedError`` as soon as ``stop()`` is called."""
        deadline = time.monotonic() + milliseconds / 1000
        with self._stop_changed:
            stopped = self._stop_changed.wait_for(
                lambda: self._stop_count != ticket, timeout=max(0.0, deadline - time.monotonic())
            )
        if stopped:
            raise _StoppedError

    def _check_ticket(self, ticket: int) -> None:
        if self._stop_count != ticket:
            raise _StoppedError
