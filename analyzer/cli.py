"""``sweeper analyze`` and ``sweeper serve analyzer``.

Heavy imports (z3, FastAPI, uvicorn) happen inside the handlers so ``sweeper --help``
stays fast.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections.abc import Callable
from typing import Any

from sweeper.core import RULES, CommandError
from sweeper.serving import port, token, whole_number

DEFAULT_PORT = 8001
MAX_WORKERS_OR_QUEUE = 1000
SWITCH_INTERVAL_S = 0.001
MAX_TIME_LIMIT_S = 86_400.0  # a day; far past it the clocks' arithmetic overflows
TOKEN_ENV = "SWEEPER_ANALYZER_TOKEN"


def add_commands(commands: Any, serve_commands: Any) -> None:
    """Add the analyzer's sub-commands to the ``sweeper`` parser."""
    analyze = commands.add_parser(
        "analyze",
        help="print certain cells, exact mine probabilities and the next move as JSON",
        description="Analyze a board given as board text ('.' unopened, 'F' flag, "
        "'*' revealed mine, '0'-'8' opened) and print the JSON of POST /analyze.",
    )
    analyze.add_argument(
        "file", nargs="?", default="-", metavar="FILE|-", help="board text file (default: stdin)"
    )
    analyze.add_argument(
        "--total-mines", type=int, required=True, help="mines in the whole game, flags included"
    )
    analyze.add_argument("--rules", choices=RULES, default="safe", help="first-click rules")
    analyze.add_argument(
        "--time-limit", type=seconds, default=60.0, metavar="SECONDS",
        help="give up after this long (default: 60)",
    )
    analyze.set_defaults(handler=run_analyze)

    serve = serve_commands.add_parser(
        "analyzer", help="the analyzer's HTTP service (POST /analyze, docs at /docs)"
    )
    serve.add_argument(
        "--host", default="127.0.0.1",
        help="address to bind (default: loopback; any other needs --token)",
    )
    serve.add_argument("--port", type=port, default=DEFAULT_PORT)
    serve.add_argument(
        "--token", type=token, default=os.environ.get(TOKEN_ENV),
        help=f"require 'Authorization: Bearer TOKEN' (default: ${TOKEN_ENV})",
    )
    serve.add_argument(
        "--time-limit", type=seconds, default=10.0, metavar="SECONDS",
        help="per-request time limit, counted from arrival; past it the answer is 503 "
        "(default: 10)",
    )
    serve.add_argument(
        "--workers", type=_count(1), metavar="N",
        help="analyses run at once (default: 1; they share Python's GIL, so more add "
        "little speed)",
    )
    serve.add_argument(
        "--queue", type=_count(0), metavar="N",
        help="requests that may wait for a worker; past that the answer is 503 at once "
        "(default: 4 per worker)",
    )
    serve.set_defaults(handler=run_serve)


def seconds(text: str) -> float:
    """A time limit: a positive, finite number of seconds."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, not {text!r}") from None
    if not math.isfinite(value) or not 0 < value <= MAX_TIME_LIMIT_S:
        raise argparse.ArgumentTypeError(
            f"must be a positive, finite number of seconds up to {MAX_TIME_LIMIT_S:g}, "
            f"not {text!r}")
    return value


def _count(least: int) -> Callable[[str], int]:
    return whole_number(least, MAX_WORKERS_OR_QUEUE)


def run_analyze(args: argparse.Namespace) -> int:
    """Read, analyze and print one board; errors are one line on stderr and exit code 2."""
    from sweeper.analyzer.api import analyze
    from sweeper.analyzer.errors import AnalysisError, AnalysisTimeoutError
    from sweeper.core import BoardError, parse_board

    try:
        text = _read_text(args.file)
        result = analyze(parse_board(text), args.total_mines, args.rules, args.time_limit)
    except (OSError, BoardError, AnalysisError, AnalysisTimeoutError) as error:
        raise CommandError(str(error)) from None
    print(json.dumps(result.to_json()))
    return 0


def run_serve(args: argparse.Namespace) -> int:
    """Serve the analyzer over HTTP until interrupted; refuse an open bind without a token."""
    from sweeper.serving import ListenError, bind_refusal, listening_socket, serve

    refusal = bind_refusal(args.host, args.token, TOKEN_ENV, "use this machine's CPU")
    if refusal is not None:
        raise CommandError(refusal)
    try:
        listener = listening_socket(args.host, args.port)
    except ListenError as error:
        raise CommandError(str(error)) from None

    from sweeper.analyzer.service import create_app

    app = create_app(args.time_limit, args.token, args.workers, args.queue)
    # Analyses hold Python's GIL in long stretches; hand it back to the event loop (which
    # answers /health and refuses excess requests) within 1 ms instead of 5.
    sys.setswitchinterval(SWITCH_INTERVAL_S)
    serve(app, listener)
    return 0


def _read_text(name: str) -> str:
    """The board text, read no further than one character past the size limit (so an
    endless stream cannot fill the memory; parsing then names the limit)."""
    from sweeper.core import MAX_BOARD_TEXT

    where = "standard input" if name == "-" else name
    try:
        if name == "-":
            return sys.stdin.read(MAX_BOARD_TEXT + 1)
        with open(name, encoding="utf-8") as file:
            return file.read(MAX_BOARD_TEXT + 1)
    except OSError as error:
        raise OSError(f"cannot read {where}: {error.strerror or error}") from None
    except UnicodeDecodeError as error:
        raise OSError(
            f"cannot read {where}: not UTF-8 text (byte {error.object[error.start]:#04x} "
            f"at offset {error.start})"
        ) from None
