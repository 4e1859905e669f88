"""``python -m coordinator`` runs the ``sweeper`` command line."""

import sys

from coordinator.cli import main

if __name__ == "__main__":
    sys.exit(main())
