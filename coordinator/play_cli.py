"""``sweeper play`` and ``sweeper replay``: the bot's own commands (``sweeper demo``, the
practice arena's, plays with :func:`add_game_arguments` and :func:`play_and_report`).

The options of a command that plays are :mod:`~coordinator.play_args`'s, what a run
shows is :mod:`~coordinator.play_report`'s, and ``replay`` is
:mod:`~coordinator.replay_cli`'s."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sweeper.coordinator.play_args import add_game_arguments, service_url
from sweeper.coordinator.play_report import (
    log_turns,
    play_with_progress,
    report,
    save_skin,
    save_stop_picture,
)
from sweeper.coordinator.replay_cli import add_replay_command
from sweeper.coordinator.screen import Screen
from sweeper.core import CommandError
from sweeper.serving import token

if TYPE_CHECKING:
    from sweeper.effector import LocalEffector


def add_play_commands(commands: Any, serve_commands: Any) -> None:
    """Add ``play`` and ``replay`` to the ``sweeper`` command line."""
    play = commands.add_parser(
        "play",
        help="play the Minesweeper game on screen",
        description="Play whatever Minesweeper board is on screen, game after game.",
    )
    play.add_argument(
        "--effector", type=service_url, metavar="URL",
        help="effector service (default: act on this display from this process)"
    )
    play.add_argument(
        "--analyzer", type=service_url, metavar="URL",
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
    add_replay_command(commands)


def run_play(args: argparse.Namespace) -> int:
    """Play on the screen of the effector at ``--effector``, or on this display."""
    from sweeper.effector import EffectorClient

    if args.effector is None and not os.environ.get("DISPLAY"):
        raise CommandError(
            "no --effector given and DISPLAY is not set: there is no screen to play on "
            "(run 'sweeper demo' for a virtual one)")
    check_before_starting(args)
    effector = (open_local_effector() if args.effector is None
                else EffectorClient(args.effector, token=getattr(args, "token", None)))
    with effector:
        return play_and_report(effector, args)


def open_local_effector(display_name: str | None = None) -> LocalEffector:
    """The effector in this process on ``display_name`` (default: ``DISPLAY``); a display
    that cannot be used is a one-line ``CommandError``."""
    from sweeper.effector import DisplayUnavailableError, LocalEffector

    try:
        return LocalEffector(display_name)
    except DisplayUnavailableError as error:
        raise CommandError(str(error)) from None


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


def play_and_report(effector: Screen, args: argparse.Namespace) -> int:
    """Play on ``effector``'s screen as ``args`` (of :func:`add_game_arguments`) say,
    print the table and return the exit code."""
    from sweeper.coordinator.decide import Decider, LocalDecider, RemoteDecider
    from sweeper.coordinator.play import Player, PlayOptions
    from sweeper.coordinator.recording import RunRecorder

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
        new_game_at=tuple(args.new_game_at or ()),
        between_games_s=_between_games(args),
    )
    recorder = RunRecorder(args.record) if args.record else None
    player = Player(effector, decider, options, recorder)
    if args.verbose:
        log_turns(args.verbose)
        summary = player.play()  # the turns' lines are the progress
    else:
        summary = play_with_progress(player, args.games)
    if args.record and summary.errors and player.looker.last is not None:
        save_stop_picture(Path(args.record), player.looker.last.image)
    report(summary, args)
    if args.save_skin is not None:
        save_skin(player, args.save_skin)
    return 1 if summary.errors else 0



def _between_games(args: argparse.Namespace) -> float:
    return 0.0 if args.between_games is None else float(args.between_games)

