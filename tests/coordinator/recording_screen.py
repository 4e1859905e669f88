"""A screen that shows nothing and keeps what it is sent: the mouse and keyboard side of
the effector, for tests of what the bot does about a picture it was handed."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from sweeper.core import Rect
from sweeper.effector import Action, BatchResult, ClickAction, ScreenInfo


class RecordingScreen:
    """Keeps every action sent, with the bounds it was sent with."""

    def __init__(self) -> None:
        self.sent: list[tuple[Action, Rect | None]] = []

    @property
    def clicks(self) -> list[tuple[ClickAction, Rect | None]]:
        """The clicks sent, with their bounds."""
        return [(action, bounds) for action, bounds in self.sent
                if isinstance(action, ClickAction)]

    def screen(self) -> ScreenInfo:
        return ScreenInfo(left=0, top=0, width=1000, height=800,
                          monitors=[Rect(left=0, top=0, width=1000, height=800)])

    def screenshot(self, region: Rect | None = None) -> npt.NDArray[np.uint8]:
        return np.zeros((1, 1, 3), np.uint8)

    def actions(self, actions: Sequence[Action], bounds: Rect | None = None) -> BatchResult:
        self.sent += [(action, bounds) for action in actions]
        return BatchResult(executed=len(actions), elapsed_ms=0.0)
