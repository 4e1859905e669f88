"""The options of a command that plays (``sweeper play``, and ``sweeper demo`` of the
practice arena) and the parsers of their values."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from sweeper.core import RULES
from sweeper.serving import folder, whole_number

if TYPE_CHECKING:
    from sweeper.core import Rect

MAX_HOLD_MS = 2000  # the effector's limit for one press
MAX_PAUSE_S = 60.0  # the longest pause before a new game


def add_game_arguments(
    parser: argparse.ArgumentParser, games: int = 1, record: str | None = None
) -> None:
    """The options of a command that plays: games, rules, mines, recording, where to look."""
    parser.add_argument(
        "--games", type=positive, default=games, help=f"games to play (default {games})"
    )
    parser.add_argument(
        "--flags",
        action=argparse.BooleanOptionalAction,
        default=False,
        help="flag proven mines (default: no, it is faster)",
    )
    parser.add_argument(
        "--rules",
        choices=RULES,
        default="safe",
        help="the game's first-click rule (default safe)",
    )
    parser.add_argument(
        "--mines",
        type=positive,
        help="total mines (default: from the board size, for standard boards)",
    )
    parser.add_argument(
        "--hold-ms",
        type=whole_number(0, MAX_HOLD_MS),
        default=0,
        help=f"hold each click this long, 0-{MAX_HOLD_MS} (for games that ignore instant clicks)",
    )
    parser.add_argument(
        "--record",
        type=folder,
        default=None if record is None else Path(record),
        metavar="DIR",
        help="save every step and an annotated replay in DIR",
    )
    parser.add_argument(
        "--skin",
        action="append",
        dest="skins",
        metavar="NAME",
        help="only look for boards of this tile set (repeatable; default: all shipped ones)",
    )
    parser.add_argument(
        "--region",
        type=region,
        metavar="LEFT,TOP,WIDTH,HEIGHT",
        help="only look for the board in this part of the screen, in pixels "
        "(default: the whole screen; for a screen with more than one board)",
    )
    parser.add_argument(
        "--new-game-at",
        type=point,
        action="append",
        metavar="X,Y",
        help="screen point of the game's new-game button, for games whose control has no "
        "face or label; repeat it for controls pressed in turn, such as a level menu and "
        "then its level (default: the face above the board, else a control labelled "
        "'New game', 'Restart', 'Try again'..., else the F2 then F5 keys)",
    )
    parser.add_argument(
        "--between-games",
        type=pause_seconds,
        default=None,
        metavar="SECONDS",
        help="pause before each new game (default 0; 1.1 for winemine in the demo): some "
        "games seed their mines from the clock's seconds and repeat a game started "
        "within the same second",
    )
    parser.add_argument(
        "--save-skin",
        type=Path,
        metavar="DIR",
        help="save the skin learned from the screen as a tile set in DIR (for --skin)",
    )
    parser.add_argument(
        "--json", action="store_true", help="print the summary as JSON on the last line"
    )
    parser.add_argument(
        "-v", "--verbose", action="count", default=0,
        help="a line per turn on stderr: what was read, what was waited for and why, the "
        "moves and their timing; -vv adds where the board was found and every click",
    )



def region(text: str) -> Rect:
    """``"10,20,640,480"`` -> the 640x480 rectangle whose top-left pixel is (10, 20)."""
    from sweeper.core import Rect

    parts = text.split(",")
    try:
        left, top, width, height = (int(part) for part in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected LEFT,TOP,WIDTH,HEIGHT as four whole numbers, not {text!r}"
        ) from None
    if width < 1 or height < 1:
        raise argparse.ArgumentTypeError(f"width and height must be at least 1, not {text!r}")
    return Rect(left=left, top=top, width=width, height=height)


def point(text: str) -> tuple[int, int]:
    """``"640,480"`` -> ``(640, 480)``."""
    parts = text.split(",")
    try:
        x, y = (int(part) for part in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected X,Y as two whole numbers, not {text!r}") from None
    return x, y


def service_url(text: str) -> str:
    """A service's base URL: ``http://`` or ``https://`` with a host."""
    import httpx

    try:
        url = httpx.URL(text)
        usable = url.scheme in ("http", "https") and bool(url.host)
    except (httpx.InvalidURL, ValueError, TypeError):
        usable = False
    if not usable:
        raise argparse.ArgumentTypeError(
            f"expected an http:// or https:// URL with a host, not {text!r}")
    return text


def positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def pause_seconds(text: str) -> float:
    """``--between-games``: seconds from 0 to ``MAX_PAUSE_S``."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 <= value <= MAX_PAUSE_S:  # also refuses nan
        raise argparse.ArgumentTypeError(
            f"must be between 0 and {MAX_PAUSE_S:.0f} seconds, not {text}")
    return value

