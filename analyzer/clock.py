"""Deadlines: ``time.perf_counter()`` values after which the analyzer stops working."""

from __future__ import annotations

import time


def past(deadline: float | None) -> bool:
    """True once ``deadline`` has passed (never when there is none)."""
    return deadline is not None and time.perf_counter() > deadline
