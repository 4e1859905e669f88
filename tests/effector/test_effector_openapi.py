"""Schemathesis against the effector's OpenAPI schema, on in-memory screen and input:
requests generated from the schema, valid and invalid, and every answer checked against
it. A schema-valid batch may still get 422 (a point off the screen) or 409."""

from __future__ import annotations

from typing import Any

import numpy as np
import schemathesis
from hypothesis import HealthCheck, settings

from effector.actions import MAX_HOLD_MS, MAX_PAUSE_MS
from effector.service import create_app
from effector.testing import ImageScreen, RecordingDevice

CONFIG = schemathesis.Config.from_dict({"checks": {"positive_data_acceptance": {
    "expected-statuses": ["2xx", "409", "413", "422", "503"]
}}})
APP = create_app(ImageScreen(np.zeros((60, 80, 3), np.uint8)), RecordingDevice())
schema = schemathesis.openapi.from_asgi("/openapi.json", APP, config=CONFIG)
LONGEST = {"ms": MAX_PAUSE_MS, "hold_ms": MAX_HOLD_MS}


def without_waiting(body: Any) -> None:
    """Valid pauses and holds become 0 ms (invalid ones stay invalid), so a batch of 2000
    actions does not take minutes; everything else is sent as generated."""
    actions = body.get("actions") if isinstance(body, dict) else None
    for action in actions if isinstance(actions, list) else []:
        for key, longest in LONGEST.items():
            value = action.get(key) if isinstance(action, dict) else None
            if isinstance(value, int) and not isinstance(value, bool) and 0 < value <= longest:
                action[key] = 0


@schema.parametrize()
@settings(
    max_examples=200, derandomize=True, database=None, deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_answers_match_the_schema(case: schemathesis.Case[Any]) -> None:
    without_waiting(case.body)
    case.call_and_validate()
