"""Schemathesis against the effector's OpenAPI schema, on in-memory screen and input:
requests generated from the schema, valid and invalid, and every answer checked against
it. A schema-valid batch may still get 422 (a point off the screen) or 409. Valid pauses
and holds are cut to 0 ms, so that a generated batch does not run for a minute."""

from __future__ import annotations

from typing import Any

import numpy as np
import schemathesis
from hypothesis import HealthCheck, settings

from sweeper.effector.service import create_app
from sweeper.effector.testing import ImageScreen, RecordingDevice, without_waiting

CONFIG = schemathesis.Config.from_dict({"checks": {"positive_data_acceptance": {
    "expected-statuses": ["2xx", "409", "413", "422", "503"]
}}})
APP = create_app(ImageScreen(np.zeros((60, 80, 3), np.uint8)), RecordingDevice())
schema = schemathesis.openapi.from_asgi("/openapi.json", APP, config=CONFIG)


@schema.parametrize()
@settings(
    max_examples=200, derandomize=True, database=None, deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_answers_match_the_schema(case: schemathesis.Case[Any]) -> None:
    without_waiting(case.body)
    case.call_and_validate()


def test_every_action_requires_its_type_with_no_default() -> None:
    schemas = APP.openapi()["components"]["schemas"]
    for name in ("MoveAction", "ClickAction", "KeyAction", "PauseAction"):
        assert "type" in schemas[name]["required"], name
        assert "default" not in schemas[name]["properties"]["type"], name


def test_the_screenshot_region_rule_is_stated() -> None:
    operation = APP.openapi()["paths"]["/screenshot"]["get"]
    assert "all four" in operation["description"]
    assert all("all four" in parameter["description"]
               for parameter in operation["parameters"] if parameter["name"] != "format")
