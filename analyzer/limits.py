"""How large an input the analyzer takes: the one place that says so.

Every entry point (``analyze()``, ``sweeper analyze``, the HTTP service, the simulator's
engine) refuses more, with a message naming the limit, instead of running out of memory
or time on it.
"""

from __future__ import annotations

MAX_CELLS = 10_000  # 100x100, the largest board the bundled game draws


def too_many_cells(width: int, height: int) -> str | None:
    """Why a ``width`` x ``height`` board is refused, or None if it is within the limit."""
    cells = width * height
    if cells <= MAX_CELLS:
        return None
    return f"the board has {cells} cells ({width}x{height}), over the limit of {MAX_CELLS} cells"
