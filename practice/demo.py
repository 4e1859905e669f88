"""``sweeper demo``: the README's main job, the bot playing the arena's game on a virtual
display (the bundled web game in Chromium, or Wine's winemine), with the options of
``sweeper play``."""

from __future__ import annotations

import argparse
import sys
from contextlib import ExitStack
from typing import Any

from sweeper.coordinator import (
    add_game_arguments,
    check_before_starting,
    open_local_effector,
    play_and_report,
)
from sweeper.core import EXPERT, CommandError
from sweeper.serving import whole_number

DEMO_GAME = {**EXPERT._asdict(), "cell": 24}
CLOCK_SEEDED_PAUSE_S = 1.1  # winemine seeds its mines from the clock's whole seconds


def add_demo_command(commands: Any) -> None:
    """Add ``demo`` to the ``sweeper`` command line."""
    demo = commands.add_parser(
        "demo",
        help="the bot plays expert games of the bundled game on a virtual display",
        description="Start a virtual display with the bundled game in Chromium and an "
        "effector, play expert games, print the table and write a recording.",
    )
    add_game_arguments(demo, games=5, record="recordings/demo")
    demo.add_argument("--target", choices=("web", "winemine"), default="web",
                      help="what to play: the bundled web game in Chromium, or Wine's "
                      "winemine (the Windows clone) at expert (default web)")
    demo.add_argument("--seed", type=int, help="game seed (default: a new game each time)")
    demo.add_argument(
        "--cell", type=whole_number(8, 64), default=24, help="tile size in px, 8-64 (default 24)"
    )
    demo.set_defaults(handler=run_demo)


def run_demo(args: argparse.Namespace) -> int:
    """The bundled game (or winemine) on a virtual display, played by the bot."""
    from sweeper.practice.display import MissingProgramError

    check_before_starting(args)
    try:
        return _demo(args)
    except MissingProgramError as error:  # no Xvfb, Chromium or Wine on this machine
        raise CommandError(str(error), 1) from None


def _demo(args: argparse.Namespace) -> int:
    from sweeper.practice.desktop import VirtualDesktop
    from sweeper.practice.display import VirtualDisplay
    from sweeper.practice.winemine import Winemine

    game = DEMO_GAME | {"cell": args.cell, "rules": args.rules}
    if args.seed is not None:
        game["seed"] = args.seed
    if args.between_games is None and args.target == "winemine":
        args.between_games = CLOCK_SEEDED_PAUSE_S
    with ExitStack() as stack:
        if args.target == "winemine":
            print("starting the virtual display and winemine...", file=sys.stderr)
            env = stack.enter_context(VirtualDisplay(1024, 768)).env()
            stack.enter_context(Winemine(env, level="expert"))
        else:
            print("starting the virtual display and Chromium...", file=sys.stderr)
            env = stack.enter_context(VirtualDesktop(game_params=game)).env()
        effector = stack.enter_context(open_local_effector(env["DISPLAY"]))
        return play_and_report(effector, args)
