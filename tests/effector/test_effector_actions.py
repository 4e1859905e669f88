"""Action batch parsing and whole-batch validation, without a display."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from sweeper.core import Rect
from sweeper.effector.actions import (
    MAX_ACTIONS,
    Action,
    ActionBatch,
    ClickAction,
    InvalidBatchError,
    KeyAction,
    MoveAction,
    PauseAction,
    validate_batch,
)

SCREEN = Rect(left=0, top=0, width=800, height=600)
CORNERS = frozenset({(0, 0), (799, 0), (0, 599), (799, 599)})


def batch(*actions: Action, bounds: Rect | None = None) -> ActionBatch:
    return ActionBatch(actions=list(actions), bounds=bounds)


def test_a_batch_on_screen_is_valid() -> None:
    validate_batch(batch(MoveAction(x=1, y=1), ClickAction(x=798, y=598, button="right"),
                         KeyAction(key="f2"), PauseAction(ms=10)), SCREEN, CORNERS)


def test_json_batch_parses_into_typed_actions() -> None:
    parsed = ActionBatch.model_validate_json(
        '{"actions": [{"type": "click", "x": 3, "y": 4, "button": "middle", "hold_ms": 80},'
        ' {"type": "key", "key": "escape"}, {"type": "pause", "ms": 5}]}'
    )

    assert parsed.actions == [ClickAction(x=3, y=4, button="middle", hold_ms=80),
                              KeyAction(key="escape"), PauseAction(ms=5)]


@pytest.mark.parametrize(("x", "y"), [(-1, 10), (800, 10), (10, 600), (10, -5)])
def test_points_off_the_screen_are_refused_naming_the_action(x: int, y: int) -> None:
    with pytest.raises(InvalidBatchError, match=r"actions\[1\] \(click\).*outside the screen"):
        validate_batch(batch(MoveAction(x=5, y=5), ClickAction(x=x, y=y)), SCREEN, CORNERS)


def test_screen_origin_can_be_negative_with_several_monitors() -> None:
    screen = Rect(left=-1920, top=0, width=3520, height=1080)

    validate_batch(batch(ClickAction(x=-1000, y=500)), screen)
    with pytest.raises(InvalidBatchError):
        validate_batch(batch(ClickAction(x=-1921, y=500)), screen)


def test_fail_safe_corners_are_refused() -> None:
    with pytest.raises(InvalidBatchError, match="fail-safe corner"):
        validate_batch(batch(MoveAction(x=799, y=599)), SCREEN, CORNERS)


def test_bounds_confine_every_point() -> None:
    bounds = Rect(left=100, top=100, width=50, height=50)

    validate_batch(batch(ClickAction(x=149, y=100), bounds=bounds), SCREEN, CORNERS)
    with pytest.raises(InvalidBatchError, match=r"actions\[0\] \(move\).*outside the bounds"):
        validate_batch(batch(MoveAction(x=150, y=120), bounds=bounds), SCREEN, CORNERS)


def test_bounds_must_lie_on_the_screen() -> None:
    with pytest.raises(InvalidBatchError, match=r"bounds .* is not inside the screen"):
        validate_batch(batch(bounds=Rect(left=700, top=0, width=200, height=10)), SCREEN)


def test_total_hold_and_pause_time_is_capped() -> None:
    long_batch = batch(*[PauseAction(ms=10_000)] * 6, ClickAction(x=5, y=5, hold_ms=1))

    with pytest.raises(InvalidBatchError, match="60001 ms"):
        validate_batch(long_batch, SCREEN)


@pytest.mark.parametrize("action", [
    {"type": "click", "x": 1, "y": 1, "button": "back"},
    {"type": "click", "x": 1, "y": 1, "hold_ms": -1},
    {"type": "click", "x": 1, "y": 1, "hold_ms": 2001},
    {"type": "click", "x": 1, "y": 1, "clicks": 0},
    {"type": "click", "x": True, "y": 1},
    {"type": "click", "x": 1.5, "y": 1},
    {"type": "move", "x": "1", "y": 1},
    {"type": "move", "x": 1},
    {"type": "move", "x": 1, "y": 1, "speed": 3},
    {"type": "key", "key": "a"},
    {"type": "key", "key": "ctrl+alt+delete"},
    {"type": "pause", "ms": 10_001},
    {"type": "type", "text": "rm -rf /"},
    {"x": 1, "y": 1},
])
def test_malformed_actions_are_rejected(action: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        ActionBatch.model_validate({"actions": [action]})


def test_oversized_batches_are_rejected() -> None:
    with pytest.raises(ValidationError, match="at most 2000"):
        ActionBatch.model_validate(
            {"actions": [{"type": "move", "x": 1, "y": 1}] * (MAX_ACTIONS + 1)}
        )
