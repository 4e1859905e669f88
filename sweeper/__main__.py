"""``python -m sweeper ARGS`` is the ``sweeper`` command."""

import sys

from sweeper.coordinator.cli import main

sys.exit(main())
