"""How fast each third-party site itself lets an expert game be won: the floor under the
bot's median won game.

An oracle that knows where the mines are (from the page's own state, which the bot never
reads) plays each game with the fewest presses a player needs without chording: one press
per opening (a connected group of 0s, whose cascade opens its border) and one per number
no opening reveals, the game's 3BV. It makes a first click, reads the mines, then sends
every other press in one batch through the real effector and waits until the page says
the game is won. No player that presses cells one by one can win that game faster on that
page: what is left is the page's own work per press and its paint.

A site that drops presses sent that fast (one that takes a click only on the cell the
pointer already rests on) is played again with the bot's rest before each press.

    .venv/bin/python benchmarks/bench_site_floor.py --root /work/sites \
        --sites aegis-w2k,pentiumluls-canvas,winmine-exe-95 [--games 10] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from rich.console import Console

from sweeper.coordinator import REST_MS, print_rows
from sweeper.core import Rect
from sweeper.effector import Action, Button, ClickAction, LocalEffector, MoveAction, PauseAction
from sweeper.practice import (
    CdpError,
    Site,
    SiteDesktop,
    SiteError,
    Truth,
    add_site_arguments,
    chosen_sites,
    presses_to_win,
    three_bv,
)

Cell = tuple[int, int]
STALL_S = 4.0  # how long the page may stand still before the wait gives up
POLL_S = 0.01  # between two readings of the page's state


@dataclass
class FloorResult:
    """One site's row: the oracle's won games, their presses and their times."""

    site: str
    seconds: list[float] = field(default_factory=list)
    presses: list[int] = field(default_factory=list)
    three_bvs: list[int] = field(default_factory=list)  # each won game's board
    rest_ms: int = 0
    skipped: int = 0  # games whose first click hit a mine (sites without a safe start)
    problems: list[str] = field(default_factory=list)


def play_floor(site: Site, games: int, rest_ms: int) -> FloorResult:
    """Win ``games`` games of ``site`` as the oracle, through the effector in this
    process (as the bot plays)."""
    result = FloorResult(site.name, rest_ms=rest_ms)
    with (
        SiteDesktop(site, answer_dialogs=True) as desktop,  # a won game's alert()
        LocalEffector(desktop.env()["DISPLAY"]) as effector,
    ):
        for number in range(games):
            try:
                if number:
                    desktop.new_game()
                _one_game(desktop, effector, result)
            except (SiteError, CdpError) as error:  # CdpError: a dialog holds the page
                result.problems.append(str(error))
                if len(result.problems) > 2:
                    break
    return result


def _one_game(desktop: SiteDesktop, effector: LocalEffector, result: FloorResult) -> None:
    truth = desktop.truth()
    bounds = _board_rect(truth)
    middle = (truth.rows // 2, truth.cols // 2)
    if truth.mines is not None and truth.mines.split("\n")[middle[0]][middle[1]] == "*":
        result.skipped += 1  # a known mine under the first click: deal again
        return
    started = time.monotonic()
    _press(effector, truth, [middle], bounds, result.rest_ms)
    truth = _wait(desktop, lambda t: t.board != truth.board, "the first click to show")
    if truth.status == "lost" or truth.mines is None:
        result.skipped += 1
        return
    board, mines = truth.board.split("\n"), truth.mines.split("\n")
    opened = {(r, c) for r, line in enumerate(board) for c, ch in enumerate(line) if ch != "."}
    presses = presses_to_win(mines, opened)
    _press(effector, truth, presses, bounds, result.rest_ms)
    safe_open = _wait(desktop, lambda t: t.status != "playing" or _all_safe_open(t, mines),
                      "every safe cell to open")
    flags: list[Cell] = []
    if safe_open.status == "playing":  # a game won only once every mine carries a flag
        flags = [(r, c) for r, line in enumerate(mines) for c, ch in enumerate(line)
                 if ch == "*"]
        _press(effector, truth, flags, bounds, result.rest_ms, button="right")
    won = _wait(desktop, lambda t: t.status != "playing", "the win to show")
    if won.status != "won":
        raise SiteError(f"{desktop.site.name}: the oracle's game ended {won.status}")
    result.seconds.append(time.monotonic() - started)
    result.presses.append(len(presses) + 1 + len(flags))
    result.three_bvs.append(three_bv(mines))


def per_three_bv(seconds: list[float], three_bvs: list[int]) -> float | None:
    """The median seconds per 3BV over won games (None without one)."""
    if not seconds:
        return None
    return statistics.median(s / max(bv, 1) for s, bv in zip(seconds, three_bvs, strict=True))


def _all_safe_open(truth: Truth, mines: list[str]) -> bool:
    return all(ch != "." or mines[r][c] == "*"
               for r, line in enumerate(truth.board.split("\n")) for c, ch in enumerate(line))


def _press(effector: LocalEffector, truth: Truth, cells: list[Cell], bounds: Rect,
           rest_ms: int, *, button: Button = "left") -> None:
    actions: list[Action] = []
    for row, col in cells:
        x, y = truth.centre(row, col)
        if rest_ms:
            actions += [MoveAction(x=x, y=y), PauseAction(ms=rest_ms)]
        actions.append(ClickAction(x=x, y=y, button=button))
    for start in range(0, len(actions), 900):
        effector.actions(actions[start:start + 900], bounds=bounds)


def _wait(desktop: SiteDesktop, done: Callable[[Truth], bool], what: str) -> Truth:
    """The page's state once ``done``; an error once it has not changed for a while."""
    board, changed = "", time.monotonic()
    while time.monotonic() - changed < STALL_S:
        truth = desktop.truth()
        if done(truth):
            return truth
        if truth.board != board:
            board, changed = truth.board, time.monotonic()
        time.sleep(POLL_S)
    raise SiteError(f"{desktop.site.name}: the board stood still for {STALL_S:.0f} s "
                    f"waiting for {what} (presses dropped)")


def _board_rect(truth: Truth) -> Rect:
    xs = [x for x, _ in truth.centres]
    ys = [y for _, y in truth.centres]
    pitch_x = (max(xs) - min(xs)) / max(truth.cols - 1, 1)
    pitch_y = (max(ys) - min(ys)) / max(truth.rows - 1, 1)
    left, top = round(min(xs) - pitch_x / 2), round(min(ys) - pitch_y / 2)
    return Rect(left=left, top=top, width=round(max(xs) + pitch_x / 2) - left + 1,
                height=round(max(ys) + pitch_y / 2) - top + 1)


def main() -> int:
    """Play the sites as the oracle and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_site_arguments(parser, games=10)
    parser.add_argument("--json", action="store_true",
                        help="print each site's row as a JSON line (bench_sites.py --floor "
                        "reads them)")
    args = parser.parse_args()
    try:
        catalog, names = chosen_sites(args)
    except SiteError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    rows = []
    for name in names:
        print(f"{name}: {args.games} oracle games...", file=sys.stderr)
        row = play_floor(catalog[name], args.games, 0)
        if row.problems and not row.seconds:
            print(f"  {row.problems[0]}; again with a {REST_MS} ms rest", file=sys.stderr)
            row = play_floor(catalog[name], args.games, REST_MS)
        for problem in row.problems:
            print(f"  {problem}", file=sys.stderr)
        rows.append(row)
        if args.json:
            print(json.dumps({"site": row.site, "won": len(row.seconds),
                              "s_per_3bv": per_three_bv(row.seconds, row.three_bvs)}),
                  flush=True)
    header = ("site", "won", "dealt again", "presses (median)", "rest",
              "floor: median won game", "per press", "per 3BV", "problems")
    lines = []
    for row in rows:
        median = statistics.median(row.seconds) if row.seconds else None
        per_press = (statistics.median(s / p for s, p in zip(row.seconds, row.presses, strict=True))
                     if row.seconds else None)
        lines.append((row.site, str(len(row.seconds)), str(row.skipped),
                      str(statistics.median(row.presses)) if row.presses else "-",
                      f"{row.rest_ms} ms", "-" if median is None else f"{median:.2f} s",
                      _ms(per_press),
                      _ms(per_three_bv(row.seconds, row.three_bvs)),
                      str(len(row.problems))))
    print_rows("the sites' own floor", header, lines, Console(width=140))
    return 0


def _ms(seconds: float | None) -> str:
    return "-" if seconds is None else f"{1000 * seconds:.1f} ms"


if __name__ == "__main__":
    sys.exit(main())
