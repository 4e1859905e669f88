"""``python -m sweeper.practice``: the same as ``sweeper desktop``."""

import sys

from sweeper.practice.cli import main

if __name__ == "__main__":
    sys.exit(main())
