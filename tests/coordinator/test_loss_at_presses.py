"""A loss shown only away from every cell pressed (an ended game's mines popping one by
one over the next game) is looked at again, never taken at once for the game's end."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from sweeper.coordinator import SimulatedScreen
from sweeper.coordinator.decide import LocalDecider
from sweeper.coordinator.play import Player, PlayOptions
from sweeper.core import BEGINNER, MINE, UNOPENED, Board, Cell
from sweeper.effector import Action, ClickAction

GHOST_LOOKS = 6  # looks that show the ghost mines: more than a finished game's two
GHOST_MINES = 3


class GhostMines(SimulatedScreen):
    """Draws mines, for :data:`GHOST_LOOKS` looks after its ``at``-th batch, on closed
    cells away from every cell that batch pressed."""

    def __init__(self, at: int) -> None:
        seeds = itertools.count(4)
        super().__init__(*BEGINNER, "safe", seeds=lambda: next(seeds))
        self.at, self.batches, self.looks = at, 0, 0
        self.pressed: list[Cell] = []
        self.ghosts: list[Cell] = []
        self.on_actions = self._count

    def _count(self, actions: Sequence[Action]) -> None:
        self.batches += 1
        if self.batches == self.at:
            self.pressed = [cell for action in actions if isinstance(action, ClickAction)
                            for cell in [self.cell_at(action.x, action.y)] if cell is not None]
            self.looks = GHOST_LOOKS

    def shown_board(self) -> Board:
        board = self.game.board
        if not self.looks:
            return board
        self.looks -= 1
        if not self.ghosts:
            self.ghosts = [cell for cell in board.cells_where(UNOPENED) if all(
                max(abs(cell[0] - row), abs(cell[1] - col)) > 1
                for row, col in self.pressed)][:GHOST_MINES]
        cells = board.cells.copy()
        for cell in self.ghosts:
            cells[cell] = MINE
        return Board(cells)


def test_mines_shown_away_from_the_presses_are_looked_at_again() -> None:
    screen = GhostMines(at=2)
    summary = Player(screen, LocalDecider(), PlayOptions(games=1, mines=screen.mines)).play()
    assert summary.errors == []
    assert [game.result for game in summary.results] == [screen.game.status]  # the page's
    assert screen.game.status in ("won", "lost")  # played to its end
    assert screen.ghosts and screen.looks == 0  # the ghosts showed, and went
