"""``python -m sweeper.effector``: the same as ``sweeper serve effector``."""

from __future__ import annotations

import argparse
import sys

from sweeper.core import CommandError
from sweeper.effector.cli import add_serve_arguments


def main() -> int:
    """Parse the serve options and run the service."""
    parser = argparse.ArgumentParser(
        prog="python -m sweeper.effector",
        description="Serve this display's screen and mouse over HTTP.",
    )
    add_serve_arguments(parser)
    args = parser.parse_args()
    try:
        return int(args.handler(args))
    except CommandError as error:
        print(f"{parser.prog}: error: {' '.join(str(error).split())}", file=sys.stderr)
        return error.exit_code
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
