"""The action batch accepted by ``POST /actions`` and its validation against the screen.

A batch is validated as a whole before anything runs, so a bad last action means that
nothing at all is executed.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from sweeper.core import Rect, SweeperError

Button = Literal["left", "right", "middle"]
# The only keys the effector will press: enough to start a new game or dismiss a dialog.
AllowedKey = Literal["f2", "f5", "escape", "enter", "space"]

MAX_ACTIONS = 2000
MAX_HOLD_MS = 2000
MAX_PAUSE_MS = 10_000
MAX_CLICKS = 3
MAX_BATCH_DURATION_MS = 60_000


def _type_is_required(schema: dict[str, Any]) -> None:
    """In the JSON schema, ``type`` has no default and is required, as the service
    demands: it picks the kind of action. (In Python each class fills it in.)"""
    schema["properties"]["type"].pop("default", None)
    schema["required"] = ["type", *(name for name in schema.get("required", ()) if name != "type")]


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True,
                              json_schema_extra=_type_is_required)


class MoveAction(_Action):
    """Move the pointer to ``(x, y)``."""

    type: Literal["move"] = "move"
    x: int
    y: int


class ClickAction(_Action):
    """Move to ``(x, y)`` and click ``clicks`` times, holding each press ``hold_ms``."""

    type: Literal["click"] = "click"
    x: int
    y: int
    button: Button = "left"
    hold_ms: int = Field(default=0, ge=0, le=MAX_HOLD_MS)
    clicks: int = Field(default=1, ge=1, le=MAX_CLICKS)


class KeyAction(_Action):
    """Press one allowed key, holding it ``hold_ms``."""

    type: Literal["key"] = "key"
    key: AllowedKey
    hold_ms: int = Field(default=0, ge=0, le=MAX_HOLD_MS)


class PauseAction(_Action):
    """Wait ``ms`` milliseconds (interrupted by ``POST /stop``)."""

    type: Literal["pause"] = "pause"
    ms: int = Field(ge=0, le=MAX_PAUSE_MS)


Action = Annotated[
    MoveAction | ClickAction | KeyAction | PauseAction, Field(discriminator="type")
]
PointAction = MoveAction | ClickAction


class ActionBatch(BaseModel):
    """An ordered list of actions, optionally confined to a ``bounds`` rectangle."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    actions: list[Action] = Field(max_length=MAX_ACTIONS)
    bounds: Rect | None = None


class BatchResult(BaseModel):
    """What ``POST /actions`` answers after running a whole batch."""

    executed: int
    elapsed_ms: float


class InvalidBatchError(SweeperError, ValueError):
    """A batch that must not run; the message says which action and why."""


def batch_duration_ms(batch: ActionBatch) -> int:
    """The time the batch spends waiting on purpose (holds and pauses)."""
    total = 0
    for action in batch.actions:
        if isinstance(action, ClickAction):
            total += action.hold_ms * action.clicks
        elif isinstance(action, KeyAction):
            total += action.hold_ms
        elif isinstance(action, PauseAction):
            total += action.ms
    return total


def validate_batch(
    batch: ActionBatch, screen: Rect, forbidden_points: Collection[tuple[int, int]] = ()
) -> None:
    """Raise ``InvalidBatchError`` unless every action of ``batch`` may run.

    Every point must lie on ``screen`` and inside ``batch.bounds`` if given, and must not be
    one of ``forbidden_points`` (the fail-safe corners, which would abort the next action).
    """
    area = screen
    if batch.bounds is not None:
        if not screen.contains_rect(batch.bounds):
            raise InvalidBatchError(
                f"bounds ({batch.bounds.describe()}) is not inside the screen "
                f"({screen.describe()})"
            )
        area = batch.bounds
    area_name = "bounds" if batch.bounds is not None else "screen"
    for index, action in enumerate(batch.actions):
        if isinstance(action, PointAction):
            _check_point(index, action, area, area_name, forbidden_points)
    duration_ms = batch_duration_ms(batch)
    if duration_ms > MAX_BATCH_DURATION_MS:
        raise InvalidBatchError(
            f"the batch would hold and pause for {duration_ms} ms in total; "
            f"the limit is {MAX_BATCH_DURATION_MS} ms"
        )


def _check_point(
    index: int,
    action: PointAction,
    area: Rect,
    area_name: str,
    forbidden_points: Collection[tuple[int, int]],
) -> None:
    where = f"actions[{index}] ({action.type})"
    if not area.contains_point(action.x, action.y):
        raise InvalidBatchError(
            f"{where}: point ({action.x}, {action.y}) is outside the {area_name} "
            f"({area.describe()})"
        )
    if (action.x, action.y) in forbidden_points:
        raise InvalidBatchError(
            f"{where}: point ({action.x}, {action.y}) is a fail-safe corner of the screen; "
            "the pointer must not be sent there"
        )
