"""The practice arena's commands: ``sweeper demo`` (:mod:`.demo`) and ``sweeper desktop``
(or ``python -m sweeper.practice``), which keeps a virtual desktop running.

The desktop prints ``DISPLAY``, the game's URL and where the game is on the screen, so that
other tools (the effector, the recognizer's recording, a person with a VNC viewer) can use
it.
"""

from __future__ import annotations

import argparse
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from types import FrameType
from typing import Any, NoReturn

from sweeper.core import RULES
from sweeper.practice.demo import add_demo_command

GAME_PARAMS = ("width", "height", "mines", "seed", "rules", "cell")


def add_commands(commands: Any, serve_commands: Any) -> None:
    """Add ``desktop`` and ``demo`` to the ``sweeper`` command line."""
    add_demo_command(commands)
    parser = commands.add_parser(
        "desktop", help="run the practice game on a virtual display until Ctrl-C",
        description="Start Xvfb, the bundled game in Chromium (and optionally xdemineur and "
                    "Wine's winemine) and keep them running until Ctrl-C.",
    )
    add_desktop_arguments(parser)
    parser.set_defaults(handler=run_desktop)


def pair(separator: str) -> Any:
    """An argparse type for ``12<separator>34``."""

    def parse(text: str) -> tuple[int, int]:
        try:
            first, second = (int(part) for part in text.split(separator))
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{text!r} must look like 12{separator}34"
            ) from None
        return first, second

    parse.__name__ = f"pair '{separator}'"
    return parse


def screen_size(text: str) -> tuple[int, int]:
    """An argparse type: a virtual screen's ``WxH``, each side 64 to 16384 pixels."""
    width, height = pair("x")(text)
    if not (64 <= width <= 16384 and 64 <= height <= 16384):
        raise argparse.ArgumentTypeError(f"each side must be 64 to 16384 pixels, not {text!r}")
    return width, height


def add_desktop_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--screen", type=screen_size, default=(1600, 1000),
                        help="screen size WxH (default 1600x1000)")
    parser.add_argument("--position", type=pair(","), default=(0, 0),
                        help="game window position X,Y (default 0,0)")
    for name in ("width", "height", "mines", "seed", "cell"):
        parser.add_argument(f"--{name}", type=int, help=f"game URL parameter {name}")
    parser.add_argument("--rules", choices=RULES, help="game URL parameter rules")
    parser.add_argument("--xdemineur", action="store_true", help="also start xdemineur")
    parser.add_argument("--xdemineur-position", type=pair(","), default=(0, 600),
                        help="xdemineur window position X,Y (default 0,600)")
    parser.add_argument("--winemine", action="store_true",
                        help="also start Wine's winemine (in a fresh Wine prefix)")
    parser.add_argument("--winemine-level", choices=("beginner", "intermediate", "expert"),
                        default="expert", help="winemine's level (default expert)")
    parser.add_argument("--winemine-position", type=pair(","), default=(860, 600),
                        help="winemine window position X,Y (default 860,600)")
    parser.add_argument("--serve-effector", metavar="HOST:PORT",
                        help="also run 'sweeper serve effector' on this display, bound to "
                             "HOST:PORT (a non-loopback HOST needs $SWEEPER_EFFECTOR_TOKEN)")


def _raise_interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def run_desktop(args: argparse.Namespace) -> int:
    """Keep a virtual desktop running, printing where everything is, until Ctrl-C/SIGTERM."""
    from sweeper.practice.desktop import VirtualDesktop

    params = {name: getattr(args, name) for name in GAME_PARAMS if getattr(args, name) is not None}
    desktop = VirtualDesktop(screen_size=args.screen, window_position=args.position,
                             game_params=params)
    for signum in (signal.SIGINT, signal.SIGTERM):  # also when started with SIGINT ignored
        signal.signal(signum, _raise_interrupt)
    try:
        with desktop:
            print(f"DISPLAY={desktop.display.display}", flush=True)
            print(f"URL={desktop.url}", flush=True)
            print(f"GAME={desktop.canvas_rect()}", flush=True)
            if args.xdemineur:
                xdemineur = desktop.start_xdemineur(position=args.xdemineur_position)
                print(f"XDEMINEUR={xdemineur.rect}", flush=True)
            if args.winemine:
                winemine = desktop.start_winemine(args.winemine_level,
                                                  position=args.winemine_position)
                print(f"WINEMINE={winemine.rect}", flush=True)
            if args.serve_effector:
                _serve_effector(args.serve_effector, desktop.env())
            else:
                print("running; press Ctrl-C to stop", flush=True)
                while True:
                    time.sleep(3600)
    except KeyboardInterrupt:
        print("stopped", flush=True)
        return 0
    except (RuntimeError, OSError) as error:
        command = getattr(args, "command_name", "sweeper desktop")
        print(f"{command}: error: {' '.join(str(error).split())}", file=sys.stderr)
        return 1


def _serve_effector(address: str, env: dict[str, str]) -> NoReturn:
    """Run the effector service on the desktop's display until it exits or Ctrl-C."""
    host, _, port = address.rpartition(":")
    command = [sys.executable, "-m", "sweeper", "serve", "effector",
               "--host", host or "127.0.0.1", "--port", port]
    print(f"EFFECTOR=http://{host or '127.0.0.1'}:{port}", flush=True)
    with subprocess.Popen(command, env=env) as effector:
        try:
            code = effector.wait()
        finally:
            if effector.poll() is None:
                effector.terminate()
    raise RuntimeError(f"the effector service exited with code {code}")


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m sweeper.practice``: ``sweeper desktop``."""
    parser = argparse.ArgumentParser(prog="python -m sweeper.practice",
                                     description="Run the practice game on a virtual display.")
    add_desktop_arguments(parser)
    return run_desktop(parser.parse_args(argv))
