"""Regenerate the documentation screenshots of the practice target.

For cell sizes 16, 24 and 32 it plays one seeded expert game in the bundled page on a
virtual desktop and grabs the game window from the X screen (the way the bot sees it):
fresh, mid-game, won and lost. Each PNG gets a JSON sidecar with the true board text,
status and geometry, so the images can seed the recognizer's replay corpus. One
screenshot of xdemineur on the same display is added.

With ``--winemine`` it records Wine's winemine instead (into ``--out``; nothing of it is
kept in the repository): expert fresh, mid-game, with flags, lost, won (with its record
dialogs showing, then without), and a beginner and an intermediate game, each PNG with a
JSON sidecar holding the board text read from winemine's memory, the status and where
the window is. winemine has no seed, so every run records other games.

Run: ``.venv/bin/python -m sweeper.practice.shoot [--out docs/screenshots] [--winemine]``
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from sweeper.core import EXPERT, MINE, UNOPENED, Cell, Rect
from sweeper.practice.desktop import VirtualDesktop
from sweeper.practice.gamepage import GamePage
from sweeper.practice.screenshot import grab, save_png
from sweeper.practice.winemine import Winemine
from sweeper.practice.winemine_oracle import WinemineTruth

DEFAULT_OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
CELL_SIZES = (16, 24, 32)
GAME: dict[str, str | int] = {**EXPERT._asdict(), "rules": "safe", "seed": 20240611}
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
    window = desktop.start_xdemineur(*EXPERT, position=(0, 0))
    GamePage(desktop).settle()
    path = out / "xdemineur.png"
    save_png(grab(desktop.display.display, window.rect), path)
    return path


# ---------------------------------------------------------------- winemine

WINEMINE_MARGIN = 6  # px of desktop kept round winemine's window


def shoot_winemine(out: Path) -> list[Path]:
    """winemine's looks, each with the truth read from its memory: named as the sites'
    replay corpus names its shots (``winemine-x1-STATE``); the shots with a record dialog
    over the board are ``winemine-dialog-...``."""
    written = []
    with VirtualDesktop(screen_size=(1200, 800)) as desktop:
        desktop.chromium.navigate("about:blank")  # a plain background round the window
        expert = desktop.start_winemine("expert", position=(60, 60))
        written.append(save_winemine(desktop, expert, out / "winemine-x1-fresh"))
        fresh = expert.truth()
        expert.click_cell(fresh.rows // 2, fresh.columns // 2)
        written.append(save_winemine(desktop, expert, out / "winemine-x1-first"))
        open_safely(expert, openings=4, numbers=6)
        written.append(save_winemine(desktop, expert, out / "winemine-x1-mid"))
        flag_frontier(expert, flags=6)
        written.append(save_winemine(desktop, expert, out / "winemine-x1-flag"))
        lose_winemine(expert)
        written.append(save_winemine(desktop, expert, out / "winemine-x1-lost"))
        expert.new_game()
        open_safely(expert, openings=2, numbers=0)
        flag_frontier(expert, flags=4)
        open_every_safe_cell(expert)
        written.append(save_winemine(desktop, expert, out / "winemine-dialog-congratulations"))
        press_enter_on_dialog(expert)
        written.append(save_winemine(desktop, expert, out / "winemine-dialog-times"))
        press_enter_on_dialog(expert)
        written.append(save_winemine(desktop, expert, out / "winemine-x1-won"))
        expert.stop()
        for level, position in (("beginner", (60, 60)), ("intermediate", (300, 60))):
            game = desktop.start_winemine(level, position=position)
            open_safely(game, openings=1, numbers=3)
            written.append(save_winemine(desktop, game, out / f"winemine-x1-{level}"))
    return written


def open_safely(game: Winemine, openings: int, numbers: int) -> None:
    """The first click, then clicks the truth says are safe: zeros (each opens an area)
    and numbers next to what is open."""
    fresh = game.truth()
    game.click_cell(fresh.rows // 2, fresh.columns // 2)
    for wanted in ("0",) * openings + ("number",) * numbers:
        truth = game.truth()
        candidates = [cell for cell in hidden_safe(truth)
                      if (truth_at(truth, cell) == "0") == (wanted == "0")]
        near_open = [cell for cell in candidates if next_to_open(truth, cell)]
        if near_open or candidates:
            game.click_cell(*(near_open or candidates)[0])


def flag_frontier(game: Winemine, flags: int) -> None:
    """Right clicks on hidden mines next to the open area; the last one twice (a ``?``)."""
    truth = game.truth()
    mines = [cell for cell in sorted(truth.mine_cells())
             if truth.cell(*cell) == "." and next_to_open(truth, cell)][:flags]
    for cell in mines:
        game.click_cell(*cell, "right")
    if mines:
        game.click_cell(*mines[-1], "right")


def lose_winemine(game: Winemine) -> None:
    """A wrong flag on a hidden safe cell, then a click on a hidden mine."""
    truth = game.truth()
    game.click_cell(*hidden_safe(truth)[-1], "right")
    mine = next(cell for cell in sorted(truth.mine_cells()) if truth.cell(*cell) == ".")
    game.click_cell(*mine)


def open_every_safe_cell(game: Winemine) -> None:
    while game.truth().status == "playing":
        game.click_cell(*hidden_safe(game.truth())[0])
    game.settle()


def press_enter_on_dialog(game: Winemine) -> None:
    """Enter on the first dialog showing, as a user closes it; waits for what comes next."""
    game.xinput.focus_follows_pointer()
    dialog = game.dialogs()[0]
    game.xinput.move((dialog.rect.left + dialog.rect.width // 2, dialog.rect.top + 8))
    game.xinput.key("Return")
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and dialog in game.dialogs():
        time.sleep(0.05)
    time.sleep(0.3)  # the next dialog opens, or the face changes


def hidden_safe(truth: WinemineTruth) -> list[Cell]:
    assert truth.mines is not None
    return [(r, c) for r in range(truth.rows) for c in range(truth.columns)
            if truth.cell(r, c) == "." and truth_at(truth, (r, c)) != "*"]


def truth_at(truth: WinemineTruth, cell: Cell) -> str:
    assert truth.mines is not None
    return truth.mines.split("\n")[cell[0]][cell[1]]


def next_to_open(truth: WinemineTruth, cell: Cell) -> bool:
    return any(
        0 <= cell[0] + dr < truth.rows and 0 <= cell[1] + dc < truth.columns
        and truth.cell(cell[0] + dr, cell[1] + dc) in "012345678"
        for dr in (-1, 0, 1) for dc in (-1, 0, 1)
    )


def save_winemine(desktop: VirtualDesktop, game: Winemine, stem: Path) -> Path:
    """The window (and any dialog over it) with a margin; ``stem.png`` and ``stem.json``."""
    game.settle()
    window = game.rect
    dialogs = game.dialogs()
    rects = [window, *(dialog.rect for dialog in dialogs)]
    left = min(r.left for r in rects) - WINEMINE_MARGIN
    top = min(r.top for r in rects) - WINEMINE_MARGIN
    right = max(r.left + r.width for r in rects) + WINEMINE_MARGIN
    bottom = max(r.top + r.height for r in rects) + WINEMINE_MARGIN
    shot = Rect(left=left, top=top, width=right - left, height=bottom - top)
    truth = game.truth()
    cells_left, cells_top = game.cells_origin()
    face_x, face_y = game.face_center()
    save_png(grab(desktop.display.display, shot), stem.with_suffix(".png"))
    sidecar = {
        "source": "Wine's winemine on Xvfb; truth read from its memory",
        "board": truth.board,
        "status": truth.status,
        "rect": as_list(window),
        "shot": as_list(shot),
        "cell": 16,
        "cells_origin": [cells_left, cells_top],
        "face_center": [face_x, face_y],
        "face": truth.face,
        "columns": truth.columns, "rows": truth.rows, "mines": truth.mine_count,
        "flags": truth.flags, "seconds": truth.seconds,
        "question_marks": [list(cell) for cell in truth.question_marks],
        "dialogs": [{"title": d.title, "rect": as_list(d.rect)} for d in dialogs],
        "layout": truth.mines,
    }
    stem.with_suffix(".json").write_text(json.dumps(sidecar, indent=1) + "\n")
    return stem.with_suffix(".png")


def as_list(rect: Rect) -> list[int]:
    return [rect.left, rect.top, rect.width, rect.height]


def main(argv: Sequence[str] | None = None) -> int:
    """Write every screenshot into ``--out`` and list them."""
    parser = argparse.ArgumentParser(prog="python -m sweeper.practice.shoot", description=__doc__)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder")
    parser.add_argument("--winemine", action="store_true",
                        help="record Wine's winemine (only) into --out")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    if args.winemine:
        for path in shoot_winemine(args.out):
            print(f"{path} ({path.stat().st_size // 1024} KiB)")
        return 0
    with VirtualDesktop(screen_size=(1200, 800)) as desktop:
        written = [path for cell in CELL_SIZES for path in shoot_game(desktop, cell, args.out)]
    with VirtualDesktop(screen_size=(1400, 1000), window_position=(700, 500)) as desktop:
        written.append(shoot_xdemineur(desktop, args.out))
    for path in written:
        print(f"{path} ({path.stat().st_size // 1024} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
