"""A board's 3BV: the fewest presses that win it without chording (one per opening, one
per number no opening reveals), the measure speed is compared by."""

from __future__ import annotations

from collections.abc import Iterator

Cell = tuple[int, int]


def presses_to_win(mines: list[str], opened: set[Cell]) -> list[Cell]:
    """One cell per opening and every number outside the openings' borders (the 3BV
    presses; ``mines`` rows with ``*`` for a mine), leaving out those the cells already
    ``opened`` have taken care of; in a snake's order, row by row."""
    rows, cols = len(mines), len(mines[0])
    mine = {(r, c) for r in range(rows) for c in range(cols) if mines[r][c] == "*"}

    def around(cell: Cell) -> Iterator[Cell]:
        r, c = cell
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols:
                    yield r + dr, c + dc

    zero = {(r, c) for r in range(rows) for c in range(cols)
            if (r, c) not in mine and not any(n in mine for n in around((r, c)))}
    presses, covered = [], set()
    for start in sorted(zero):
        if start in covered:
            continue
        region, todo = {start}, [start]
        while todo:  # the opening: the 0s joined to ``start`` and the cells around them
            for n in around(todo.pop()):
                if n in zero and n not in region:
                    region.add(n)
                    todo.append(n)
        covered |= region | {n for cell in region for n in around(cell)}
        if not region & opened:  # an open 0 has opened all of it
            presses.append(start)
    presses += [(r, c) for r in range(rows) for c in range(cols)
                if (r, c) not in mine and (r, c) not in covered and (r, c) not in opened]
    return sorted(presses, key=lambda cell: (cell[0], cell[1] if cell[0] % 2 == 0 else -cell[1]))


def miscounted_numbers(board: list[str], mines: list[str]) -> list[Cell]:
    """The opened numbers of ``board`` (rows as the page shows them: a digit, ``0`` or a
    blank for an opened cell with no number) that differ from the count of ``mines``
    (rows with ``*`` for a mine) around them: where the page itself counts wrong."""
    rows, cols = len(mines), len(mines[0])
    wrong = []
    for r in range(rows):
        for c in range(cols):
            if not board[r][c].isdigit():
                continue
            count = sum(mines[rr][cc] == "*" for rr in range(max(r - 1, 0), min(r + 2, rows))
                        for cc in range(max(c - 1, 0), min(c + 2, cols)) if (rr, cc) != (r, c))
            if int(board[r][c]) != count:
                wrong.append((r, c))
    return wrong


def three_bv(mines: list[str]) -> int:
    """The board's 3BV: the presses that win it from a closed board."""
    return len(presses_to_win(mines, set()))
