"""``sweeper serve effector``: run the effector service with uvicorn.

Heavy imports (mss, the input device's, fastapi, uvicorn) happen in the handler only.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from sweeper.core import CommandError
from sweeper.effector.defaults import DEFAULT_HOST, DEFAULT_PORT, TOKEN_ENV
from sweeper.serving import port, token

EXIT_NO_DISPLAY = 1
EXIT_REFUSED = 2


def add_commands(commands: Any, serve_commands: Any) -> None:
    """Add ``serve effector`` to the ``sweeper`` command line."""
    parser = serve_commands.add_parser(
        "effector",
        help="screenshots and mouse over HTTP (run it on the machine with the screen)",
        description="Serve screenshots and mouse/keyboard actions of this display over HTTP.",
    )
    add_serve_arguments(parser)


def add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of the effector service, and its handler."""
    parser.add_argument("--host", default=DEFAULT_HOST,
                        help=f"address to bind (default {DEFAULT_HOST}; others need --token)")
    parser.add_argument("--port", type=port, default=DEFAULT_PORT,
                        help=f"port to listen on (default {DEFAULT_PORT})")
    parser.add_argument("--token", type=token, default=os.environ.get(TOKEN_ENV),
                        help=f"require 'Authorization: Bearer TOKEN' (default: ${TOKEN_ENV})")
    parser.add_argument("--access-log", action="store_true",
                        help="log every request, and every pointer move, to stderr")
    parser.set_defaults(handler=serve_effector)


def serve_effector(args: argparse.Namespace) -> int:
    """Check the bind policy and the display, then serve until interrupted."""
    from sweeper.serving import ListenError, bind_refusal, listening_socket, serve

    refusal = bind_refusal(args.host, args.token, TOKEN_ENV, "move this machine's mouse")
    if refusal is not None:
        raise CommandError(refusal, EXIT_REFUSED)
    try:
        listener = listening_socket(args.host, args.port)
    except ListenError as error:
        raise CommandError(str(error), EXIT_REFUSED) from None

    from sweeper.effector.errors import DisplayUnavailableError
    from sweeper.effector.service import EffectorSettings, create_display_app

    try:
        app, capture = create_display_app(EffectorSettings(token=args.token))
    except DisplayUnavailableError as error:
        listener.close()
        raise CommandError(str(error), EXIT_NO_DISPLAY) from None
    if args.access_log:
        _log_pointer_moves()
    try:
        serve(app, listener, access_log=args.access_log)
    finally:
        capture.close()
    return 0


def _log_pointer_moves() -> None:
    """Write the batch runner's log (every pointer move) to stderr."""
    import logging

    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(name)s: %(message)s"))
    runner_log = logging.getLogger("sweeper.effector.runner")
    runner_log.addHandler(handler)
    runner_log.setLevel(logging.DEBUG)
