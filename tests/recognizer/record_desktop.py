"""Record the replay corpus of Debian desktop Minesweepers: xbomb and freesweep.

Each game runs on an Xvfb display of its own (``practice.xbomb.Xbomb``: xbomb's square
grid at its largest level, 30x16 with 99 mines; ``practice.freesweep.Freesweep``:
freesweep in tmux in an xterm, 30x16 with 99 mines) and is taken through a fresh board,
the first opening, a flag, the middle of a game, a won game and a lost one. Each
screenshot is cut round the game's window and saved as ``desktop/GAME-STATE.png`` with
``.json``::

    {"board": "<board text>", "status": "playing|won|lost", "source": "..."}

xbomb's truth is read from its memory, so its clicks can follow the true mines.
freesweep's truth is the game's own text (``tmux capture-pane``); it does not show the
mines, so its games are played by the analyzer, started again until one is won. A shot is
kept only when the truth before and after it agree and the screen held still.

    .venv/bin/python tests/recognizer/record_desktop.py [--games xbomb,freesweep]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from sweeper.core import Rect  # noqa: E402
from sweeper.practice import (  # noqa: E402
    Freesweep,
    FreesweepTruth,
    VirtualDisplay,
    Xbomb,
    XbombTruth,
    grab,
    save_png,
)

OUT = Path(__file__).resolve().parent / "corpus" / "desktop"
SCREEN = (1280, 800)
MARGIN = 12  # px of the screen kept round the game's window
XBOMB_SOURCE = "xbomb 2.2b (Debian), -square -3, on Xvfb: the game's memory"
FREESWEEP_SOURCE = ("freesweep 1.0.2 (Debian) in tmux 3.3a in xterm 379 (fixed font), "
                    "on Xvfb: the game's own text (tmux capture-pane)")
Cell = tuple[int, int]


class Shooter:
    """Settled screenshots of one window, saved with the truth read round them."""

    def __init__(self, display: str, out: Path, game: str, source: str) -> None:
        self.display = display
        self.out = out
        self.game = game
        self.source = source

    def shot(self, state: str, window: Callable[[], Rect],
             truth: Callable[[], tuple[str, str]]) -> str | None:
        """Save ``GAME-STATE.png/.json`` once two grabs and two truths agree."""
        name = f"{self.game}-{state}"
        for _ in range(20):
            before = truth()
            time.sleep(0.3)
            area = _around(window())
            first = grab(self.display, area)
            time.sleep(0.15)
            second = grab(self.display, area)
            if np.array_equal(first, second) and truth() == before:
                break
        else:
            print(f"  {name}: the screen did not settle; not saved", file=sys.stderr)
            return None
        save_png(second, self.out / f"{name}.png")
        record = {"board": before[0] + "\n", "status": before[1], "source": self.source}
        (self.out / f"{name}.json").write_text(json.dumps(record, indent=1) + "\n")
        print(f"  saved {name}: {before[1]}", flush=True)
        return name


def _around(window: Rect) -> Rect:
    left, top = max(window.left - MARGIN, 0), max(window.top - MARGIN, 0)
    right = min(window.left + window.width + MARGIN, SCREEN[0])
    bottom = min(window.top + window.height + MARGIN, SCREEN[1])
    return Rect(left=left, top=top, width=right - left, height=bottom - top)


def _cells(text: str | None, char: str) -> list[Cell]:
    if text is None:
        return []
    return [(r, c) for r, line in enumerate(text.splitlines())
            for c, found in enumerate(line) if found == char]


def _next_to_opened(board: str, cells: list[Cell]) -> list[Cell]:
    """The cells with an opened number among their neighbours (a player's frontier)."""
    lines = board.splitlines()
    return [(r, c) for r, c in cells
            if any(lines[r + dr][c + dc].isdigit()
                   for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                   if 0 <= r + dr < len(lines) and 0 <= c + dc < len(lines[0]))]


# ---------------------------------------------------------------- xbomb


class XbombRecorder:
    """xbomb played with real clicks that follow the true mines."""

    def __init__(self, game: Xbomb, shooter: Shooter) -> None:
        self.game = game
        self.shooter = shooter
        self.rng = random.Random("xbomb")

    def record(self) -> None:
        """Fresh, first, flag, mid, won; then a new game to a loss."""
        self.shot("fresh")
        truth = self.game.click_cell(8, 15)
        self.shot("first")
        mines = _next_to_opened(truth.board, sorted(truth.mine_cells())) or sorted(
            truth.mine_cells())
        self.game.click_cell(*self.rng.choice(mines), "right")
        self.shot("flag")
        self.open_safe(lambda cell: cell[1] < 14)
        for cell in self.rng.sample(self.unflagged_mines(lambda c: c[1] < 14), 8):
            self.game.click_cell(*cell, "right")
        self.shot("mid")
        self.open_safe(lambda cell: True)
        for cell in self.unflagged_mines(lambda cell: True):
            self.game.click_cell(*cell, "right")
        self.shot("won")
        self.game.new_game()
        truth = self.game.click_cell(4, 6)
        self.open_safe(lambda cell: cell[0] < 9 and cell[1] < 20)
        for cell in self.rng.sample(self.unflagged_mines(lambda c: c[0] < 9), 6):
            self.game.click_cell(*cell, "right")
        self.game.click_cell(*self.rng.choice(self.unflagged_mines(lambda c: c[0] >= 9)))
        self.shot("lost")

    def open_safe(self, wanted: Callable[[Cell], bool]) -> None:
        """Open every hidden safe cell ``wanted`` accepts (cascades open some for us)."""
        for _ in range(500):
            truth = self.game.truth()
            mines = truth.mine_cells()
            closed = [cell for cell in _cells(truth.board, ".")
                      if cell not in mines and wanted(cell)]
            if not closed:
                return
            self.game.click_cell(*self.rng.choice(closed))

    def unflagged_mines(self, wanted: Callable[[Cell], bool]) -> list[Cell]:
        truth = self.game.truth()
        board = truth.board.splitlines()
        return [cell for cell in sorted(truth.mine_cells())
                if board[cell[0]][cell[1]] == "." and wanted(cell)]

    def shot(self, state: str) -> None:
        def truth() -> tuple[str, str]:
            now: XbombTruth = self.game.truth()
            return now.board, now.status

        self.shooter.shot(state, lambda: self.game.rect, truth)


def record_xbomb(out: Path) -> None:
    with VirtualDisplay(*SCREEN) as display:
        env = display.env()
        with Xbomb(env, level=3, position=(31, 23)) as game:
            XbombRecorder(game, Shooter(display.display, out, "xbomb", XBOMB_SOURCE)).record()


# ---------------------------------------------------------------- freesweep


class FreesweepRecorder:
    """freesweep played by the analyzer, through keys typed into the terminal."""

    def __init__(self, game: Freesweep, shooter: Shooter) -> None:
        self.game = game
        self.shooter = shooter
        self.rng = random.Random("freesweep")
        self.saved: set[str] = set()

    def record(self, games: int = 30) -> None:
        """Fresh, first, flag, mid in the first game; lost and won in whichever games end
        that way (new games until both are seen)."""
        self.shot("fresh")
        for _ in range(games):
            self.play_one()
            if {"won", "lost"} <= self.saved:
                return
            self.game.new_game()
        print(f"  freesweep: no {({'won', 'lost'} - self.saved)} in {games} games",
              file=sys.stderr)

    def play_one(self) -> None:
        truth = self.game.act(8, 15)
        if truth.status == "playing":
            self.once("first")
        while truth.status == "playing":
            analysis = self.analyze(truth)
            if analysis is None:
                return
            if "flag" not in self.saved and analysis.mines:
                frontier = _next_to_opened(truth.board, list(analysis.mines))
                row, col = (frontier or analysis.mines)[0]
                truth = self.game.act(row, col, "f")
                self.once("flag")
            if not analysis.safe and analysis.mines:  # freesweep wants every mine flagged
                for row, col in analysis.mines:
                    truth = self.game.act(row, col, "f")
                continue
            targets = list(analysis.safe)
            if not targets and analysis.move is not None:
                targets = [(analysis.move.row, analysis.move.col)]
            if not targets:
                return
            for cell in targets:
                truth = self.game.act(*cell)
                if truth.status != "playing":
                    break
            if truth.board.count(".") < 0.55 * self.game.rows * self.game.columns:
                self.once("mid")
        self.once(truth.status)

    def analyze(self, truth: FreesweepTruth) -> Any:
        from sweeper.analyzer import AnalysisError, analyze
        from sweeper.core import parse_board

        try:
            return analyze(parse_board(truth.board), total_mines=self.game.mines)
        except AnalysisError as error:
            print(f"  freesweep: analysis failed: {error}", file=sys.stderr)
            return None

    def once(self, state: str) -> None:
        if state not in self.saved:
            self.shot(state)

    def shot(self, state: str) -> None:
        def truth() -> tuple[str, str]:
            now = self.game.truth()
            return now.board, now.status

        if self.shooter.shot(state, lambda: self.game.rect, truth):
            self.saved.add(state)


def record_freesweep(out: Path) -> None:
    """freesweep in xterm's default bitmap font, then in DejaVu Sans Mono 11 pt."""
    for tag, font, position in (("freesweep", None, (17, 45)),
                                ("freesweep-dejavu", ("DejaVu Sans Mono", 11), (5, 9))):
        with VirtualDisplay(*SCREEN) as display, Freesweep(
                display.env(), position=position, font=font) as game:
            source = FREESWEEP_SOURCE
            if font is not None:
                source = source.replace("fixed font", f"{font[0]} {font[1]} pt")
            FreesweepRecorder(game, Shooter(display.display, out, tag, source)).record()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="xbomb,freesweep", help="xbomb,freesweep")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    recorders = {"xbomb": record_xbomb, "freesweep": record_freesweep}
    for name in args.games.split(","):
        print(name, flush=True)
        recorders[name](args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
