"""The play loop's one seam to the world: a screen that it reads and clicks.

:class:`~effector.local.LocalEffector` (a display of this machine, in this process) and
:class:`~effector.client.EffectorClient` (one anywhere, through the effector service) are
the real ones; :class:`~coordinator.simulation.simulated_screen.SimulatedScreen` draws games
of the in-process engine. The looker reads boards off either with the recognizer, and the
player
clicks on either, so one loop plays live and in simulation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np
import numpy.typing as npt

from sweeper.core import Rect
from sweeper.effector import Action, BatchResult, ScreenInfo


class Screen(Protocol):
    """What the play loop needs of a screen."""

    def screen(self) -> ScreenInfo:
        """The screen's rectangle and its monitors."""
        ...

    def screenshot(self, region: Rect | None = None) -> npt.NDArray[np.uint8]:
        """The pixels of ``region`` (default: all of the screen), HxWx3 BGR."""
        ...

    def actions(self, actions: Sequence[Action], bounds: Rect | None = None) -> BatchResult:
        """Run a batch of pointer and key actions, every point inside ``bounds``."""
        ...
