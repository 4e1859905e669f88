"""``python -m sweeper.coordinator`` runs the ``sweeper`` command line."""

import sys

from sweeper.coordinator.cli import main

if __name__ == "__main__":
    sys.exit(main())
