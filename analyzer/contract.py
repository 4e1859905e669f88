"""The ``POST /analyze`` contract as a check: what is wrong with one answer to one request.

Used by the fuzz tests and ``benchmarks/fuzz_services.py``. An answer is in the contract
when it is 200 with the shape docs/analyzer.md gives and cells that agree with the board, or 422
(the request or board is wrong), 413 (the body is over the limit) or 503 (busy, or past
the time limit) with a one-line ``{"detail": ...}``. Never anything else, 500 above all.
"""

from __future__ import annotations

import math
from typing import Any

from sweeper.core import FLAG, MINE, UNOPENED, Board, BoardError, parse_board

ANSWER_KEYS = {"width", "height", "safe", "mines", "probabilities", "move", "elapsed_ms"}
ERROR_STATUSES = {413, 422, 503}


def answer_problems(request: dict[str, Any], status: int, body: Any) -> list[str]:
    """Every way ``body`` (the parsed JSON answer, status ``status``) breaks the contract."""
    if status in ERROR_STATUSES:
        return _error_problems(body)
    if status != 200:
        return [f"status {status} is not in the contract (200, 413, 422, 503)"]
    if not isinstance(body, dict) or set(body) != ANSWER_KEYS:
        return [f"the 200 answer's keys are not {sorted(ANSWER_KEYS)}"]
    try:
        board = parse_board(request["board"])
    except BoardError as error:
        return [f"a board the service should have refused got 200: {error}"]
    return _shape_problems(board, body) or _cell_problems(board, body)


def _error_problems(body: Any) -> list[str]:
    if not isinstance(body, dict) or set(body) != {"detail"}:
        return ['an error answer is not {"detail": ...}']
    detail = body["detail"]
    if not isinstance(detail, str) or not detail or "\n" in detail:
        return [f"the error detail is not one line of text: {detail!r}"]
    if "Traceback" in detail:
        return ["the error detail holds a traceback"]
    return []


def _shape_problems(board: Board, body: dict[str, Any]) -> list[str]:
    problems = []
    if (body["width"], body["height"]) != (board.width, board.height):
        problems.append(f"size {body['width']}x{body['height']} is not the board's")
    grid = body["probabilities"]
    if len(grid) != board.height or any(len(row) != board.width for row in grid):
        problems.append("the probabilities are not one row per board row, one per cell")
    if not isinstance(body["elapsed_ms"], int | float) or body["elapsed_ms"] < 0:
        problems.append(f"elapsed_ms is {body['elapsed_ms']!r}")
    return problems


def _cell_problems(board: Board, body: dict[str, Any]) -> list[str]:
    grid = body["probabilities"]
    problems = [
        f"cell ({row}, {col}): {problem}"
        for row in range(board.height)
        for col in range(board.width)
        if (problem := _probability_problem(board[row, col], grid[row][col]))
    ]
    safe = _cells(body["safe"])
    mines = _cells(body["mines"])
    for name, cells, expected in (("safe", safe, 0.0), ("mines", mines, 1.0)):
        for cell in cells:
            if not board.in_bounds(cell) or board[cell] != UNOPENED:
                problems.append(f"{name} lists {cell}, which is not an unopened cell")
            elif grid[cell[0]][cell[1]] != expected:
                problems.append(f"{name} lists {cell} but its probability is not {expected}")
    if safe & mines:
        problems.append(f"cells both safe and mines: {sorted(safe & mines)}")
    return problems + _move_problems(board, body, safe, mines)


def _probability_problem(code: int, p: Any) -> str | None:
    if code >= 0:
        return None if p is None else f"an opened number has probability {p!r}, not null"
    if code in (FLAG, MINE):
        return None if p == 1.0 else f"a flag or revealed mine has probability {p!r}, not 1"
    if not isinstance(p, int | float) or not math.isfinite(p) or not 0.0 <= p <= 1.0:
        return f"an unopened cell has probability {p!r}"
    return None


def _move_problems(
    board: Board, body: dict[str, Any], safe: set[tuple[int, int]], mines: set[tuple[int, int]]
) -> list[str]:
    move = body["move"]
    left = set(board.cells_where(UNOPENED)) - mines
    if move is None:
        return [] if not left else ["move is null while unopened cells may be safe"]
    cell = (move.get("row"), move.get("col"))
    if cell not in left:
        return [f"the move {cell} is not an unopened cell that may be safe"]
    if move.get("action") != "open" or not isinstance(move.get("reason"), str):
        return [f"the move is not an 'open' with a reason: {move}"]
    if safe and cell not in safe:
        return [f"the move {cell} is a guess although safe cells exist"]
    if not board.cells_where(MINE) and not any(board.cells_where(n) for n in range(9)):
        # the first click: the rules make it safe whatever the probabilities say
        return [] if move.get("p_mine") == 0.0 else ["the first click's p_mine is not 0"]
    p_cell = body["probabilities"][cell[0]][cell[1]]
    if not math.isclose(move.get("p_mine", -1), p_cell, abs_tol=1e-9):
        return [f"the move's p_mine {move.get('p_mine')} is not its cell's probability"]
    return []


def _cells(listed: Any) -> set[tuple[int, int]]:
    return {(int(row), int(col)) for row, col in listed}
