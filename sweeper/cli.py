"""The ``sweeper`` command line: one sub-command per job, each owned by its package.

This is the composition root, the one module that puts every package's commands together,
and so the one module of the product that imports the practice arena (for ``demo`` and
``desktop``). Each package names its function that adds its sub-parsers in its API; heavy
imports (z3, opencv, pyautogui) happen only inside the command handlers, so
``sweeper --help`` stays fast and works without a display.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from sweeper import analyzer, coordinator, effector, practice, recognizer
from sweeper.core import CommandError

TRACEBACK_ENV = "SWEEPER_TRACEBACK"
EXIT_INTERNAL_ERROR = 70  # EX_SOFTWARE


class OneLineErrorParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line, like every other error of
    sweeper's: ``sweeper COMMAND: error: MESSAGE (see 'sweeper COMMAND --help')``."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {one_line(message)} (see '{self.prog} --help')\n")


def build_parser() -> argparse.ArgumentParser:
    """The full ``sweeper`` argument parser."""
    from sweeper import __version__

    parser = OneLineErrorParser(
        prog="sweeper", description="A bot that plays Minesweeper on screen."
    )
    parser.add_argument("--version", action="version", version=f"sweeper {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    serve = commands.add_parser("serve", help="run one of the HTTP services")
    serve_commands = serve.add_subparsers(dest="service", required=True, metavar="SERVICE")
    # each adds its sub-commands (and its ``serve`` services), in help order
    analyzer.add_commands(commands, serve_commands)
    coordinator.add_simulate_command(commands, serve_commands)
    recognizer.add_commands(commands, serve_commands)
    effector.add_commands(commands, serve_commands)
    coordinator.add_play_commands(commands, serve_commands)
    practice.add_commands(commands, serve_commands)
    _name_each_command(parser)
    return parser


def _name_each_command(parser: argparse.ArgumentParser) -> None:
    """Give every (sub-)command's arguments its full name, e.g. ``sweeper serve analyzer``,
    the prefix of its error line."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for command in action.choices.values():
                command.set_defaults(command_name=command.prog)
                _name_each_command(command)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``sweeper`` console script."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.handler(args) or 0)
    except CommandError as error:
        print(f"{args.command_name}: error: {one_line(str(error))}", file=sys.stderr)
        return error.exit_code
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (``sweeper ... | head``): stop quietly, as cat does.
        _silence_stdout()
        return 141
    except Exception as fault:  # a fault of sweeper itself: bad input has its own messages
        if os.environ.get(TRACEBACK_ENV):
            raise
        message = one_line(str(fault)) or "no message"
        print(
            f"{args.command_name}: internal error ({type(fault).__name__}: {message}); "
            f"run with {TRACEBACK_ENV}=1 for the traceback",
            file=sys.stderr,
        )
        return EXIT_INTERNAL_ERROR


def one_line(message: str) -> str:
    """``message`` on one line, its runs of white space (newlines too) made single spaces."""
    return " ".join(message.split())


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush cannot fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


if __name__ == "__main__":
    sys.exit(main())
