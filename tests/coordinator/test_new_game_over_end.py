"""A page that begins a new game over the last one's end before the end was read (a
dialog's "Play again" pressed to answer it, or a page that restarts by itself): the
board comes back all closed. Where the last presses tell the end (a guess that never
opened went off; the last safe cells pressed won), that end is taken; before, the fresh
board contradicted the one before and the run stopped."""

from __future__ import annotations

import itertools

from sweeper.coordinator import SimulatedScreen
from sweeper.coordinator.covers import CoverAnswerer
from sweeper.coordinator.ending import ended_by_a_new_game
from sweeper.coordinator.facts import GameFacts
from sweeper.coordinator.look import Looker
from sweeper.coordinator.watch import BoardWatch
from sweeper.core import BEGINNER, UNOPENED, Board, Cell, parse_board
from tests.coordinator.one_game import ends_played

# a game of 2 mines, at (0, 1) and (1, 0): one safe cell left, at (0, 0)
PLAYING = parse_board("..1\n.21\n110\n")
EARLIER = parse_board("...\n.21\n110\n")  # a guess at (0, 2) leaves a safe cell closed
FRESH = Board.unopened(3, 3)


class NewGameOverTheEnd(SimulatedScreen):
    """The engine's game; once it ends, the page shows a fresh board at once (the
    engine's game stays ended, as the page's last one)."""

    def __init__(self, seed: int) -> None:
        seeds = itertools.count(seed)
        super().__init__(*BEGINNER, "safe", seeds=lambda: next(seeds))
        self.restarted = False

    def _press(self, cell: Cell, button: str) -> None:
        super()._press(cell, button)
        self.restarted |= self.game.status != "playing"

    def shown_board(self) -> Board:
        if self.restarted:
            return Board.unopened(self.height, self.width)
        return self.game.board


def test_a_fresh_board_after_presses_tells_the_end_they_made() -> None:
    assert ended_by_a_new_game(EARLIER, FRESH, [(0, 2)], [], 2) == (EARLIER, "lost")
    assert ended_by_a_new_game(PLAYING, FRESH, [(0, 0)], [(0, 0)], 2) == (PLAYING, "won")
    assert ended_by_a_new_game(PLAYING, FRESH, [(0, 0)], [(0, 0)], 1) is None  # safe left
    assert ended_by_a_new_game(PLAYING, PLAYING, [(0, 0)], [], 2) is None  # not fresh
    assert ended_by_a_new_game(FRESH, FRESH, [(0, 0)], [], 2) is None  # no game begun
    assert ended_by_a_new_game(PLAYING, FRESH, [(0, 0)], [], 2) is None  # maybe the last safe


def test_games_restarted_over_their_ends_are_played_to_them() -> None:
    screens = [NewGameOverTheEnd(seed) for seed in (1, 15)]  # a win, a loss
    assert ends_played(screens) == {"won", "lost"}
    assert all(screen.restarted for screen in screens)


def test_a_new_game_first_seen_past_the_deadline_is_looked_at_again() -> None:
    # the board a dialog's button brought back comes after the cover was waited on,
    # past the watch's deadline: read once, it would have stopped the run
    screen = NewGameOverTheEnd(15)
    looker = Looker(screen)
    placement = looker.locate(screen.mines)
    facts = GameFacts(placement.geometry.rows, placement.geometry.cols, "safe",
                      shown_mines=screen.mines)
    screen.game.open(4, 4)
    previous = screen.game.board
    guess = previous.cells_where(UNOPENED)[0]
    screen.restarted = True
    sight = BoardWatch(looker, CoverAnswerer(screen)).settle(facts, previous, [guess],
                                                             timeout_s=0.0)
    assert (sight.board, sight.status) == (previous, "lost")
