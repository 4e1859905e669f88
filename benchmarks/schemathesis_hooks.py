"""schemathesis hooks for ``benchmarks/fuzz_services.py`` (loaded by SCHEMATHESIS_HOOKS):
a generated action batch takes no time (valid pauses and holds become 0 ms), so that the
effector's longest valid batch does not run for a minute."""

from __future__ import annotations

from typing import Any

import schemathesis

from sweeper.effector import without_waiting


@schemathesis.hook
def before_call(context: Any, case: schemathesis.Case[Any], **kwargs: Any) -> None:
    without_waiting(case.body)
