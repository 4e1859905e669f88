"""Third-party browser Minesweepers as practice ground: their descriptions, and a desktop
that shows one.

A site is a folder of static files (a public clone, fetched and built on this machine;
no part of it belongs to this repository) plus its entry in a catalog
(``benchmarks/sites.json``): the start page, the window size, and the JavaScript that
chooses an expert game as its menu would, tells when the board is ready, starts a new
game, and reads the true board from the page's own state (``truth_js``). The truth is
for the replay corpus and the benchmarks; the bot never reads it.

``SiteDesktop`` serves the folder on loopback and shows the page in Chromium on a
virtual display, at a device scale factor (1.25 and 1.5 are common desktop settings).
JavaScript alerts the page raises are recorded and answered from the browser side only
when asked to (``answer_dialogs``): a bot answers them itself, with Enter.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from sweeper.core import Rect, SweeperError
from sweeper.practice.browser_desktop import BrowserDesktop
from sweeper.practice.cdp import DIALOG_OPENING, CdpError

CATALOG = Path(__file__).resolve().parent.parent / "benchmarks" / "sites.json"
WINDOW_MARGIN = 40  # screen pixels round the window on the virtual display
SETUP_ATTEMPTS = 3  # a page still starting up may miss the first choice of expert
SETUP_WAIT_S = 10.0
SETUP_RETRY_S = 1.0  # a page whose game object is not made yet
DIALOG_LISTEN_S = 0.2  # for a dialog's event when no command can be answered
LAYOUT_POLL_S = 0.25  # between two reads of a control's place that must agree (a CSS
# transition moves it every frame, 16 ms)


class SiteError(SweeperError, RuntimeError):
    """A site that cannot be shown or read; the message names the site and the step."""


@dataclass(frozen=True)
class Site:
    """One practice site: where its files are and how to drive and read it."""

    name: str
    folder: Path  # the static root
    page: str  # the start page, relative to the folder (with its query)
    viewport: tuple[int, int]  # CSS pixels that show the whole expert game
    setup_js: str
    ready_js: str
    new_game_js: str
    truth_js: str
    rules: str  # safe | opening | unprotected
    look: str = ""
    # CSS selectors of the new-game controls, pressed in turn, for games without a face:
    # one button, or a level menu and then its level (each shows the next)
    new_game_button: tuple[str, ...] = ()
    benchmark: bool = True  # False for a site whose screen does not show the game's end
    # for games that keep their state in a closure or a module, read through the live
    # objects of a prototype (Runtime.queryObjects): ``expose`` maps a global name to the
    # prototype whose one live object becomes window[name] (before setup_js runs, so the
    # choice of expert and ready_js may use it); ``live_objects`` gives a
    # prototype (a promise is awaited) whose live instances become window.__live
    expose: dict[str, str] = field(default_factory=dict)
    live_objects: str = ""
    # the mine count of a game whose size is not a standard one and which shows no count
    # (told to the bot as a user would tell it, with --mines)
    mines: int | None = None
    # the pause before each new game (told as with --between-games) for a page whose end
    # animation, left running, carries over onto a game started too soon
    between_games_s: float = 0.0


@dataclass(frozen=True)
class Truth:
    """The page's own account of its board: board text, status, the true mines (None
    before they are placed) and the screen point of every cell's centre."""

    board: str
    status: str
    mines: str | None
    centres: list[tuple[int, int]]
    rows: int
    cols: int

    def centre(self, row: int, col: int) -> tuple[int, int]:
        return self.centres[row * self.cols + col]


def load_catalog(root: Path, catalog: Path = CATALOG) -> dict[str, Site]:
    """The sites of ``catalog`` whose folders are under ``root`` (``root/NAME/ROOT``)."""
    try:
        entries = json.loads(catalog.read_text())
    except (OSError, json.JSONDecodeError) as error:
        raise SiteError(f"{catalog}: cannot read the site catalog ({error})") from None
    sites = {}
    for entry in entries:
        folder = root / entry["name"] / entry.get("root", ".")
        sites[entry["name"]] = Site(
            name=entry["name"], folder=folder, page=entry["page"],
            viewport=(int(entry["viewport"][0]), int(entry["viewport"][1])),
            setup_js=entry.get("setup_js", ""), ready_js=entry["ready_js"],
            new_game_js=entry["new_game_js"], truth_js=entry["truth_js"],
            rules=entry.get("rules", "safe"), look=entry.get("look", ""),
            new_game_button=_selectors(entry.get("new_game_button", ())),
            benchmark=bool(entry.get("benchmark", True)),
            expose=dict(entry.get("expose", {})),
            live_objects=entry.get("live_objects", ""),
            mines=int(entry["mines"]) if "mines" in entry else None,
            between_games_s=float(entry.get("between_games_s", 0.0)),
        )
    return sites


def _selectors(value: str | list[str]) -> tuple[str, ...]:
    """A catalog's one CSS selector, or its list of them, as a tuple."""
    return (value,) if isinstance(value, str) else tuple(value)


class SiteDesktop(BrowserDesktop):
    """Xvfb + a loopback server of the site's folder + the page in a Chromium window."""

    def __init__(self, site: Site, scale: float = 1.0, timeout_s: float = 30.0,
                 answer_dialogs: bool = False) -> None:
        if not (site.folder / (site.page.split("?")[0] or "index.html")).is_file():
            raise SiteError(f"{site.name}: no start page {site.page} in {site.folder} "
                            "(fetch and build the site first; see docs/practice.md)")
        width, height = (round(side * scale) for side in site.viewport)
        super().__init__(
            folder=site.folder,
            screen_size=(width + 2 * WINDOW_MARGIN, height + 2 * WINDOW_MARGIN + 120),
            window_position=(WINDOW_MARGIN, WINDOW_MARGIN), window_size=site.viewport,
            timeout_s=timeout_s, scale=scale,
        )
        self.site = site
        self.answer_dialogs = answer_dialogs
        self.dialogs: list[str] = []

    def _first_url(self) -> str:
        return f"{self.server.base_url}/{self.site.page}"

    def _chromium_flags(self) -> list[str]:
        # the page's requests to other hosts (a library from a CDN) go to the site's own
        # server, which has what a build of the site put at their paths, and nothing else
        port = urlsplit(self.server.base_url).port
        return [f"--host-resolver-rules=MAP * 127.0.0.1:{port}, EXCLUDE 127.0.0.1"]

    def _show(self) -> None:
        """Wait for the page, size its viewport, choose expert and wait for the board."""
        if self.answer_dialogs:
            self.chromium.session.accept_dialogs()
        url = self.chromium.url
        self.chromium.wait_until(
            f"document.readyState === 'complete' && location.href === {json.dumps(url)}",
            f"{self.site.name}'s page")
        self.chromium.resize_viewport(*self.site.viewport)
        self.set_up()

    def window_rect(self) -> Rect:
        """The page's viewport on the screen (screen pixels)."""
        return self.chromium.viewport_rect()

    def set_up(self) -> None:
        """Choose an expert game the way the site's menu does, and wait for its board
        (again, if the page was still starting up the first times)."""
        for attempt in range(SETUP_ATTEMPTS):
            try:
                self.expose()  # setup_js and ready_js may use the exposed objects
                if self.site.setup_js:
                    self._run(self.site.setup_js, "choosing expert")
                self.chromium.wait_until(self.site.ready_js, f"{self.site.name}'s expert board",
                                         timeout_s=SETUP_WAIT_S)
                self.expose()
                return
            except (CdpError, SiteError):
                if attempt == SETUP_ATTEMPTS - 1:
                    raise
                time.sleep(SETUP_RETRY_S)

    def new_game(self) -> None:
        """Start a new game (the site's own new-game control) and wait for its board."""
        self._run(self.site.new_game_js, "starting a new game")
        self.wait_ready()
        self.expose()

    def wait_ready(self) -> None:
        """Wait until a fresh expert board shows."""
        self.chromium.wait_until(self.site.ready_js, f"{self.site.name}'s expert board")

    def truth(self) -> Truth:
        """The page's true board, status and mines, with cell centres on the screen."""
        self.handle_dialogs()
        if self.site.expose and not self.chromium.evaluate(
                " && ".join(f"!!window[{json.dumps(name)}]" for name in self.site.expose)):
            self.expose()  # the page was loaded again
        if self.site.live_objects:
            self._keep_live_objects(self.site.live_objects, "function () { window.__live = this; }")
        value: dict[str, Any] = self.chromium.evaluate(self.site.truth_js)
        centres = [self.chromium.screen_point(x, y) for x, y in value["centres"]]
        return Truth(value["board"], value["status"], value.get("mines"), centres,
                     int(value["rows"]), int(value["cols"]))

    def expose(self) -> None:
        """Make the page's live object of each ``expose`` prototype a global (see ``Site``)."""
        for name, prototype in self.site.expose.items():
            keep = (f"function () {{ if (this.length !== 1) throw new Error(this.length + "
                    f"' live objects, not one'); window[{json.dumps(name)}] = this[0]; }}")
            self._keep_live_objects(prototype, keep)

    def _keep_live_objects(self, prototype: str, keep: str) -> None:
        """Call ``keep`` (a JavaScript function) on the array of the page's live objects
        whose prototype the expression ``prototype`` gives (a promise is awaited)."""
        session = self.chromium.session
        found = session.call("Runtime.evaluate", expression=prototype, awaitPromise=True)
        handle = found.get("result", {}).get("objectId")
        if "exceptionDetails" in found or handle is None:
            raise SiteError(f"{self.site.name}: {prototype} gave no object")
        handles = [handle]
        try:
            instances = session.call("Runtime.queryObjects", prototypeObjectId=handle)
            handles.append(instances["objects"]["objectId"])
            done = session.call("Runtime.callFunctionOn", objectId=handles[-1],
                                functionDeclaration=keep)
            if "exceptionDetails" in done:
                raise SiteError(f"{self.site.name}: {prototype}: {done['exceptionDetails']}")
        finally:
            for kept in handles:
                session.call("Runtime.releaseObject", objectId=kept)

    def element_centre(self, selector: str) -> tuple[int, int]:
        """The screen point at the centre of the page element ``selector`` names."""
        box = self.chromium.evaluate(
            f"(r => [r.left + r.width / 2, r.top + r.height / 2])"
            f"(document.querySelector({json.dumps(selector)}).getBoundingClientRect())")
        return self.chromium.screen_point(float(box[0]), float(box[1]))

    def control_centres(self, selectors: Sequence[str]) -> tuple[tuple[int, int], ...]:
        """The screen points of controls pressed in turn (a level menu, then its level):
        each but the last is clicked in the page to show the next, then the page's own
        new game leaves a fresh board, the menu closed, as before."""
        points = []
        for index, selector in enumerate(selectors):
            points.append(self._settled_centre(selector))
            if index < len(selectors) - 1:
                self._run(f"document.querySelector({json.dumps(selector)}).click();",
                          f"opening {selector}")
        if len(selectors) > 1:
            self.new_game()
        return tuple(points)

    def _settled_centre(self, selector: str) -> tuple[int, int]:
        """The centre of ``selector`` once the page's layout holds still (a page may
        grow its game to the level's size in a transition, or slide a menu open)."""
        deadline = time.monotonic() + SETUP_WAIT_S
        centre = self.element_centre(selector)
        while True:
            time.sleep(LAYOUT_POLL_S)
            now = self.element_centre(selector)
            if now == centre:
                return now
            if time.monotonic() > deadline:
                raise SiteError(f"{self.site.name}: {selector} kept moving")
            centre = now

    def handle_dialogs(self) -> None:
        """Record the JavaScript dialogs opened so far (the session accepts them as they
        open if so asked; otherwise listen a moment, as a page held by one answers no call)."""
        wait_s = 0.0 if self.answer_dialogs else DIALOG_LISTEN_S
        for event in self.chromium.session.take_events(DIALOG_OPENING, wait_s):
            self.dialogs.append(str(event.get("message", "")))

    def _run(self, script: str, what: str) -> None:
        try:
            self.chromium.evaluate(f"(() => {{ {script}\n }})()" if ";" in script
                                   else script)
        except Exception as error:  # the page's own errors, reported by CDP
            raise SiteError(f"{self.site.name}: {what} failed: {error}") from error


def add_site_arguments(parser: argparse.ArgumentParser, games: int) -> None:
    """The options every site benchmark takes: where the sites are, which, how many games."""
    parser.add_argument("--root", type=Path, required=True, help="folder holding the sites")
    parser.add_argument("--catalog", type=Path, default=CATALOG, help="site catalog (JSON)")
    parser.add_argument("--sites", help="comma-separated site names (default: all)")
    parser.add_argument("--games", type=int, default=games,
                        help=f"games per site (default {games})")


def chosen_sites(args: argparse.Namespace, others: Sequence[str] = ()) -> tuple[
        dict[str, Site], list[str]]:
    """The catalog and the site names ``--sites`` chose (by default every benchmarked site,
    then ``others``: names the caller plays without the catalog); a SiteError names an
    unknown one."""
    catalog = load_catalog(args.root, args.catalog)
    names = args.sites.split(",") if args.sites else [
        *sorted(name for name, site in catalog.items() if site.benchmark), *others]
    for name in names:
        if name not in catalog and name not in others:
            raise SiteError(f"no site {name!r} in {args.catalog}")
    return catalog, names
