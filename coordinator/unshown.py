"""A batch the page has not drawn yet: not read while nothing of it shows, and pressed
again once the page is plainly not going to draw it.

While no pressed cell has changed to the pixel since the look the batch was decided on
(:meth:`~coordinator.passing.Presses.undrawn`), reading the board would show none of the
presses: such looks are not read. A page may take a batch and draw none of it (a canvas
that draws its cells from a picture not yet loaded; a board rebuilt for a new game that
misses its first click): a person who sees nothing happen clicks again. The batch's
clicks are pressed again, once, when nothing of it shows after :data:`REPRESS_PACE` times
the longest the page took to draw a batch over the run's last :data:`PACE_TURNS` turns
(the page's own pace, learned as it plays: a slow page or a loaded machine waits longer),
never sooner than :data:`REPRESS_MIN_S`. Only clicks that open are pressed again: a
second right click would take a flag off. Opening a cell already open does nothing, so a
press taken but not yet drawn comes to no harm.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from sweeper.coordinator.passing import Presses
from sweeper.recognizer import BoardGeometry

REPRESS_PACE = 4.0  # a batch nothing of which shows after this many times the longest a
# batch took to show lately was not taken: a page's draw times vary by 2-3 times from
# turn to turn under load ...
REPRESS_MIN_S = 0.5  # ... and never before this (a loaded machine's frame or two)
PACE_TURNS = 20  # the turns whose draw times set that pace
UNKNOWN_PACE_S = 3.0  # before any batch was seen drawn: the clicks' whole time to show


class Pace:
    """How long the page took to draw the run's recent batches, and from it how long an
    undrawn batch is waited for before it is pressed again."""

    def __init__(self) -> None:
        self._drawn_after: deque[float] = deque(maxlen=PACE_TURNS)

    def drawn(self, seconds: float) -> None:
        """A batch showed ``seconds`` after its clicks."""
        self._drawn_after.append(seconds)

    @property
    def repress_after_s(self) -> float:
        """How long a batch none of which shows is waited for before pressing it again."""
        if not self._drawn_after:
            return UNKNOWN_PACE_S
        return max(REPRESS_MIN_S, REPRESS_PACE * max(self._drawn_after))


@dataclass
class Unshown:
    """A batch just pressed (``presses``, decided on the look ``decided_on``, clicked at
    ``clicked_at``, a ``time.monotonic()``) while the page draws none of it;
    ``press_again`` presses its opening clicks again."""

    presses: Presses
    decided_on: npt.NDArray[np.uint8]
    clicked_at: float
    press_again: Callable[[], None] | None = None
    pressed_again: bool = False
    shown: bool = False
    last_undrawn: npt.NDArray[np.uint8] | None = None  # the last look found undrawn

    def undrawn(self, image: npt.NDArray[np.uint8], geometry: BoardGeometry,
                pace: Pace) -> bool:
        """Whether ``image`` shows none of the batch (the first look that shows some of
        it tells ``pace`` how long the page took). A look the same to the pixel as the
        last one found undrawn is that at once (a page that has not drawn the batch
        shows the same picture look after look: its face or clock changed once)."""
        if self.shown:
            return False
        last = self.last_undrawn
        if last is not None and np.array_equal(image, last):
            return True
        if self.presses.undrawn(self.decided_on, image, geometry):
            self.last_undrawn = image
            return True
        self.shown = True
        if not self.pressed_again:
            pace.drawn(time.monotonic() - self.clicked_at)
        return False

    def again_if_ignored(self, pace: Pace) -> bool:
        """Press the batch's opening clicks again if the page has shown none of it for
        longer than ``pace`` allows (once); whether it did."""
        if self.pressed_again or self.press_again is None or not self.presses.clicked or (
                time.monotonic() - self.clicked_at < pace.repress_after_s):
            return False
        self.pressed_again = True
        self.press_again()
        return True
