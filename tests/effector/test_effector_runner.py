"""The batch runner: order, holds, stop, fail-safe, one batch at a time (no display)."""

from __future__ import annotations

import logging
import threading
import time

import pytest

from sweeper.effector.actions import ActionBatch, ClickAction, KeyAction, MoveAction, PauseAction
from sweeper.effector.errors import BatchAbortedError
from sweeper.effector.runner import BatchRunner
from sweeper.effector.testing import RecordingDevice


@pytest.fixture
def device() -> RecordingDevice:
    return RecordingDevice()


def run_in_thread(
    runner: BatchRunner, batch: ActionBatch
) -> tuple[threading.Thread, dict[str, object]]:
    outcome: dict[str, object] = {}

    def target() -> None:
        try:
            outcome["result"] = runner.run(batch)
        except BatchAbortedError as error:
            outcome["error"] = error

    thread = threading.Thread(target=target)
    thread.start()
    return thread, outcome


def test_actions_run_in_order(device: RecordingDevice) -> None:
    batch = ActionBatch(actions=[MoveAction(x=1, y=2), ClickAction(x=3, y=4, button="right"),
                                 KeyAction(key="f2"), ClickAction(x=5, y=6, clicks=2)])

    result = BatchRunner(device).run(batch)

    assert result.executed == 4
    assert device.calls == [("move", 1, 2), ("click", 3, 4, "right", 1), ("key", "f2"),
                            ("click", 5, 6, "left", 2)]


def test_held_clicks_press_wait_and_release(device: RecordingDevice) -> None:
    batch = ActionBatch(actions=[ClickAction(x=3, y=4, hold_ms=60, clicks=2),
                                 KeyAction(key="space", hold_ms=30)])

    result = BatchRunner(device).run(batch)

    assert device.calls == [("press", 3, 4, "left"), ("release", "left"),
                            ("press", 3, 4, "left"), ("release", "left"),
                            ("key_down", "space"), ("key_up", "space")]
    assert result.elapsed_ms >= 150


def test_stop_interrupts_a_pause_at_once(device: RecordingDevice) -> None:
    runner = BatchRunner(device)
    thread, outcome = run_in_thread(runner, ActionBatch(actions=[
        MoveAction(x=1, y=1), PauseAction(ms=10_000), MoveAction(x=2, y=2)]))
    assert device.first_call.wait(2)

    started = time.monotonic()
    assert runner.stop() is True
    thread.join(2)

    assert time.monotonic() - started < 1
    error = outcome["error"]
    assert isinstance(error, BatchAbortedError) and (error.executed, error.total) == (1, 3)
    assert device.calls == [("move", 1, 1)]
    assert runner.stop() is False


def test_stop_while_holding_still_releases_the_button(device: RecordingDevice) -> None:
    runner = BatchRunner(device)
    thread, outcome = run_in_thread(runner, ActionBatch(actions=[
        ClickAction(x=7, y=8, hold_ms=2000), MoveAction(x=1, y=1)]))
    assert device.first_call.wait(2)

    runner.stop()
    thread.join(3)

    assert isinstance(outcome["error"], BatchAbortedError)
    assert device.calls == [("press", 7, 8, "left"), ("release", "left")]


def test_stop_also_cancels_a_batch_waiting_for_its_turn(device: RecordingDevice) -> None:
    runner = BatchRunner(device)
    first, first_outcome = run_in_thread(runner, ActionBatch(actions=[
        MoveAction(x=1, y=1), PauseAction(ms=10_000)]))
    assert device.first_call.wait(2)
    second, second_outcome = run_in_thread(runner, ActionBatch(actions=[MoveAction(x=9, y=9)]))
    time.sleep(0.05)

    runner.stop()
    first.join(2)
    second.join(2)

    assert isinstance(first_outcome["error"], BatchAbortedError)
    assert isinstance(second_outcome["error"], BatchAbortedError)
    assert ("move", 9, 9) not in device.calls


def test_a_batch_after_stop_runs_normally(device: RecordingDevice) -> None:
    runner = BatchRunner(device)
    runner.stop()

    assert runner.run(ActionBatch(actions=[MoveAction(x=4, y=4)])).executed == 1


def test_fail_safe_aborts_the_rest_of_the_batch() -> None:
    device = RecordingDevice(fail_after=1)
    batch = ActionBatch(actions=[MoveAction(x=1, y=1), ClickAction(x=2, y=2),
                                 ClickAction(x=3, y=3)])

    with pytest.raises(BatchAbortedError, match="fail-safe") as aborted:
        BatchRunner(device).run(batch)

    assert aborted.value.executed == 1
    assert device.calls == [("move", 1, 1)]


def test_every_pointer_move_is_logged(device: RecordingDevice,
                                      caplog: pytest.LogCaptureFixture) -> None:
    batch = ActionBatch(actions=[MoveAction(x=7, y=9), ClickAction(x=3, y=4),
                                 MoveAction(x=11, y=12)])
    with caplog.at_level(logging.DEBUG, logger="sweeper.effector.runner"):
        BatchRunner(device).run(batch)
    assert [record.getMessage() for record in caplog.records] == [
        "pointer moved to (7, 9)", "pointer moved to (11, 12)"]


def test_what_comes_before_a_pause_is_flushed_before_it_and_the_rest_at_the_end(
    device: RecordingDevice,
) -> None:
    batch = ActionBatch(actions=[MoveAction(x=1, y=1), PauseAction(ms=1), ClickAction(x=2, y=2),
                                 ClickAction(x=3, y=3)])

    BatchRunner(device).run(batch)

    assert device.flushed_after == [1, 3]  # after the move, and after the last click


def test_a_failed_flush_after_an_aborted_batch_leaves_the_abort_told() -> None:
    class BrokenAfterFailSafe(RecordingDevice):
        def flush(self) -> None:
            raise RuntimeError("the display went away")

    device = BrokenAfterFailSafe(fail_after=1)
    batch = ActionBatch(actions=[MoveAction(x=1, y=1), ClickAction(x=2, y=2)])

    with pytest.raises(BatchAbortedError, match="fail-safe") as aborted:
        BatchRunner(device).run(batch)

    assert aborted.value.executed == 1
