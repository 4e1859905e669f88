"""Regenerate the documentation screenshots of the practice target.

For cell sizes 16, 24 and 32 it plays one seeded expert game in the bundled page on a
virtual desktop and grabs the game window from the X screen (the way the bot sees it):
fresh, mid-game, won and lost. Each PNG gets a JSON sidecar with the true board text,
status and geometry, so the images can seed the recognizer's replay corpus. One
screenshot of xdemineur on the same display is added.

Run: ``.venv/bin/python -m practice.shoot [--out docs/screenshots]``
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from analyzer.board import MINE, UNOPENED, Cell
from practice.chromium import ScreenRect
from practice.desktop import VirtualDesktop
from practice.gamepage import GamePage
from practice.screenshot import grab, save_png

DEFAULT_OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
CELL_SIZES = (16, 24, 32)
GAME: dict[str, str | int] = {
    "width": 30, "height": 16, "mines": 99, "rules": "safe", "seed": 20240611,
}
FIRST_CLICK = (8, 15)
MID_GAME_OPENED = 120  # cells opened or flagged in the mid-game shots


def shoot_game(desktop: VirtualDesktop, cell: int, out: Path) -> list[Path]:
    """Fresh, mid-game, won and lost screenshots of one seeded game at one cell size."""
    page = GamePage(desktop)
    params: dict[str, str | int] = {**GAME, "cell": cell}
    page.load(**params)
    written = [save_shot(desktop, out / f"game-cell{cell}-fresh", params)]
    play_mid_game(page)
    written.append(save_shot(desktop, out / f"game-cell{cell}-mid", params))
    for row, col in sorted(page.safe_cells()):
        if page.board()[(row, col)] == UNOPENED:
            page.click(row, col)
    written.append(save_shot(desktop, out / f"game-cell{cell}-won", params))
    page.load(**params)
    play_mid_game(page)
    lose(page)
    written.append(save_shot(desktop, out / f"game-cell{cell}-lost", params))
    return written


def play_mid_game(page: GamePage) -> None:
    """First click, then flag the frontier's mines and open its safe cells for a while."""
    page.click(*FIRST_CLICK)
    mines = page.mine_cells()
    while True:
        board = page.board()
        if len(board.cells_where(UNOPENED)) <= board.width * board.height - MID_GAME_OPENED:
            return
        todo = [cell for cell in frontier(page) if board[cell] == UNOPENED]
        if not todo:
            return
        for cell in todo[:8]:
            page.click(*cell, "right" if cell in mines else "left")


def frontier(page: GamePage) -> list[Cell]:
    """Unopened cells next to an opened number, nearest to the first click first."""
    board = page.board()
    cells = [
        cell
        for cell in board.cells_where(UNOPENED)
        if any(board[n] > 0 for n in board.neighbours(cell))
    ]
    return sorted(cells, key=lambda c: (abs(c[0] - FIRST_CLICK[0]) + abs(c[1] - FIRST_CLICK[1]), c))


def lose(page: GamePage) -> None:
    """Put one flag on a safe cell (shown crossed out), then open a hidden mine."""
    board, truth = page.board(), page.truth()
    hidden = sorted(board.cells_where(UNOPENED))
    wrong = next(cell for cell in hidden if truth[cell] != MINE)
    page.click(*wrong, "right")
    mine = next(cell for cell in hidden if truth[cell] == MINE)
    page.click(*mine)


def save_shot(desktop: VirtualDesktop, stem: Path, params: dict[str, str | int]) -> Path:
    """Grab the game's canvas from the X screen; write ``stem.png`` and ``stem.json``."""
    GamePage(desktop).settle()
    canvas = desktop.canvas_rect()
    state = desktop.page_state()
    save_png(grab(desktop.display.display, canvas), stem.with_suffix(".png"))
    sidecar = {
        "source": "practice/web (bundled game)",
        "params": params,
        "board": state["board"],
        "status": state["status"],
        "cell": state["cell"],
        "cells_left": state["layout"]["cellsLeft"],
        "cells_top": state["layout"]["cellsTop"],
        "face": state["layout"]["face"],
        "size": [canvas.width, canvas.height],
    }
    stem.with_suffix(".json").write_text(json.dumps(sidecar, indent=1) + "\n")
    return stem.with_suffix(".png")


def shoot_xdemineur(desktop: VirtualDesktop, out: Path) -> Path:
    """xdemineur's window on the virtual display, as the desktop-clone example."""
    window = desktop.start_xdemineur(columns=30, rows=16, mines=99, position=(0, 0))
    GamePage(desktop).settle()
    rect = ScreenRect(window.rect.left, window.rect.top, window.rect.width, window.rect.height)
    path = out / "xdemineur.png"
    save_png(grab(desktop.display.display, rect), path)
    return path


def main(argv: Sequence[str] | None = None) -> int:
    """Write every screenshot into ``--out`` and list them."""
    parser = argparse.ArgumentParser(prog="python -m practice.shoot", description=__doc__)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with VirtualDesktop(screen_size=(1200, 800)) as desktop:
        written = [path for cell in CELL_SIZES for path in shoot_game(desktop, cell, args.out)]
    with VirtualDesktop(screen_size=(1400, 1000), window_position=(700, 500)) as desktop:
        written.append(shoot_xdemineur(desktop, args.out))
    for path in written:
        print(f"{path} ({path.stat().st_size // 1024} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
