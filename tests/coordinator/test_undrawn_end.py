"""A game whose end draws nothing and that takes no more clicks (squirtgun-win95: its
end handlers fail before they redraw, so the mine that went off never shows, nor the
last safe cell opened): the end is told from the presses it would not open, pressed
round after round on a board that had taken every click before."""

from __future__ import annotations

import itertools

from sweeper.coordinator import SimulatedScreen
from sweeper.coordinator.ending import ended_undrawn
from sweeper.core import BEGINNER, UNOPENED, Board, Cell, parse_board
from tests.coordinator.one_game import ends_played

# a game of 2 mines, at (0, 1) and (1, 0): one safe cell left, at (0, 0)
PLAYING = parse_board("..1\n.21\n110\n")


class EndUndrawn(SimulatedScreen):
    """The engine's game, drawn as it stood before the press that ended it; the game
    then takes no click (the engine's own rule once ended)."""

    def __init__(self, seed: int) -> None:
        seeds = itertools.count(seed)
        super().__init__(*BEGINNER, "safe", seeds=lambda: next(seeds))
        self.drawn: Board | None = None

    def _press(self, cell: Cell, button: str) -> None:
        before = self.game.board
        super()._press(cell, button)
        if self.game.status != "playing" and self.drawn is None:
            self.drawn = before

    def shown_board(self) -> Board:
        return self.game.board if self.drawn is None else self.drawn


# one mine, at (0, 0): a press at (2, 3), a certain 0, opens every other closed cell
BEFORE_CASCADE = parse_board(".1..\n11..\n....\n")
CASCADE_SAFE = [cell for cell in BEFORE_CASCADE.cells_where(UNOPENED) if cell != (0, 0)]


def test_the_last_safe_cells_never_opened_are_a_win() -> None:
    assert ended_undrawn(PLAYING, [(0, 0)], [(0, 0)], 2) == (PLAYING, "won")


def test_the_last_safe_cells_a_press_would_open_are_a_win() -> None:
    # squirtgun-win95: the winning press on a 0 drew none of its cascade either
    assert ended_undrawn(BEFORE_CASCADE, [(2, 3)], CASCADE_SAFE, 1) == (BEFORE_CASCADE, "won")


def test_a_guess_never_opened_is_a_loss() -> None:
    assert ended_undrawn(PLAYING, [(0, 0)], [], 2) == (PLAYING, "lost")


def test_safe_cells_not_the_last_never_opened_tell_no_end() -> None:
    assert ended_undrawn(PLAYING, [(0, 0)], [(0, 0)], 1) is None  # a safe cell left
    assert ended_undrawn(BEFORE_CASCADE, [(2, 3)], [(2, 3)], 1) is None  # safe cells left
    assert ended_undrawn(PLAYING, [(0, 2)], [], 2) is None  # an open cell pressed
    assert ended_undrawn(Board.unopened(3, 3), [(0, 0)], [], 2) is None  # no click taken


def test_games_that_draw_no_end_are_played_to_their_ends() -> None:
    screens = [EndUndrawn(seed) for seed in (1, 7)]  # a win, a loss
    assert ends_played(screens) == {"won", "lost"}
    assert all(screen.drawn is not None for screen in screens)  # the end was never drawn
