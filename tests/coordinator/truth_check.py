"""What the end-to-end play tests check against: every click the bot sends, and the
page's true state next to every board the bot acts on."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from sweeper.coordinator.local_services import local_service
from sweeper.coordinator.watch import Sight
from sweeper.core import Cell, Rect
from sweeper.effector import Action, BatchResult, ClickAction, EffectorClient, MoveAction
from sweeper.practice import VirtualDesktop


class ClickLog(EffectorClient):
    """The real effector client, keeping a copy of every click and pointer move it sends."""

    def __init__(self, base_url: str) -> None:
        super().__init__(base_url)
        self.clicks: list[tuple[int, int, str]] = []
        self.moves: list[tuple[int, int]] = []

    def actions(self, actions: Sequence[Action], bounds: Rect | None = None) -> BatchResult:
        self.clicks += [(a.x, a.y, a.button) for a in actions if isinstance(a, ClickAction)]
        self.moves += [(a.x, a.y) for a in actions if isinstance(a, MoveAction)]
        return super().actions(actions, bounds)


@contextmanager
def click_log(desktop: VirtualDesktop) -> Iterator[ClickLog]:
    """The real effector serving ``desktop``'s display, through a :class:`ClickLog`."""
    with local_service("effector", desktop.env()) as url:
        client = ClickLog(url)
        try:
            yield client
        finally:
            client.close()


@dataclass
class TruthCheck:
    """Compares every board the bot acts on with the page's true state."""

    desktop: VirtualDesktop
    seen: int = 0
    mismatches: list[str] = field(default_factory=list)

    def __call__(self, sight: Sight) -> None:
        state = self.desktop.page_state()
        self.seen += 1
        if not shows(str(sight.board), sight.status, state["board"], state["status"],
                     sight.unread):
            self.mismatches.append(
                f"read {sight.status}:\n{sight.board}\ntruth {state['status']}:\n{state['board']}"
            )


def shows(read: str, status: str, truth: str, true_status: str,
          unseen: Collection[Cell] = ()) -> bool:
    """Whether the board read is the page's truth. The truth is taken after the shot, and
    a won game is judged by its face, its count or a cover: the page may flag its mines
    or draw its last opened cells after the shot, and a win may be taken under a cover or
    with the board before the last safe presses, so on a win an unopened cell read where
    the truth shows anything else is what was seen, or not seen. So is one of the
    ``unseen`` cells of a board in play, taken as it was under a passing animation (a
    cell held down mid-batch)."""
    if status != true_status or len(read) != len(truth):
        return False
    if status == "won":
        return all(r in (t, ".") for r, t in zip(read, truth, strict=True))
    width = read.index("\n") + 1 if "\n" in read else len(read) + 1
    hidden = {row * width + col for row, col in unseen}
    return all(r == t or (i in hidden and r == ".")
               for i, (r, t) in enumerate(zip(read, truth, strict=True)))


def board_rect(desktop: VirtualDesktop) -> Rect:
    """The true rectangle of the page's cells on the screen."""
    state: dict[str, Any] = desktop.page_state()
    canvas, layout, cell = desktop.canvas_rect(), state["layout"], int(state["cell"])
    return Rect(
        left=canvas.left + layout["cellsLeft"],
        top=canvas.top + layout["cellsTop"],
        width=state["width"] * cell,
        height=state["height"] * cell,
    )
