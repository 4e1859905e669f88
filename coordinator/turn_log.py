"""The lines ``sweeper play -v`` writes: what each turn read, waited for and did.

One line per turn on the ``sweeper.play`` logger at INFO (``-v``): the board read (its
size and how many cells are closed, open, flagged and unreadable), how many looks it took
and why the looks before were not believed (unstable, unreadable cells, a dialog
answered), the moves sent and the timing. ``-vv`` adds DEBUG lines: where the board was
found, each cell clicked, and every pointer move the effector makes.
"""

from __future__ import annotations

from collections.abc import Sequence

from sweeper.coordinator.facts import GameFacts
from sweeper.coordinator.watch import Sight, reasons_summary
from sweeper.core import FLAG, UNOPENED, Cell


def read_summary(sight: Sight) -> str:
    """``read 30x16: 380 closed, 95 open, 5 flags, 0 unreadable; playing``."""
    board = sight.board
    closed, flags = board.count(UNOPENED), board.count(FLAG)
    opened = board.cells.size - board.unrevealed
    return (f"read {sight.board.width}x{sight.board.height}: {closed} closed, {opened} open, "
            f"{flags} flags, {len(sight.recognition.unreadable)} unreadable; {sight.status}")


def wait_summary(sight: Sight, waited_ms: float | None) -> str:
    """``1 look`` or ``3 looks in 45 ms, waited for: clicks not shown yet x2``."""
    looks = f"{sight.looks} look{'s' if sight.looks != 1 else ''}"
    if waited_ms is not None:
        looks += f" in {waited_ms:.0f} ms"
    if not sight.waits:
        return looks
    return f"{looks}, waited for: {reasons_summary(sight.waits)}"


def moves_summary(targets: Sequence[Cell], flags: Sequence[Cell], proven_safe: bool) -> str:
    """``opened 4 cells (proven safe)``, ``guessed (3, 7)``, ``flagged 2 mines``."""
    parts = []
    if targets:
        parts.append(f"opened {len(targets)} cell{'s' if len(targets) != 1 else ''} "
                     "(proven safe)" if proven_safe else f"guessed {targets[0]}")
    if flags:
        parts.append(f"flagged {len(flags)} mine{'s' if len(flags) != 1 else ''}")
    return ", ".join(parts) or "no move"


def turn_line(number: int, sight: Sight, waited_ms: float | None, moves: str,
              timings: dict[str, float]) -> str:
    """The ``-v`` line of turn ``number``: what was read, what was waited for, the moves
    and the timing (from the screenshot to the clicks sent, of which the analysis)."""
    return (f"turn {number}: {read_summary(sight)}; {wait_summary(sight, waited_ms)}; "
            f"{moves}; {timings['screenshot_to_clicks']:.0f} ms screenshot to clicks "
            f"(analysis {timings['analyze']:.0f} ms)")


def end_line(sight: Sight, waited_ms: float | None, facts: GameFacts) -> str:
    """The ``-v`` line of a game's end."""
    return (f"game over: {sight.status}; {read_summary(sight)}; "
            f"{wait_summary(sight, waited_ms)}; {facts.describe()}")
