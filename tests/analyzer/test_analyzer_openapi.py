"""Schemathesis against the analyzer's OpenAPI schema: requests generated from the schema,
valid and invalid, and every answer checked against it (status codes, content types,
bodies). A schema-valid request may still get 422 (a board no placement fits) or 503."""

from __future__ import annotations

from typing import Any

import schemathesis
from hypothesis import HealthCheck, settings

from sweeper.analyzer.limits import MAX_CELLS
from sweeper.analyzer.service import create_app
from sweeper.core import MAX_BOARD_TEXT

CONFIG = schemathesis.Config.from_dict(
    {"checks": {"positive_data_acceptance": {"expected-statuses": ["2xx", "413", "422", "503"]}}}
)
schema = schemathesis.openapi.from_asgi("/openapi.json", create_app(time_limit_s=1), config=CONFIG)


@schema.parametrize()
@settings(
    max_examples=300, derandomize=True, database=None, deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_answers_match_the_schema(case: schemathesis.Case[Any]) -> None:
    case.call_and_validate()


def test_the_board_states_its_limits() -> None:
    board = schema.raw_schema["components"]["schemas"]["AnalyzeRequest"]["properties"]["board"]
    assert board["maxLength"] == MAX_BOARD_TEXT and board["x-max-cells"] == MAX_CELLS
    assert f"At most {MAX_CELLS} cells" in board["description"]
