"""Errors the analyzer reports to its callers (HTTP 422 / CLI exit 2, except the timeout)."""

from __future__ import annotations

from collections.abc import Iterable

from sweeper.core import Cell, SweeperError


class AnalysisError(SweeperError, ValueError):
    """The input cannot be analyzed (bad mine count, board too large, ...); says what is wrong."""


class UnsatisfiableError(AnalysisError):
    """No placement of the mines agrees with the board; the message names the cells at fault."""


class AnalysisTimeoutError(SweeperError, RuntimeError):
    """The analysis did not finish within its time limit."""


def describe_cell(cell: Cell) -> str:
    """``(3, 4)`` -> ``"row 3, column 4"``, the wording board errors use."""
    return f"row {cell[0]}, column {cell[1]}"


def describe_cells(cells: Iterable[Cell], limit: int = 8) -> str:
    """Name up to ``limit`` cells (row-major), then say how many more there are."""
    ordered = sorted(set(cells))
    named = "; ".join(f"({describe_cell(cell)})" for cell in ordered[:limit])
    if len(ordered) > limit:
        named += f" and {len(ordered) - limit} more"
    return named
