"""The root of every error sweeper raises on purpose.

It lives here, in the core every other package may import and that imports none of them,
so that the analyzer, the recognizer, the effector, the services, the coordinator and the
practice arena can all put their errors under it without knowing each other. It imports
nothing, so a command line that needs it stays fast.
"""

from __future__ import annotations

__all__ = ["SweeperError"]


class SweeperError(Exception):
    """An error sweeper raises on purpose, with a message that says what went wrong.

    Each package's errors derive from it (and keep their other bases, such as
    ``ValueError`` for bad input), so a caller can catch any of them at once.
    """
