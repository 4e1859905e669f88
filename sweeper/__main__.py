"""``python -m sweeper ARGS`` is the ``sweeper`` command."""

import sys

from sweeper.cli import main

sys.exit(main())
