"""Re-record the recognizer's replay corpus through the real pipeline.

Xvfb + Chromium showing the bundled game (``practice.desktop.VirtualDesktop``) and
xdemineur, real X clicks (xdotool), screenshots with the effector's mss capture. Each
screenshot is saved as ``NAME.png`` (cropped round the game window, or the whole modest
screen where finding the board is the point) with ``NAME.json`` next to it::

    {"board": "<board text>", "status": "playing|won|lost", "source": "...",
     "cells": {"left": x, "top": y, "pitch": p, "rows": r, "cols": c}}   # bundled game only

For the bundled game the truth comes from the page's ``window.__state()``; the seeds
are fixed, so a re-recording gives the same boards. xdemineur has no seed and no way to
ask it for the truth: its screenshots are labelled by reading them with the recognizer,
and every one of them must be checked by eye before it is committed (``--xdemineur``);
``--high-digits`` hunts xdemineur's rarely seen 5 to 8 on very dense boards and saves
the shots with a cell it cannot read yet, to be labelled by eye.

    .venv/bin/python tests/recognizer/record_corpus.py [--bundled] [--xdemineur]
                                                       [--high-digits] [--out DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import cv2
import numpy as np

CORPUS_DIR = Path(__file__).resolve().parent / "corpus"
SCREEN = (1280, 1024)
MARGIN = 14  # px of surroundings kept round xdemineur in cropped shots
# (left, top, right, bottom) px kept round the game's canvas, a different choice per shot,
# so that the board sits at a different place in every cropped screenshot
CANVAS_MARGINS = ((14, 14, 14, 14), (5, 31, 22, 9), (37, 8, 6, 25), (21, 40, 33, 12),
                  (9, 17, 41, 30))

# cell size -> where the Chromium window goes; a different place for each size
WINDOW_POSITIONS = {16: (37, 53), 24: (211, 17), 32: (5, 90)}
DENSE: dict[str, Any] = {"width": 16, "height": 16, "mines": 100, "rules": "safe"}
EASY: dict[str, Any] = {"width": 9, "height": 9, "mines": 10, "rules": "safe"}


class Recorder:
    """Screenshots of one virtual desktop, saved with their truth."""

    def __init__(self, desktop: Any, out: Path) -> None:
        from sweeper.core import Rect
        from sweeper.effector import ScreenCapture

        os.environ["DISPLAY"] = desktop.display.display
        self.desktop = desktop
        self.out = out
        self.capture = ScreenCapture()
        width, height = desktop.display.width, desktop.display.height
        self.screen = Rect(left=0, top=0, width=width, height=height)

    def settled_screenshot(self) -> np.ndarray:
        """A screenshot taken once two in a row agree (the page has finished drawing)."""
        previous = self.capture.grab(self.screen)
        for _ in range(50):
            time.sleep(0.08)
            current = self.capture.grab(self.screen)
            if np.array_equal(current, previous):
                return current
            previous = current
        return previous

    def save(self, name: str, image: np.ndarray, truth: dict[str, Any],
             crop: tuple[int, int, int, int] | None) -> None:
        """Write ``name.png`` (cropped to ``crop`` = x, y, w, h) and ``name.json``."""
        if crop is not None:
            x, y, w, h = crop
            x, y = max(x, 0), max(y, 0)
            image = image[y:y + h, x:x + w]
            if "cells" in truth:
                truth["cells"]["left"] -= x
                truth["cells"]["top"] -= y
        self.out.mkdir(parents=True, exist_ok=True)
        cv2.imwrite(str(self.out / f"{name}.png"), image, [cv2.IMWRITE_PNG_COMPRESSION, 9])
        (self.out / f"{name}.json").write_text(json.dumps(truth, indent=1) + "\n")
        print(f"saved {name}: {truth['status']}", flush=True)

    def close(self) -> None:
        self.capture.close()


# ---------------------------------------------------------------- the bundled game


class GameDriver:
    """Plays the bundled game in the desktop's Chromium window with real clicks."""

    def __init__(self, desktop: Any) -> None:
        self.desktop = desktop
        self.shots = 0

    def load(self, params: dict[str, Any]) -> dict[str, Any]:
        """Load a game and wait until its window has stopped moving or resizing."""
        state: dict[str, Any] = self.desktop.new_game(params)
        previous = None
        for _ in range(50):
            rect = self.desktop.canvas_rect()
            if rect == previous:
                break
            previous = rect
            time.sleep(0.1)
        return state

    def state(self) -> dict[str, Any]:
        state: dict[str, Any] = self.desktop.page_state()
        return state

    def click(self, row: int, col: int, button: str = "left") -> None:
        before = self.state()["board"]
        self.desktop.xinput.click(self.desktop.cell_center(row, col), button)
        deadline = time.monotonic() + 3
        while self.state()["board"] == before and time.monotonic() < deadline:
            time.sleep(0.02)
        if self.state()["board"] == before and button == "left":
            raise RuntimeError(f"clicking cell ({row}, {col}) changed nothing")
        self.desktop.xinput.run("mousemove", "--sync", "0", "0")  # no hover, no press

    def open_safe_cells(self, keep: Callable[[int, int], bool] = lambda r, c: False) -> None:
        """Open every safe cell still unopened, except those ``keep`` wants left closed."""
        layout = self.state()["mines"].split("\n")
        for row, line in enumerate(layout):
            for col, truth in enumerate(line):
                board = self.state()["board"].split("\n")
                if truth != "*" and board[row][col] == "." and not keep(row, col):
                    self.click(row, col)

    def truth(self, source: str) -> dict[str, Any]:
        state = self.state()
        canvas = self.desktop.canvas_rect()
        layout = state["layout"]
        return {
            "board": state["board"], "status": state["status"], "source": source,
            "cells": {"left": canvas.left + layout["cellsLeft"],
                      "top": canvas.top + layout["cellsTop"], "pitch": state["cell"],
                      "rows": state["height"], "cols": state["width"]},
        }

    def crop(self) -> tuple[int, int, int, int]:
        """The canvas and some of its surroundings (margins vary from shot to shot)."""
        left, top, right, bottom = CANVAS_MARGINS[self.shots % len(CANVAS_MARGINS)]
        self.shots += 1
        canvas = self.desktop.canvas_rect()
        return (canvas.left - left, canvas.top - top, canvas.width + left + right,
                canvas.height + top + bottom)


def find_seed(driver: GameDriver, params: dict[str, Any], needed: str, first: tuple[int, int],
              start: int = 1) -> int:
    """The first seed whose layout (first click at ``first``) shows every digit in ``needed``."""
    for seed in range(start, start + 200):
        driver.load({**params, "seed": seed})
        driver.click(*first)
        layout = driver.state()["mines"]
        if all(digit in layout for digit in needed):
            return seed
    raise RuntimeError(f"no seed in {start}..{start + 199} shows all of {needed}")


def record_bundled(out: Path) -> None:
    """Fresh, dense mid-game, flagged, lost and won boards at cell 16, 24 and 32."""
    from sweeper.practice import VirtualDesktop

    for cell, position in WINDOW_POSITIONS.items():
        with VirtualDesktop(screen_size=SCREEN, window_position=position,
                            game_params={**EASY, "cell": cell}) as desktop:
            recorder = Recorder(desktop, out)
            try:
                _record_bundled_size(recorder, GameDriver(desktop), cell)
            finally:
                recorder.close()
    record_bundled_screens(out)


def _record_bundled_size(recorder: Recorder, driver: GameDriver, cell: int) -> None:
    tag = f"web{cell}"
    source = f"bundled game, cell={cell}, Chromium on Xvfb"

    driver.load({**EASY, "cell": cell, "seed": 11})
    recorder.save(f"{tag}_fresh", recorder.settled_screenshot(), driver.truth(source),
                  driver.crop())

    dense = {**DENSE, "cell": cell}
    seed = find_seed(driver, dense, "12345678", (8, 8), start=cell)
    driver.load({**dense, "seed": seed})
    driver.click(8, 8)
    layout = driver.state()["mines"].split("\n")
    mines = [(r, c) for r, line in enumerate(layout) for c, ch in enumerate(line) if ch == "*"]
    driver.open_safe_cells(keep=lambda r, c: r >= 13 and c >= 10)
    recorder.save(f"{tag}_mid", recorder.settled_screenshot(), driver.truth(source),
                  driver.crop())

    for row, col in mines[:12]:
        driver.click(row, col, "right")
    closed_safe = [(r, c) for r in range(13, 16) for c in range(10, 16) if layout[r][c] != "*"]
    for row, col in closed_safe[:3]:
        driver.click(row, col, "right")  # wrong flags, shown crossed once the game is lost
    recorder.save(f"{tag}_flagged", recorder.settled_screenshot(), driver.truth(source),
                  driver.crop())

    driver.click(*mines[-1])
    recorder.save(f"{tag}_lost", recorder.settled_screenshot(), driver.truth(source),
                  driver.crop())

    driver.load({**EASY, "cell": cell, "seed": 7})
    driver.click(4, 4)
    driver.open_safe_cells()
    recorder.save(f"{tag}_won", recorder.settled_screenshot(), driver.truth(source),
                  driver.crop())


def record_bundled_screens(out: Path) -> None:
    """Whole-screen shots (800x600) with the game at places the recognizer must find.

    The last one keeps the window larger than the game, so the board sits in a grey page.
    """
    from sweeper.practice import VirtualDesktop

    for name, position, cell, fit in (("screen_web16", (421, 197), 16, True),
                                      ("screen_web24", (13, 61), 24, True),
                                      ("screen_web32_page", (30, 12), 32, False)):
        with VirtualDesktop(screen_size=(800, 600), window_position=position,
                            window_size=(740, 570), fit_window=fit,
                            game_params={**EASY, "cell": cell, "seed": 5}) as desktop:
            recorder = Recorder(desktop, out)
            try:
                driver = GameDriver(desktop)
                driver.click(0, 0)
                driver.click(8, 8)
                recorder.save(name, recorder.settled_screenshot(),
                              driver.truth(f"bundled game, cell={cell}, whole 800x600 screen"),
                              None)
            finally:
                recorder.close()


# ---------------------------------------------------------------- xdemineur


class XdemineurPlayer:
    """Plays xdemineur with real clicks: the recognizer reads it, the analyzer decides."""

    def __init__(self, desktop: Any, recorder: Recorder, window: Any, mines: int) -> None:
        self.desktop = desktop
        self.recorder = recorder
        self.window = window
        self.mines = mines
        self.geometry: Any = None
        self.last_image: np.ndarray | None = None

    def read(self) -> Any:
        """Recognize the screen; the board may be None if some cell is unreadable."""
        from sweeper.recognizer.api import recognize

        self.last_image = self.recorder.settled_screenshot()
        recognition = recognize(self.last_image)
        if recognition.geometry is not None:
            self.geometry = recognition.geometry
        return recognition

    def click(self, cell: tuple[int, int], button: str = "left") -> None:
        self.desktop.xinput.click(self.geometry.centre(*cell), button)
        self.desktop.xinput.run("mousemove", "--sync", "0", "0")

    def new_game(self) -> None:
        rect = self.window.rect
        self.desktop.xinput.click((rect.left + rect.width // 2, rect.top + 40))
        self.desktop.xinput.run("mousemove", "--sync", "0", "0")
        time.sleep(0.3)

    def crop(self) -> tuple[int, int, int, int]:
        rect = self.window.rect
        return (rect.left - MARGIN, rect.top - MARGIN, rect.width + 2 * MARGIN,
                rect.height + 2 * MARGIN)

    def save(self, name: str, recognition: Any, whole_screen: bool = False) -> None:
        """Save the last screenshot with what the recognizer read in it.

        Cells it could not read are written as ``?`` under ``board_draft`` instead of
        ``board``: label them by eye (and check the rest) before committing.
        """
        from sweeper.core import Board, format_board

        if recognition.readings is None or self.last_image is None:
            raise RuntimeError(f"{name}: no board found: {recognition.message}")
        text = format_board(Board(recognition.readings.codes.copy()))
        truth: dict[str, Any] = {
            "status": recognition.status,
            "source": "xdemineur on Xvfb; labelled by the recognizer, checked by eye",
        }
        if recognition.board is not None:
            truth["board"] = text
        else:
            lines = [list(line) for line in text.split()]
            for row, col in recognition.unreadable:
                lines[row][col] = "?"
            truth["board_draft"] = "".join("".join(line) + "\n" for line in lines)
        self.recorder.save(name, self.last_image, truth, None if whole_screen else self.crop())

    def play(self, on_turn: Callable[[Any, Any], None]) -> Any:
        """Play one game to its end; ``on_turn(recognition, analysis)`` sees every turn."""
        from sweeper.analyzer import AnalysisError, analyze

        recognition = self.read()
        for _ in range(300):
            if recognition.board is None or recognition.status != "playing":
                return recognition
            try:
                analysis = analyze(recognition.board, total_mines=self.mines)
            except AnalysisError:  # one of our guessed flags was wrong: give this game up
                return recognition
            on_turn(recognition, analysis)
            for cell in analysis.mines:
                self.click(cell, "right")
            targets = list(analysis.safe)
            if not targets and analysis.move is not None:
                targets = [(analysis.move.row, analysis.move.col)]
            for cell in targets:
                self.click(cell)
            recognition = self.read()
        return recognition


def record_xdemineur(out: Path, games: int = 60) -> None:
    """xdemineur: opening, flagged with a question mark, lost, won, and a digit-rich board."""
    from sweeper.practice import VirtualDesktop

    with VirtualDesktop(screen_size=(800, 600), window_position=(600, 500)) as desktop:
        recorder = Recorder(desktop, out)
        try:
            window = desktop.start_xdemineur(columns=16, rows=12, mines=36, position=(23, 31))
            player = XdemineurPlayer(desktop, recorder, window, mines=36)
            player.save("xd_opening", player.read())
            _record_xdemineur_games(player, games)
        finally:
            recorder.close()
    with VirtualDesktop(screen_size=(800, 600), window_position=(600, 500)) as desktop:
        recorder = Recorder(desktop, out)
        try:
            window = desktop.start_xdemineur(columns=12, rows=9, mines=10, position=(301, 170))
            player = XdemineurPlayer(desktop, recorder, window, mines=10)
            player.save("xd_screen", player.read(), whole_screen=True)
            for _ in range(games):
                final = player.play(lambda recognition, analysis: None)
                if final.status == "won":
                    player.save("xd_won", final)
                    break
                player.new_game()
        finally:
            recorder.close()


def _record_xdemineur_games(player: XdemineurPlayer, games: int) -> None:
    """Play dense games until a flagged board, a loss and a digit-rich board are saved."""
    from sweeper.core import UNOPENED

    best_digits: set[int] = set()
    saved: set[str] = set()

    def on_turn(recognition: Any, analysis: Any) -> None:
        board = recognition.board
        digits = {int(code) for code in np.unique(board.cells) if code > 0}
        if len(digits) > len(best_digits):
            best_digits.clear()
            best_digits.update(digits)
            player.save("xd_digits", recognition)
        flags = board.cells_where(-2)
        undecided = [cell for cell in board.cells_where(UNOPENED)
                     if cell not in analysis.mines and cell not in analysis.safe]
        if "xd_flagged" not in saved and len(flags) >= 3 and undecided:
            player.click(undecided[-1], "right")
            player.click(undecided[-1], "right")  # a question mark: still unopened
            player.save("xd_flagged", player.read())
            player.click(undecided[-1], "right")
            saved.add("xd_flagged")
        elif not analysis.safe and undecided and len(flags) >= 2:
            player.click(undecided[0], "right")  # a guessed flag: may show as wrong if lost

    for _ in range(games):
        final = player.play(on_turn)
        if final.status == "lost" and "xd_lost" not in saved and final.board is not None:
            player.save("xd_lost", final)
            saved.add("xd_lost")
        if {"xd_lost", "xd_flagged"} <= saved and len(best_digits) >= 6:
            return
        player.new_game()


def record_xdemineur_high_digits(
    out: Path, clicks: int = 300, densities: tuple[int, ...] = (64, 78)
) -> None:
    """xdemineur's 5 to 8, which normal games rarely show (and which it draws in its own
    colours: orchid, sea green, sienna, deep pink), from very dense boards.

    On a 12x8 board that is two-thirds (then four-fifths) mines, a cell that turns out
    safe shows a high number. Cells are opened at random, a new game is started after
    each loss, and every screenshot with a cell the recognizer cannot read yet is saved
    as ``xd_high_N`` with a ``board_draft`` to be labelled by eye.
    """
    import random

    from sweeper.practice import VirtualDesktop

    chooser = random.Random(5)
    names = (f"xd_high_{n}" for n in range(1, 10_000))
    for mines in densities:
        with VirtualDesktop(screen_size=(800, 600), window_position=(600, 500)) as desktop:
            recorder = Recorder(desktop, out)
            try:
                window = desktop.start_xdemineur(columns=12, rows=8, mines=mines,
                                                 position=(23, 31))
                player = XdemineurPlayer(desktop, recorder, window, mines=mines)
                for _ in range(clicks):
                    _open_a_random_cell(player, chooser, names)
            finally:
                recorder.close()


def _open_a_random_cell(player: XdemineurPlayer, chooser: Any, names: Iterator[str]) -> None:
    """One step of the hunt: save a board with a cell not read yet, or open a random cell
    (a new game after a loss)."""
    from sweeper.core import UNOPENED

    recognition = player.read()
    if recognition.readings is None or recognition.status == "lost":
        player.new_game()
    elif recognition.unreadable and recognition.status == "playing":
        player.save(next(names), recognition)
        player.new_game()
    else:
        closed = np.argwhere(recognition.readings.codes == UNOPENED)
        row, col = closed[chooser.randrange(len(closed))]
        player.click((int(row), int(col)))


@contextmanager
def _timed(what: str) -> Iterator[None]:
    started = time.monotonic()
    yield
    print(f"{what}: {time.monotonic() - started:.1f} s", flush=True)


def _stop(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt  # so that every desktop started is stopped again


def main(argv: list[str] | None = None) -> int:
    signal.signal(signal.SIGTERM, _stop)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=CORPUS_DIR)
    parser.add_argument("--bundled", action="store_true", help="record the bundled game")
    parser.add_argument("--screens", action="store_true", help="record whole-screen shots only")
    parser.add_argument("--xdemineur", action="store_true", help="record xdemineur")
    parser.add_argument("--games", type=int, default=60, help="xdemineur games at most")
    parser.add_argument("--high-digits", action="store_true",
                        help="record xdemineur's 5 to 8 from very dense boards")
    args = parser.parse_args(argv)
    if args.bundled:
        with _timed("bundled game"):
            record_bundled(args.out)
    if args.screens:
        record_bundled_screens(args.out)
    if args.xdemineur:
        with _timed("xdemineur"):
            record_xdemineur(args.out, args.games)
    if args.high_digits:
        with _timed("xdemineur high digits"):
            record_xdemineur_high_digits(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
