"""The whole bot on third-party Minesweepers it was not built on, through the real effector.

For each site of the catalog (``benchmarks/sites.json``; the sites' folders, fetched and
built by hand, under ``--root``), and for Wine's winemine (site name ``winemine``), a
virtual display shows it in Chromium at the given
device scale, and the bot plays ``--games`` expert games on it exactly as ``sweeper play``
does (the effector in its own process): it finds the board, learns the skin, starts each
new game with the game's own control and answers dialogs with Enter. The truth of the
page is never read while playing.

It prints one row per site: games, wins, errors (runs stopped; in brackets, those that
were the page's fault: a board refused, read as the page shows it, whose own numbers do
not count its own mines, from the page's truth read after the stop), the unreadable stops
among the rest, the median won game (first click to the screenshot showing the win), its
median seconds per 3BV (the board's from the page's mines) and, given the sites' floor
(``bench_site_floor.py --json``), that figure divided by the floor's, and clicks outside
the board other than the new-game control (must be 0).

    .venv/bin/python benchmarks/bench_sites.py --root /work/sites [--sites a,b]
        [--games 20] [--scale 1] [--json] [--floor floor.jsonl]
"""

from __future__ import annotations

import argparse
import json
import logging
import statistics
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
from rich.console import Console

from sweeper.coordinator import (
    PLAY_LOGGER,
    GameResult,
    LocalDecider,
    Player,
    PlayOptions,
    RunSummary,
    print_rows,
)
from sweeper.core import Board, Rect, Rules, format_board, parse_board
from sweeper.effector import Action, BatchResult, ClickAction, LocalEffector
from sweeper.practice import (
    CLOCK_SEEDED_PAUSE_S,
    DIALOG_CLOSED,
    DIALOG_OPENING,
    CdpError,
    Site,
    SiteDesktop,
    SiteError,
    VirtualDisplay,
    Winemine,
    add_site_arguments,
    chosen_sites,
    miscounted_numbers,
    three_bv,
)

REFUSALS = ("no mine placement fits", "stayed unreadable")  # stops on a board refused as
# read: the analyzer's, and the reader's (cells that cannot be so: a 0 beside a closed cell)
DIALOG_LISTEN_S = 0.3  # how long the page's events are listened to for a dialog it opened


class WatchedEffector(LocalEffector):
    """The effector, as ``sweeper play`` runs it on its own display, noting every click
    and the rectangle it was allowed in."""

    def __init__(self, display_name: str) -> None:
        super().__init__(display_name)
        self.clicks: list[tuple[int, int, Rect | None]] = []

    def actions(self, actions: Sequence[Action], bounds: Rect | None = None) -> BatchResult:
        for action in actions:
            if isinstance(action, ClickAction):
                self.clicks.append((action.x, action.y, bounds))
        return super().actions(actions, bounds=bounds)


@dataclass
class SiteResult:
    """One site's row of the table."""

    site: str
    games: int = 0
    wins: int = 0
    errors: list[str] = field(default_factory=list)
    won_seconds: list[float] = field(default_factory=list)
    outside_clicks: int = 0
    new_game_clicks: int = 0
    recounted: int = 0  # games played on with a mine count other than the one assumed
    other_level: int = 0  # games of another mine count than the first (a page that went
    # back to another level, e.g. on F5): their figures are not the level's
    verdicts_wrong: list[str] = field(default_factory=list)  # the bot's won/lost vs the page's
    verdicts_unchecked: int = 0  # games whose page was held by a dialog when they ended
    page_faults: list[str] = field(default_factory=list)  # stops on a board refused, read
    # as the page shows it, whose own numbers do not count its own mines
    won_s_per_3bv: list[float] = field(default_factory=list)  # won games whose mines were read
    floor_s_per_3bv: float | None = None  # the page's own (bench_site_floor.py)

    @property
    def floor_ratio(self) -> float | None:
        """The median won game's seconds per 3BV over the floor's."""
        if not self.won_s_per_3bv or not self.floor_s_per_3bv:
            return None
        return statistics.median(self.won_s_per_3bv) / self.floor_s_per_3bv

    @property
    def unreadable_stops(self) -> int:
        return sum(("unreadable" in error or "no Minesweeper board" in error)
                   and error not in self.page_faults for error in self.errors)

    def to_json(self) -> dict[str, Any]:
        median = statistics.median(self.won_seconds) if self.won_seconds else None
        return {"site": self.site, "games": self.games, "wins": self.wins,
                "errors": len(self.errors), "unreadable_stops": self.unreadable_stops,
                "median_won_s": None if median is None else round(median, 2),
                "outside_clicks": self.outside_clicks, "recounted_games": self.recounted,
                "games_at_another_level": self.other_level,
                "verdicts_wrong": len(self.verdicts_wrong),
                "verdicts_unchecked": self.verdicts_unchecked,
                "page_faults": len(self.page_faults),
                "s_per_3bv": (round(statistics.median(self.won_s_per_3bv), 4)
                              if self.won_s_per_3bv else None),
                "floor_ratio": (None if self.floor_ratio is None
                                else round(self.floor_ratio, 2)),
                "first_error": (
                    self.errors[0] if self.errors else None)}


def play_site(site: Site, games: int, scale: float, debug: Path | None = None,
              given_control: bool = False) -> SiteResult:
    """Play ``games`` expert games of one site and count what happened; with
    ``given_control`` the bot is told where the site's new-game controls are (a level
    menu and its level, pressed in turn), else it finds one itself (the face, a labelled
    control, F2, F5)."""
    result = SiteResult(site.name)
    rules: Rules = "opening" if site.rules == "opening" else "safe"
    with (
        SiteDesktop(site, scale=scale) as desktop,
        WatchedEffector(desktop.env()["DISPLAY"]) as effector,
    ):
        # told, as a user would tell it, where a control it cannot read is
        controls = desktop.control_centres(site.new_game_button) if given_control else ()
        options = PlayOptions(games=games, rules=rules, mines=site.mines, new_game_at=controls,
                              between_games_s=site.between_games_s)
        player = _play(result, effector, options, debug,
                       lambda player: _verdict_check(desktop, result, player, debug))
        if result.errors:
            _stop_check(desktop, result, player)
    return result


def _stop_check(desktop: SiteDesktop, result: SiteResult, player: Player) -> None:
    """After a run that stopped, the page's board beside the bot's last reading (logged).
    A stop on a board refused (no mine placement fits it, or cells that cannot be as
    read: a 0 beside a closed cell) is the page's fault when the bot read every cell as
    the page shows it and the page's own numbers do not count its own mines."""
    shot = player.looker.last
    try:
        truth = desktop.truth()
    except CdpError:
        return  # held by a dialog
    codes = None if shot is None else shot.recognition.codes
    read = None if codes is None else format_board(Board(codes)).rstrip("\n")
    miscounted = ([] if truth.mines is None else
                  miscounted_numbers(truth.board.split("\n"), truth.mines.split("\n")))
    logging.getLogger(PLAY_LOGGER).warning(
        "stopped; the page (%s) shows:\n%s\nthe bot last read:\n%s\nthe page's numbers "
        "that do not count its mines: %s", truth.status, truth.board, read,
        ", ".join(map(str, miscounted)) or "none")
    stop = result.errors[-1]
    if miscounted and read == truth.board and any(refusal in stop for refusal in REFUSALS):
        result.page_faults.append(stop)


def _verdict_check(desktop: SiteDesktop, result: SiteResult, player: Player,
                   debug: Path | None) -> Callable[[GameResult], None]:
    """A check, at each game's end, of the bot's verdict against the page's own status
    (skipped while a JavaScript dialog holds the page, which would answer nothing, and
    where the page has begun a new game, its end gone). A wrong
    one is logged with the page's board, and with ``debug`` the bot's last screenshot
    is kept in it."""
    session = desktop.chromium.session
    games = 0

    def check(game: GameResult) -> None:
        nonlocal games
        games += 1
        # listened for a while: events waiting on the socket are read only so
        opened = session.take_events(DIALOG_OPENING, wait_s=DIALOG_LISTEN_S)
        closed = session.take_events(DIALOG_CLOSED, wait_s=0.0)
        if len(opened) > len(closed):
            result.verdicts_unchecked += 1
            return
        try:
            truth = desktop.truth()
        except CdpError:
            # the page held while it was asked (a dialog it opened after showing its
            # mines answers nothing until the bot answers it)
            result.verdicts_unchecked += 1
            return
        if truth.status == "playing" and parse_board(truth.board).is_fresh:
            # the page began a new game over the end (a dialog's "Play again" pressed
            # to answer it): the end it had is no longer there to compare
            result.verdicts_unchecked += 1
            return
        if truth.status != game.result:
            result.verdicts_wrong.append(f"game {games}: the bot saw {game.result}, "
                                         f"the page {truth.status}")
            logging.getLogger(PLAY_LOGGER).warning(
                "verdict wrong, %s; the page's board:\n%s", result.verdicts_wrong[-1],
                truth.board)
            if debug is not None and player.looker.last is not None:
                cv2.imwrite(str(debug / f"{result.site}-verdict-{games}.png"),
                            player.looker.last.image)
        elif game.result == "won" and truth.mines is not None:
            bv = max(three_bv(truth.mines.split("\n")), 1)
            result.won_s_per_3bv.append(game.seconds / bv)
            logging.getLogger(PLAY_LOGGER).info(
                "won in %.2f s, 3BV %d: %.1f ms per 3BV", game.seconds, bv,
                1000 * game.seconds / bv)
    return check


def play_winemine(games: int, debug: Path | None = None) -> SiteResult:
    """Play ``games`` expert games of Wine's winemine (seeded by the clock: a second apart)."""
    result = SiteResult("winemine")
    with (
        VirtualDisplay(1024, 768) as display,
        Winemine(display.env(), level="expert"),
        WatchedEffector(display.display) as effector,
    ):
        options = PlayOptions(games=games, rules="safe", between_games_s=CLOCK_SEEDED_PAUSE_S)
        _play(result, effector, options, debug)
    return result


def _play(result: SiteResult, effector: WatchedEffector, options: PlayOptions,
          debug: Path | None,
          on_game_end: Callable[[Player], Callable[[GameResult], None]] | None = None,
          ) -> Player:
    """Play the games into ``result`` (``on_game_end`` makes what each game's end is
    handed to, given the player); keep the last screenshot of a run that stopped. The
    player is returned, its last look kept."""
    player = Player(effector, LocalDecider(), options)
    summary = player.play(on_game_end(player) if on_game_end else lambda _: None)
    _count(result, summary, player, effector)
    if debug is not None and summary.errors and player.looker.last is not None:
        debug.mkdir(parents=True, exist_ok=True)
        cv2.imwrite(str(debug / f"{result.site}-stopped.png"), player.looker.last.image)
    return player


def _count(result: SiteResult, summary: RunSummary, player: Player,
           effector: WatchedEffector) -> None:
    result.games = len(summary.results)
    result.wins = summary.wins
    result.errors = list(summary.errors)
    result.won_seconds = [game.seconds for game in summary.results if game.result == "won"]
    result.recounted = sum(bool(game.notes) for game in summary.results)
    if summary.results:
        first = summary.results[0].mines
        result.other_level = sum(game.mines != first for game in summary.results)
    placement = player.looker.placement
    board = None if placement is None else placement.board_rect
    for x, y, bounds in effector.clicks:
        if board is not None and board.contains_point(x, y):
            continue
        if bounds is not None and bounds != board and bounds.contains_point(x, y):
            result.new_game_clicks += 1  # the face or the given new-game button
            continue
        result.outside_clicks += 1


def main() -> int:
    """Play the sites and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_site_arguments(parser, games=20)
    parser.add_argument("--scale", type=float, default=1.0, help="device scale factor")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON lines")
    parser.add_argument("--given-control", action="store_true",
                        help="tell the bot where each site's new-game control is "
                        "(--new-game-at), instead of letting it find one")
    parser.add_argument("--floor", type=Path, metavar="FILE",
                        help="the sites' floor as bench_site_floor.py --json printed it: "
                        "adds each site's ratio to it")
    parser.add_argument("--debug", type=Path, metavar="DIR",
                        help="save the last screenshot of a run that stopped in DIR, and "
                        "every turn's line (as sweeper play -v writes it) in DIR/play.log")
    args = parser.parse_args()
    if args.debug is not None:
        args.debug.mkdir(parents=True, exist_ok=True)
        logging.basicConfig(filename=args.debug / "play.log", level=logging.WARNING,
                            format="%(asctime)s %(message)s")
        logging.getLogger(PLAY_LOGGER).setLevel(logging.INFO)
    try:
        catalog, names = chosen_sites(args, others=["winemine"])
        floors = read_floors(args.floor) if args.floor else {}
    except SiteError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    rows = []
    for name in names:
        print(f"{name}: playing {args.games} games...", file=sys.stderr)
        try:
            row = (play_winemine(args.games, args.debug) if name == "winemine" else
                   play_site(catalog[name], args.games, args.scale, args.debug,
                             args.given_control))
        except (SiteError, RuntimeError) as error:
            row = SiteResult(name, errors=[f"could not start: {error}"])
        row.floor_s_per_3bv = floors.get(name)
        rows.append(row)
        if args.json:
            print(json.dumps(row.to_json()), flush=True)
        elif row.errors:
            print(f"  stopped: {row.errors[0][:300]}", file=sys.stderr)
        for wrong in row.verdicts_wrong:
            print(f"  verdict: {wrong}", file=sys.stderr)
        if row.other_level:
            print(f"  {row.other_level} game(s) at another level than the first",
                  file=sys.stderr)
    report(rows)
    return 0


def read_floors(path: Path) -> dict[str, float]:
    """Each site's floor seconds per 3BV from the JSON lines ``bench_site_floor.py --json``
    printed (its table after them is passed over)."""
    try:
        lines = [json.loads(line) for line in path.read_text().splitlines()
                 if line.startswith("{")]
        return {str(line["site"]): float(line["s_per_3bv"]) for line in lines
                if line.get("s_per_3bv")}
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise SiteError(f"--floor {path}: not bench_site_floor.py --json lines ({error})") \
            from None


def report(rows: list[SiteResult]) -> None:
    """The summary table."""
    header = ("site", "games", "wins", "errors", "unreadable stops", "median won game",
              "s/3BV (÷ floor)", "clicks outside the board", "verdicts wrong (unchecked)")
    lines = []
    for row in rows:
        figures = row.to_json()
        median, per_bv, ratio = (figures[key] for key in ("median_won_s", "s_per_3bv",
                                                           "floor_ratio"))
        faults = f" ({len(row.page_faults)} the page's)" if row.page_faults else ""
        lines.append((row.site, str(row.games), str(row.wins), f"{len(row.errors)}{faults}",
                      str(row.unreadable_stops), "-" if median is None else f"{median:.2f} s",
                      ("-" if per_bv is None else f"{1000 * per_bv:.0f} ms")
                      + ("" if ratio is None else f" ({ratio:.2f})"),
                      str(row.outside_clicks),
                      f"{len(row.verdicts_wrong)} ({row.verdicts_unchecked})"))
    print_rows("third-party sites", header, lines, Console(width=140))


if __name__ == "__main__":
    sys.exit(main())
