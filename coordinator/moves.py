"""A decision as presses: which cells to click, and the batch of actions that clicks them.

Every proven-safe cell opens in one batch (but for those a 0's cascade opens:
:mod:`coordinator.cascade`), row by row to keep the pointer's path short; with nothing
certain, the analyzer's one best guess. Clicks go to cell centres only.
"""

from __future__ import annotations

from collections.abc import Iterable

from sweeper.coordinator.cascade import cells_to_press
from sweeper.coordinator.decide import Decision
from sweeper.core import FLAG, Board, Cell
from sweeper.effector import Action, Button, ClickAction, MoveAction, PauseAction
from sweeper.recognizer import BoardGeometry


def cells_to_click(board: Board, decision: Decision,
                   flag_mines: bool) -> tuple[list[Cell], list[Cell]] | None:
    """Cells to open (all proven safe, but for those a 0's cascade opens; else the
    one best guess) and mines to flag (with ``flag_mines``); None with no move at all.

    With nothing left to open on a game still in play, every remaining mine is
    flagged: some clones (xdemineur) are only won once all mines carry a flag.
    """
    new_mines = [cell for cell in decision.mines if board[cell] != FLAG]
    if decision.safe:
        targets = reading_order(cells_to_press(board, decision.safe))
    elif decision.move is not None:
        targets = [decision.move.cell]
    elif new_mines:
        return [], new_mines
    else:
        return None
    return targets, new_mines if flag_mines else []


def press_actions(geometry: BoardGeometry, targets: Iterable[Cell], flags: Iterable[Cell],
                  *, rest_ms: int = 0, hold_ms: int = 0) -> list[Action]:
    """Left clicks on ``targets`` and right clicks on ``flags`` at their cells' centres;
    with ``rest_ms``, the pointer rests on each cell that long before pressing it."""
    presses: list[tuple[Cell, Button]] = [(cell, "left") for cell in targets]
    presses += [(cell, "right") for cell in flags]
    actions: list[Action] = []
    for (row, col), button in presses:
        x, y = geometry.centre(row, col)
        if rest_ms:
            actions += [MoveAction(x=x, y=y), PauseAction(ms=rest_ms)]
        actions.append(ClickAction(x=x, y=y, button=button, hold_ms=hold_ms))
    return actions


def reading_order(cells: Iterable[Cell]) -> list[Cell]:
    """Cells row by row, alternating direction, to keep the mouse path short."""
    return sorted(cells, key=lambda cell: (cell[0], cell[1] if cell[0] % 2 == 0 else -cell[1]))
