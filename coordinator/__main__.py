"""``python -m coordinator`` runs the ``sweeper`` command line."""

import sys

from coordinator.cli import main

sys.exit(main())
