"""``sweeper play`` and ``sweeper replay``: the bot's own commands (``sweeper demo``, the
practice arena's, plays with :func:`add_game_arguments` and :func:`play_and_report`)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sweeper.core import RULES, CommandError
from sweeper.serving import folder, token, whole_number

if TYPE_CHECKING:
    from sweeper.coordinator.play import Player, RunSummary
    from sweeper.core import Rect

MAX_HOLD_MS = 2000  # the effector's limit for one press
MAX_PAUSE_S = 60.0  # the longest pause before a new game


def add_play_commands(commands: Any, serve_commands: Any) -> None:
    """Add ``play`` and ``replay`` to the ``sweeper`` command line."""
    play = commands.add_parser(
        "play",
        help="play the Minesweeper game on screen",
        description="Play whatever Minesweeper board is on screen, game after game.",
    )
    play.add_argument(
        "--effector", type=_service_url, metavar="URL",
        help="effector service (default: start one on this display)"
    )
    play.add_argument(
        "--analyzer", type=_service_url, metavar="URL",
        help="analyzer service (default: analyze in-process)"
    )
    play.add_argument(
        "--token",
        type=token,
        default=os.environ.get("SWEEPER_TOKEN") or None,
        help="bearer token for the services (default: $SWEEPER_TOKEN)",
    )
    add_game_arguments(play)
    play.set_defaults(handler=run_play)

    replay = commands.add_parser(
        "replay",
        help="re-run the recognizer and analyzer on a recording offline, or animate it",
        description="Re-read every recorded screenshot and re-analyse every recorded "
        "board; report any difference from what was recorded. With --gif or --mp4, write "
        "the annotated games as an animation instead.",
    )
    replay.add_argument("directory", type=Path, help="a --record directory or one game in it")
    replay.add_argument("--gif", type=Path, metavar="OUT", help="write the games as a GIF")
    replay.add_argument(
        "--mp4", type=Path, metavar="OUT",
        help="write the games as an MP4 video (needs: pip install 'sweeper[video]')")
    replay.add_argument(
        "--fps", metavar="F",
        help="steps shown per second in the animation (default 4; the end of each game "
        "stays 2 s)")
    replay.set_defaults(handler=run_replay)


def add_game_arguments(
    parser: argparse.ArgumentParser, games: int = 1, record: str | None = None
) -> None:
    """The options of a command that plays: games, rules, mines, recording, where to look."""
    parser.add_argument(
        "--games", type=_positive, default=games, help=f"games to play (default {games})"
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
        type=_positive,
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
        type=_region,
        metavar="LEFT,TOP,WIDTH,HEIGHT",
        help="only look for the board in this part of the screen, in pixels "
        "(default: the whole screen; for a screen with more than one board)",
    )
    parser.add_argument(
        "--new-game-at",
        type=_point,
        metavar="X,Y",
        help="screen point of the game's new-game button, for games whose control has no "
        "face or label (default: the face above the board, else a control labelled "
        "'New game', 'Restart', 'Try again'..., else the F2 then F5 keys)",
    )
    parser.add_argument(
        "--between-games",
        type=_pause_seconds,
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


def _region(text: str) -> Rect:
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


def _point(text: str) -> tuple[int, int]:
    """``"640,480"`` -> ``(640, 480)``."""
    parts = text.split(",")
    try:
        x, y = (int(part) for part in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected X,Y as two whole numbers, not {text!r}") from None
    return x, y


def _service_url(text: str) -> str:
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


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def run_play(args: argparse.Namespace) -> int:
    """Play on the screen an effector shows (a local one by default)."""
    from sweeper.coordinator.local_services import local_service

    if args.effector is None and not os.environ.get("DISPLAY"):
        raise CommandError(
            "no --effector given and DISPLAY is not set: there is no screen to play on "
            "(run 'sweeper demo' for a virtual one)")
    check_before_starting(args)
    with ExitStack() as stack:
        url = args.effector or stack.enter_context(local_service("effector", os.environ))
        return play_and_report(url, args, stack)


def check_before_starting(args: argparse.Namespace) -> None:
    """Refuse what would fail later, before any display or service is started: skins that
    do not load, folders that cannot be written."""
    from sweeper.recognizer import ImageError, SkinError, load_skin

    for skin in args.skins or []:
        try:
            load_skin(skin)
        except (SkinError, ImageError) as error:
            raise CommandError(f"--skin: {error}") from None
    if args.save_skin is not None:
        try:
            args.save_skin.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise CommandError(f"--save-skin: cannot make the folder {args.save_skin} "
                               f"({error.strerror or error})") from None
    if args.record is not None:
        try:
            args.record.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise CommandError(f"--record: cannot make the folder {args.record} "
                               f"({error.strerror or error})") from None


def play_and_report(url: str, args: argparse.Namespace, stack: ExitStack) -> int:
    """Play on the effector at ``url`` as ``args`` (of :func:`add_game_arguments`) say,
    print the table and return the exit code; ``stack`` closes the effector's client."""
    from sweeper.coordinator.decide import Decider, LocalDecider, RemoteDecider
    from sweeper.coordinator.play import Player, PlayOptions
    from sweeper.coordinator.recording import RunRecorder
    from sweeper.effector import EffectorClient

    effector = stack.enter_context(EffectorClient(url, token=getattr(args, "token", None)))
    analyzer_url = getattr(args, "analyzer", None)
    decider: Decider = (
        RemoteDecider(analyzer_url, token=args.token) if analyzer_url else LocalDecider()
    )
    options = PlayOptions(
        games=args.games,
        flags=args.flags,
        rules=args.rules,
        mines=args.mines,
        hold_ms=args.hold_ms,
        skins=args.skins,
        area=args.region,
        new_game_at=args.new_game_at,
        between_games_s=_between_games(args),
    )
    recorder = RunRecorder(args.record) if args.record else None
    player = Player(effector, decider, options, recorder)
    if args.verbose:
        _log_turns(args.verbose)
        summary = player.play()  # the turns' lines are the progress
    else:
        summary = _play_with_progress(player, args.games)
    if args.record and summary.errors and player.looker.last is not None:
        _save_stop_picture(Path(args.record), player.looker.last.image)
    _report(summary, args)
    if args.save_skin is not None:
        _save_skin(player, args.save_skin)
    return 1 if summary.errors else 0


def _pause_seconds(text: str) -> float:
    """``--between-games``: seconds from 0 to ``MAX_PAUSE_S``."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 <= value <= MAX_PAUSE_S:  # also refuses nan
        raise argparse.ArgumentTypeError(
            f"must be between 0 and {MAX_PAUSE_S:.0f} seconds, not {text}")
    return value


def _between_games(args: argparse.Namespace) -> float:
    return 0.0 if args.between_games is None else float(args.between_games)


def _save_stop_picture(folder: Path, image: Any) -> None:
    """Keep what the bot saw last when it stopped, beside the recording."""
    import cv2

    folder.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(folder / "stopped.png"), image)
    print(f"what the bot saw when it stopped: {folder / 'stopped.png'}", file=sys.stderr)


def _save_skin(player: Player, folder: Path) -> None:
    reader = player.looker.reader
    if reader is None or not reader.skin.templates:
        print("no skin was learned: no board was read", file=sys.stderr)
        return
    reader.skin.save(folder, "learned while playing")
    print(f"saved the learned skin ({len(reader.skin.templates)} tile pictures) in {folder}")


def _log_turns(verbosity: int) -> None:
    """Write the play loop's log to stderr: a line per turn (``-v``), and more (``-vv``)."""
    import logging

    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s.%(msecs)03d %(message)s", "%H:%M:%S"))
    play_log = logging.getLogger("sweeper.play")
    play_log.addHandler(handler)
    play_log.setLevel(logging.INFO if verbosity == 1 else logging.DEBUG)


def _play_with_progress(player: Player, games: int) -> RunSummary:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    columns = (
        TextColumn("playing"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[wins]} won"),
    )
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("games", total=games, wins=0)
        wins = 0

        def advance(result: Any) -> None:
            nonlocal wins
            wins += result.result == "won"
            progress.update(task, advance=1, wins=wins)

        return player.play(on_game_end=advance)


# where a game's mine count came from (GameFacts.mines_from), as the summary says it
MINES_FROM = {"stated": "given with --mines", "standard": "the standard count of its size",
              "screen": "read from the screen", "unknown": "unknown"}


def _mines_row(summary: RunSummary) -> list[tuple[str, str]]:
    """The mine count the first game was played with and where it came from."""
    if not summary.results:
        return []
    first = summary.results[0]
    return [("mines", f"{first.mines} ({MINES_FROM.get(first.mines_from, first.mines_from)})")]


def _report(summary: RunSummary, args: argparse.Namespace) -> None:
    from sweeper.coordinator.stats import print_table

    data = summary.to_json()
    rate = f"{summary.wins / len(summary.results):.0%}" if summary.results else "-"
    median = data["median_won_s"]
    print_table(
        "sweeper play",
        [
            ("games", str(data["games"])),
            ("wins", str(data["wins"])),
            ("losses", str(data["losses"])),
            ("win rate", rate),
            ("median won game", "-" if median is None else f"{median:.2f} s"),
            ("clicks", str(data["clicks"])),
            ("errors", str(data["errors"])),
            *_mines_row(summary),
        ],
    )
    for number, game in enumerate(summary.results, start=1):
        for note in game.notes:
            print(f"game {number}: {note}", file=sys.stderr)
    command = getattr(args, "command_name", "sweeper play")
    for error in summary.errors:
        print(f"{command}: error: stopped: {error}", file=sys.stderr)
    if args.record:
        pages = sorted(Path(args.record).glob("game-*/replay.html"))
        if pages:
            print(f"annotated replay: {pages[-1]} (and {len(pages)} game(s) in {args.record})")
    if args.json:
        print(json.dumps(data))


def run_replay(args: argparse.Namespace) -> int:
    """Compare a recording with a fresh offline run of the recognizer and analyzer, or
    write it as an animation."""
    from sweeper.coordinator.recording import RecordingError

    if args.gif is not None or args.mp4 is not None or args.fps is not None:
        return _animate(args)
    from sweeper.coordinator.replay import count_steps, replay_differences

    try:
        steps = count_steps(args.directory)
        differences = list(replay_differences(args.directory))
    except (FileNotFoundError, RecordingError) as error:
        raise CommandError(str(error)) from None
    for line in differences:
        print(line)
    print(f"{steps} step(s) replayed, {len(differences)} difference(s)")
    return 1 if differences else 0


def _animate(args: argparse.Namespace) -> int:
    """``sweeper replay DIR --gif OUT / --mp4 OUT``: write the recording as animations."""
    from sweeper.coordinator.animation import (
        DEFAULT_FPS,
        MAX_FPS,
        MIN_FPS,
        AnimationError,
        recorded_shots,
        write_gif,
        write_mp4,
    )
    from sweeper.coordinator.recording import RecordingError

    try:
        fps = DEFAULT_FPS if args.fps is None else _number("--fps", args.fps)
        if not MIN_FPS <= fps <= MAX_FPS:  # also refuses nan
            raise AnimationError(f"--fps must be {MIN_FPS:g} to {MAX_FPS:g}, not {fps:g}")
        if args.gif is None and args.mp4 is None:
            raise AnimationError("--fps goes with --gif OUT or --mp4 OUT")
        shots = recorded_shots(args.directory)
        for out, write in ((args.gif, write_gif), (args.mp4, write_mp4)):
            if out is not None:
                _check_output(out)
                write(shots, out, fps)
                games = shots[-1].game if shots else 0
                print(f"{out}: {len(shots)} frames of {games} game(s), "
                      f"{out.stat().st_size / 1024:.0f} KB")
    except (FileNotFoundError, RecordingError, AnimationError) as error:
        print(f"sweeper replay: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"sweeper replay: cannot write the animation: {error.strerror or error}",
              file=sys.stderr)
        return 2
    return 0


def _number(option: str, text: str) -> float:
    """``text`` as a number (raise AnimationError naming the option if it is none)."""
    from sweeper.coordinator.animation import AnimationError

    try:
        return float(text)
    except ValueError:
        raise AnimationError(f"{option} must be a number, not {text!r}") from None


def _check_output(out: Path) -> None:
    """Refuse an output that is a directory or whose folder does not exist."""
    from sweeper.coordinator.animation import AnimationError

    if out.is_dir():
        raise AnimationError(f"{out} is a directory; give a file name")
    if not out.parent.is_dir():
        raise AnimationError(f"{out}: the folder {out.parent} does not exist")
