"""Render the negative corpus: screenshots with no Minesweeper board in them.

Each shows a lattice the board finder could take for a board: toolbars, on-screen
keyboards, calendars, spreadsheets, icon grids, other grid games, desktop programs and
busy desktops. The recognizer must find no board in any of them
(``test_negative_corpus.py``).

Two sources, both drawn here and nowhere else:

* our own pages under ``negative_pages/``, shown by headless Chromium at device scales 1
  and 1.5 (``corpus/negative/PAGE-x1.png``, ``PAGE-x1.5.png``);
* X programs (xterm, xcalc, xfd, twm) on a private Xvfb display
  (``corpus/negative/desk_NAME.png``).

Every picture is cut round its content (a uniform border trimmed to a small margin) and
kept under ``MAX_BYTES`` (as a palette PNG if the full-colour one is too big).

    .venv/bin/python tests/recognizer/render_negative.py [--only NAME,...] [--list]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image

HERE = Path(__file__).resolve().parent
PAGES_DIR = HERE / "negative_pages"
OUT = HERE / "corpus" / "negative"
SCALES = (1.0, 1.5)
MAX_BYTES = 150_000
MARGIN = 12  # px of uniform background kept round the content
CHROMIUM_FLAGS = (
    "--headless", "--no-sandbox", "--test-type", "--disable-gpu",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--no-first-run", "--hide-scrollbars",
)


@dataclass(frozen=True)
class Scene:
    """One negative picture: what it shows and the size of its cells (CSS px at scale 1)."""

    what: str
    cell: str
    size: tuple[int, int] = (0, 0)  # window of a page, CSS px


PAGES: dict[str, Scene] = {
    "toolbar_light": Scene("word-processor menu and two toolbars of icon buttons",
                           "24x24 buttons", (640, 240)),
    "toolbar_dark": Scene("dark editor: activity bar and a 2x12 toolbar, code",
                          "48x48 and 32x32 buttons", (560, 360)),
    "keyboard_flat": Scene("flat light phone keyboard", "52x44 keys", (640, 270)),
    "keyboard_bevel": Scene("grey bevelled Windows-95 keyboard", "32x32 keys", (520, 190)),
    "keyboard_dark": Scene("dark laptop keyboard", "48x44 keys", (760, 270)),
    "calendar_light": Scene("light month view with events", "80x64 cells, day numbers",
                            (600, 460)),
    "calendar_dark": Scene("dark month view", "44x40 cells, day numbers", (360, 360)),
    "datepicker": Scene("three light date pickers side by side", "26x22 cells, numbers",
                        (640, 230)),
    "spreadsheet": Scene("spreadsheet with gridlines and numbers", "76x20 cells",
                         (760, 440)),
    "spreadsheet_empty": Scene("empty spreadsheet with gridlines", "64x18 cells",
                               (700, 450)),
    "spreadsheet_dark": Scene("dark sheet of single digits 0-8, hot/cold fills",
                              "36x24 cells, digits", (620, 410)),
    "digit_grid": Scene("16x16 table of single digits in Minesweeper colours on grey",
                        "22x22 cells, digits", (420, 420)),
    "launcher": Scene("phone app launcher", "64x64 icons", (480, 460)),
    "file_manager": Scene("file manager icon view with a side bar", "76x80 icons",
                          (640, 420)),
    "chess": Scene("chess board mid-game", "48x48 squares", (440, 440)),
    "checkers": Scene("10x10 draughts board with pieces", "36x36 squares", (420, 420)),
    "sudoku": Scene("sudoku, given and entered digits", "40x40 cells, digits", (420, 420)),
    "sudoku_dark": Scene("small dark sudoku", "22x22 cells, digits", (260, 260)),
    "game2048": Scene("2048 board", "64x64 tiles, numbers", (360, 360)),
    "tictactoe": Scene("tic-tac-toe", "72x72 cells", (300, 300)),
    "crossword": Scene("15x15 crossword with clue numbers and letters",
                       "26x26 cells, letters", (640, 460)),
    "go_board": Scene("19x19 Go board with stones", "20 px line spacing", (460, 460)),
    "bingo": Scene("bingo card with dabs", "56x56 cells, numbers", (360, 400)),
    "nonogram": Scene("15x15 nonogram with clues, fills and crosses", "16x16 cells",
                      (400, 400)),
    "win95_panel": Scene("Windows-95 paint window: bevelled tool and button panels, palette",
                         "24x24 buttons, 14x14 swatches", (440, 300)),
    "calculator": Scene("calculator keypad", "64x48 keys", (300, 420)),
    "palette": Scene("colour swatch grids", "16x16 and 12x12 swatches", (520, 320)),
    "periodic_table": Scene("periodic table", "40x44 cells, symbols", (760, 360)),
    "pixel_editor": Scene("pixel-art editor grid with a sprite", "12x12 cells", (520, 420)),
    "seat_map": Scene("cinema seat map", "20x20 seats", (560, 380)),
    "contributions": Scene("contribution graphs, light and dark", "10x10 squares",
                           (760, 260)),
    "word_search": Scene("word-search letter grid", "24x24 cells, letters", (460, 420)),
    "battleship": Scene("two battleship grids with hits and misses", "30x30 cells",
                        (720, 400)),
    "memory_cards": Scene("memory game, cards face down", "56x72 cards", (420, 360)),
    "lights_out": Scene("grey bevelled Lights Out with counters (Windows-95 look)",
                        "28x28 cells", (300, 300)),
    "charmap": Scene("Windows-95 character map: 32x7 glyph cells in black lines",
                     "18x20 cells, glyphs", (640, 280)),
    "phone_keypad": Scene("dark phone dial pad, round keys", "64x64 keys, digits",
                          (300, 400)),
    "busy_desktop": Scene("desktop: icons, spreadsheet, calendar, calculator, terminal",
                          "17-60 px", (900, 600)),
    "busy_desktop_dark": Scene("dark desktop: chess, terminal with cal, files, keyboard, dock",
                               "30-58 px", (960, 600)),
}

DESKTOP: dict[str, Scene] = {
    "desk_xterm_ls": Scene("xterm, light, `ls -l` and `ls` of a full folder", "6x13 glyphs"),
    "desk_xterm_ls_dark": Scene("xterm, dark, coloured `ls`, larger font", "9x18 glyphs"),
    "desk_xterm_cal": Scene("xterm, a year's text calendar", "6x13 glyphs"),
    "desk_xterm_digits": Scene("xterm, columns of numbers", "7x14 glyphs"),
    "desk_xcalc": Scene("xcalc", "~40x26 keys"),
    "desk_xfd": Scene("xfd glyph table of the fixed font", "~14x17 cells"),
    "desk_twm_busy": Scene("twm desktop: xterm, xcalc, xfd, xlogo", "mixed"),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="comma-separated scene names")
    parser.add_argument("--list", action="store_true", help="print the scenes and stop")
    args = parser.parse_args()
    if args.list:
        for name, scene in (PAGES | DESKTOP).items():
            print(f"{name:20} {scene.cell:28} {scene.what}")
        return 0
    only = {name for name in args.only.split(",") if name}
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="negative-") as tmp:
        for name, scene in PAGES.items():
            if only and name not in only:
                continue
            for scale in SCALES:
                target = OUT / f"{name}-x{scale:g}.png"
                render_page(name, scene, scale, Path(tmp), target)
                print(f"{target.name}: {target.stat().st_size} bytes")
        wanted = [name for name in DESKTOP if not only or name in only]
        if wanted:
            render_desktop(wanted, Path(tmp))
    return 0


def render_page(name: str, scene: Scene, scale: float, tmp: Path, target: Path) -> None:
    """Screenshot the page ``name`` in headless Chromium at device ``scale``."""
    shot = tmp / "page.png"
    width, height = scene.size
    subprocess.run(
        ["chromium", *CHROMIUM_FLAGS, f"--user-data-dir={tmp / 'profile'}",
         f"--force-device-scale-factor={scale:g}", f"--window-size={width},{height}",
         f"--screenshot={shot}", (PAGES_DIR / f"{name}.html").as_uri()],
        check=True, capture_output=True, timeout=60)
    save_small(trimmed(np.asarray(Image.open(shot).convert("RGB")), round(MARGIN * scale)),
               target)


def trimmed(image: np.ndarray, margin: int) -> np.ndarray:
    """``image`` without the border of its top-left pixel's colour, but ``margin`` px."""
    differs = np.any(image != image[0, 0], axis=2)
    rows, cols = np.flatnonzero(differs.any(axis=1)), np.flatnonzero(differs.any(axis=0))
    if rows.size == 0:
        return image
    top, bottom = max(rows[0] - margin, 0), min(rows[-1] + margin + 1, image.shape[0])
    left, right = max(cols[0] - margin, 0), min(cols[-1] + margin + 1, image.shape[1])
    return image[top:bottom, left:right]


def save_small(image: np.ndarray, target: Path) -> None:
    """Save as PNG; as a palette PNG of fewer colours while the file is too big."""
    picture = Image.fromarray(image)
    picture.save(target, optimize=True)
    for colours in (256, 128, 64):
        if target.stat().st_size <= MAX_BYTES:
            break
        picture.quantize(colours, method=Image.Quantize.MEDIANCUT).save(target, optimize=True)


# ------------------------------------------------------------------ X programs


SCREEN = (1024, 768)
FILE_TIME = 1_790_000_000  # mtime of the listed files, seconds since 1970
TERMINAL = ("xterm", "-fn", "fixed", "-bg", "white", "-fg", "black")


@contextmanager
def xvfb(display: str) -> Iterator[dict[str, str]]:
    """A private X display; yields the environment that points programs at it."""
    server = subprocess.Popen(
        ["Xvfb", display, "-screen", "0", f"{SCREEN[0]}x{SCREEN[1]}x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    env = dict(os.environ, DISPLAY=display)
    try:
        for _ in range(50):
            probe = subprocess.run(["xdpyinfo"], env=env, capture_output=True, check=False)
            if probe.returncode == 0:
                break
            time.sleep(0.1)
        yield env
    finally:
        server.terminate()
        server.wait(timeout=10)


@contextmanager
def programs(env: dict[str, str], *commands: list[str]) -> Iterator[None]:
    """Run ``commands`` on the display for the duration, then end them."""
    started = [subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL) for command in commands]
    try:
        time.sleep(2.0)
        yield
    finally:
        for process in reversed(started):
            process.terminate()
        for process in started:
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()


def grab(env: dict[str, str], tmp: Path) -> np.ndarray:
    """The whole X screen as an RGB array, once something is drawn and holds still."""
    shot = tmp / "screen.png"
    previous: np.ndarray | None = None
    for _ in range(40):
        subprocess.run(["import", "-window", "root", str(shot)], env=env, check=True,
                       capture_output=True, timeout=30)
        image = np.asarray(Image.open(shot).convert("RGB"))
        drawn = bool(np.any(image != image[0, 0]))
        if drawn and previous is not None and np.array_equal(image, previous):
            return image
        previous = image
        time.sleep(0.5)
    kept = Path(tempfile.gettempdir()) / "negative-unsettled.png"
    shutil.copy(shot, kept)
    sys.exit(f"the X screen did not settle (last grab: {kept})")


def folder_to_list(tmp: Path) -> Path:
    """A folder with a screenful of files to ``ls``."""
    folder = tmp / "listing"
    folder.mkdir(exist_ok=True)
    words = ("alpha", "board", "cells", "delta", "edges", "flags", "grid", "hints", "index",
             "joins", "kinds", "lines", "mines", "notes", "opens", "plays", "quick", "rows")
    for k, word in enumerate(words):
        (folder / f"{word}_{k:02d}.txt").write_text(word * (k + 1))
        (folder / f"{word}.d").mkdir(exist_ok=True)
        script = folder / f"run_{word}.sh"
        script.write_text("#!/bin/sh\n")
        script.chmod(0o755)
    for path in folder.iterdir():  # the same listing at every render
        os.utime(path, (FILE_TIME, FILE_TIME))
    return folder


def terminal_shot(env: dict[str, str], tmp: Path, shell: str, target: Path, *,
                  extra: tuple[str, ...] = (), geometry: str = "100x34+0+0") -> None:
    """An xterm running ``shell`` (then waiting), cut round its window."""
    with programs(env, [*TERMINAL, *extra, "+bc", "-geometry", geometry, "-e", "sh", "-c",
                        f"{shell}; sleep 60"]):
        save_small(trimmed(grab(env, tmp), MARGIN), target)


def render_desktop(names: list[str], tmp: Path) -> None:
    """Screenshot each X-program scene in ``names``."""
    missing = [tool for tool in ("Xvfb", "xterm", "xcalc", "xfd", "twm", "xlogo", "import",
                                 "xdpyinfo") if shutil.which(tool) is None]
    if missing:
        sys.exit(f"missing programs: {', '.join(missing)}")
    folder = folder_to_list(tmp)
    year = f"{sys.executable} -c 'import calendar; print(calendar.TextCalendar().formatyear(2026))'"
    shells = {
        "desk_xterm_ls": (f"cd {folder} && ls -l | head -20 && ls", (), "100x34+0+0"),
        "desk_xterm_ls_dark": (f"cd {folder} && ls --color=always",
                               ("-fa", "DejaVu Sans Mono", "-fs", "12", "-bg", "#1e1e1e",
                                "-fg", "#d4d4d4"), "96x20+0+0"),
        "desk_xterm_cal": (year, (), "70x40+0+0"),
        "desk_xterm_digits": ("seq 1 360 | column -c 100",
                              ("-fn", "7x14"), "100x38+0+0"),
    }
    with xvfb(":87") as env:
        for name in names:
            target = OUT / f"{name}.png"
            if name in shells:
                shell, extra, geometry = shells[name]
                terminal_shot(env, tmp, shell, target, extra=extra, geometry=geometry)
            elif name == "desk_xcalc":
                with programs(env, ["xcalc", "-geometry", "+0+0"]):
                    save_small(trimmed(grab(env, tmp), MARGIN), target)
            elif name == "desk_xfd":
                with programs(env, ["xfd", "-fn", "fixed", "-geometry", "+0+0"]):
                    save_small(trimmed(grab(env, tmp), MARGIN), target)
            elif name == "desk_twm_busy":
                with programs(env, ["twm"], ["xlogo", "-geometry", "160x160+840+20"],
                              ["xcalc", "-geometry", "+700+300"],
                              ["xfd", "-fn", "fixed", "-geometry", "+20+330"],
                              [*TERMINAL, "-geometry", "80x24+20+20", "-e", "sh", "-c",
                               f"cd {folder} && ls; sleep 60"]):
                    save_small(grab(env, tmp), target)
            print(f"{target.name}: {target.stat().st_size} bytes")


if __name__ == "__main__":
    sys.exit(main())
