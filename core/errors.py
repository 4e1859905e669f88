"""The root of every error sweeper raises on purpose.

It lives here, in the core every other package may import and that imports none of them,
so that the analyzer, the recognizer, the effector, the services, the coordinator and the
practice arena can all put their errors under it without knowing each other. It imports
nothing, so a command line that needs it stays fast.
"""

from __future__ import annotations

__all__ = ["CommandError", "SweeperError"]


class SweeperError(Exception):
    """An error sweeper raises on purpose, with a message that says what went wrong.

    Each package's errors derive from it (and keep their other bases, such as
    ``ValueError`` for bad input), so a caller can catch any of them at once.
    """


class CommandError(SweeperError):
    """What a command reports as its one error line, ``sweeper COMMAND: error: MESSAGE``,
    and the exit code it then ends with: 2 (the default) when the user's input is wrong.

    Command handlers raise it; ``sweeper``'s ``main`` prints it, so every command words
    its errors the same way.
    """

    def __init__(self, message: str, exit_code: int = 2) -> None:
        super().__init__(message)
        self.exit_code = exit_code
