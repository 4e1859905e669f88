"""Record the replay corpus of third-party sites: screenshots with the truth of each page.

Every site of the catalog (``benchmarks/sites.json``, folders under ``--root``) is shown
by ``practice.sites.SiteDesktop`` at each ``--scales`` device scale factor. Real X clicks
(xdotool) at the cells' centres, chosen with the page's own knowledge of its mines, take
it through the situations a player meets: a fresh board, the first opening, a flag, the
middle of a game, a won game and a lost one. Each screenshot is cut round the board (the
face above it included) and saved as ``sites/SITE-xSCALE-STATE.png`` with ``.json``::

    {"board": "<board text>", "status": "playing|won|lost", "site": "...",
     "scale": 1.5, "source": "<repo>@<commit>: the page's own state"}

The truth is read from the page's state before and after the screenshot, and the shot
is kept only when both agree and the screen held still, so picture and truth match (a
screen still moving after ten seconds gets its CSS animations paused, e.g. an end box's
endlessly bouncing emoji).

    .venv/bin/python tests/recognizer/record_sites.py --root /work/sites \\
        [--sites a,b] [--scales 1,1.25,1.5]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from sweeper.core import Rect  # noqa: E402
from sweeper.practice import CATALOG, SiteDesktop, SiteError, Truth, grab, load_catalog, save_png  # noqa: E402  # noqa: E402

OUT = Path(__file__).resolve().parent / "corpus" / "sites"
AROUND = (1.5, 4.0)  # cells of surroundings kept beside / above and below the board
FREEZE_AFTER_S = 10.0  # then pause the page's CSS animations (see freeze_animations)
SETTLE_S = 120.0  # how long a shot waits for the screen to hold still (some end animations
#                   take a minute on a busy machine: every mine popped one by one)
# screens that do not show what the page knows: a game whose end is never drawn (a catalog
# entry may name more such statuses in its "not_shown" list)
NOT_SHOWN = {("squirtgun-win95", "won"), ("squirtgun-win95", "lost")}


class SiteRecorder:
    """Takes one site's desktop through a game and saves the screenshots."""

    def __init__(self, desktop: SiteDesktop, out: Path, source: str,
                 not_shown: frozenset[str] = frozenset()) -> None:
        self.desktop = desktop
        self.out = out
        self.source = source
        self.not_shown = not_shown
        self.display = desktop.env()["DISPLAY"]
        self.x = desktop.xinput
        self.rng = random.Random(f"{desktop.site.name}-{desktop.scale}")

    def record(self) -> list[str]:
        """Fresh, first opening, flag, middle, lost; then a new game to a win."""
        saved = [self.shot("fresh")]
        truth = self.first_click()
        saved.append(self.shot("first"))
        mines = _cells(truth.mines, "*")
        self.click(self.rng.choice(mines), "right")
        saved.append(self.shot("flag"))
        for cell in self.safe_unopened(12):
            self.click(cell)
        saved.append(self.shot("mid"))
        self.click(self.rng.choice(_cells(self.truth().mines, "*")))
        saved.append(self.shot("lost"))
        self.desktop.new_game()
        self.first_click()
        self.play_to_win()
        saved.append(self.shot("won"))
        return [name for name in saved if name]

    def first_click(self) -> Truth:
        """Open the middle cell; on a site whose first click may lose, start again until
        it does not."""
        for _ in range(10):
            truth = self.truth()
            self.click((truth.rows // 2, truth.cols // 2))
            truth = self.truth()
            if truth.status == "playing" and truth.mines is not None:
                return truth
            self.desktop.new_game()
        raise SiteError(f"{self.desktop.site.name}: no first click survived ten games")

    def play_to_win(self) -> None:
        """Open every safe cell (and flag every mine, as some sites want) until won; the
        page's state is read again only every few clicks, as cascades open cells too."""
        for _ in range(40):
            truth = self.truth()
            if truth.status != "playing":
                break
            safe = self.safe_unopened(30, truth)
            if safe:
                for cell in safe:
                    self.click(cell, truth=truth, pause=0.03)
                continue
            board = truth.board.splitlines()
            unflagged = [cell for cell in _cells(truth.mines, "*")
                         if board[cell[0]][cell[1]] != "F"]
            if not unflagged:
                break
            for cell in unflagged:
                self.click(cell, "right", truth=truth, pause=0.03)
        if self.truth().status != "won":
            raise SiteError(f"{self.desktop.site.name}: the game was not won by the oracle")

    def safe_unopened(self, count: int, truth: Truth | None = None) -> list[tuple[int, int]]:
        """Up to ``count`` unopened cells that hold no mine, in random order."""
        truth = truth or self.truth()
        board = truth.board.splitlines()
        mines = set(_cells(truth.mines, "*"))
        cells = [cell for cell in _cells(truth.board, ".") if cell not in mines
                 and board[cell[0]][cell[1]] == "."]
        self.rng.shuffle(cells)
        return cells[:count]

    def truth(self) -> Truth:
        return self.desktop.truth()

    def click(self, cell: tuple[int, int], button: str = "left", truth: Truth | None = None,
              pause: float = 0.15) -> None:
        """A real X click on a cell, the pointer resting on it first (as a hand does)."""
        point = (truth or self.truth()).centre(*cell)
        self.x.run("mousemove", "--sync", str(point[0]), str(point[1]))
        time.sleep(0.05)
        self.x.click(point, button)
        time.sleep(pause)
        self.desktop.handle_dialogs()

    def shot(self, state: str) -> str | None:
        """Save a settled screenshot of the board and its truth; None if it never settled."""
        site = self.desktop.site.name
        name = f"{site}-x{self.desktop.scale:g}-{state}"
        start = time.monotonic()
        frozen = False
        try:
            while time.monotonic() < start + SETTLE_S:
                if not frozen and time.monotonic() > start + FREEZE_AFTER_S:
                    self.freeze_animations(0)
                    frozen = True
                before = self.truth()
                time.sleep(0.3)
                area = self.area(before)
                first = grab(self.display, area)
                time.sleep(0.15)
                second = grab(self.display, area)
                after = self.truth()
                # only the cells must hold still: a timer beside them may tick (some count
                # tenths of a second)
                cells = self.cells_within(before, area)
                if np.array_equal(first[cells], second[cells]) and (
                        before.board, before.status) == (after.board, after.status):
                    break
            else:
                print(f"  {name}: the screen did not settle; not saved", file=sys.stderr)
                return None
        finally:
            if frozen:
                self.freeze_animations(1)
        if (site, after.status) in NOT_SHOWN or after.status in self.not_shown:
            return None
        save_png(second, self.out / f"{name}.png")
        truth = {"board": after.board + "\n", "status": after.status, "site": site,
                 "scale": self.desktop.scale, "source": self.source}
        (self.out / f"{name}.json").write_text(json.dumps(truth, indent=1) + "\n")
        print(f"  saved {name}")
        return name

    def freeze_animations(self, rate: float) -> None:
        """Pause (0) or resume (1) the page's CSS animations and transitions: a screen with
        an endless one (a bouncing emoji on an end-of-game box) is then still in a real
        frame of it. Animations a script draws (canvas) go on."""
        self.desktop.chromium.session.call("Animation.setPlaybackRate", playbackRate=rate)

    def area(self, truth: Truth) -> Rect:
        """The board with room for its frame, counters and face, inside the window."""
        xs = [x for x, _ in truth.centres]
        ys = [y for _, y in truth.centres]
        pitch_x = (max(xs) - min(xs)) / max(truth.cols - 1, 1)
        pitch_y = (max(ys) - min(ys)) / max(truth.rows - 1, 1)
        window = self.desktop.window_rect()
        left = max(window.left, round(min(xs) - (AROUND[0] + 0.5) * pitch_x))
        top = max(window.top, round(min(ys) - (AROUND[1] + 0.5) * pitch_y))
        right = min(window.left + window.width, round(max(xs) + (AROUND[0] + 0.5) * pitch_x))
        bottom = min(window.top + window.height, round(max(ys) + (AROUND[0] + 0.5) * pitch_y))
        return Rect(left=left, top=top, width=right - left, height=bottom - top)

    @staticmethod
    def cells_within(truth: Truth, area: Rect) -> tuple[slice, slice]:
        """The rows and columns of a grab of ``area`` that the board's cells cover."""
        xs = [x for x, _ in truth.centres]
        ys = [y for _, y in truth.centres]
        half_x = (max(xs) - min(xs)) / max(truth.cols - 1, 1) / 2
        half_y = (max(ys) - min(ys)) / max(truth.rows - 1, 1) / 2
        return (slice(max(0, round(min(ys) - half_y) - area.top),
                      round(max(ys) + half_y) - area.top),
                slice(max(0, round(min(xs) - half_x) - area.left),
                      round(max(xs) + half_x) - area.left))


def _cells(text: str | None, char: str) -> list[tuple[int, int]]:
    if text is None:
        return []
    return [(r, c) for r, line in enumerate(text.splitlines())
            for c, found in enumerate(line) if found == char]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, required=True, help="folder holding the sites")
    parser.add_argument("--catalog", type=Path, default=CATALOG)
    parser.add_argument("--sites", help="comma-separated site names (default: all)")
    parser.add_argument("--scales", default="1,1.5", help="device scale factors (1,1.5)")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    catalog = load_catalog(args.root, args.catalog)
    entries = {entry["name"]: entry for entry in json.loads(args.catalog.read_text())}
    names = args.sites.split(",") if args.sites else sorted(catalog)
    args.out.mkdir(parents=True, exist_ok=True)
    failures = 0
    for name in names:
        source = f"{entries[name]['repo']}@{entries[name]['commit'][:12]}: the page's own state"
        for scale in (float(s) for s in args.scales.split(",")):
            print(f"{name} at scale {scale:g}")
            try:
                with SiteDesktop(catalog[name], scale=scale, answer_dialogs=True) as desktop:
                    SiteRecorder(desktop, args.out, source,
                                 frozenset(entries[name].get("not_shown", []))).record()
            except (SiteError, RuntimeError) as error:
                failures += 1
                print(f"  failed: {error}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
