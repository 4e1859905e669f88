"""Which cells have held their picture long enough to be learned from.

In play a screenshot may catch a tile half drawn or fading in (a number appearing over
0.3 s); its picture must not be learned. A cell may teach once it has held one picture,
however slowly it drifts, for ``STEADY_SPAN_S`` over the readings of one lattice.
"""

from __future__ import annotations

import time

import numpy as np
import numpy.typing as npt

from sweeper.recognizer.geometry import BoardGeometry

STEADY_CHANGE = 4.0  # a cell that changed less since the last reading shows one picture
STEADY_SPAN_S = 0.15  # ... held this long at least: two readings a few ms apart both catch
# a tile fading in (a number appearing over 0.3 s), whose picture must not be learned


class Steadiness:
    """Per cell of the lattice last read, the picture it has held and since when."""

    def __init__(self) -> None:
        self._held: tuple[BoardGeometry, npt.NDArray[np.float32],
                          npt.NDArray[np.float64]] | None = None

    def steady(self, geometry: BoardGeometry, vectors: npt.NDArray[np.float32],
               changed: npt.NDArray[np.intp] | None = None) -> npt.NDArray[np.bool_]:
        """Which cells have held their picture (within ``STEADY_CHANGE`` of it, however
        slowly it drifts) for ``STEADY_SPAN_S`` over the readings of this lattice.

        ``changed``: the cells whose vectors may differ from those of the previous call
        (None: any). Only they are compared: a cell whose vector is the same as then is
        as far from its held picture as it was, which did not move it then (or it was
        held anew)."""
        now = time.monotonic()
        if self._held is None or self._held[0] != geometry:
            self._held = geometry, vectors.copy(), np.full(vectors.shape[0], now)
            return np.zeros(vectors.shape[0], dtype=np.bool_)
        _, pictures, since = self._held
        if changed is None:
            changed = np.arange(vectors.shape[0])
        if changed.size:
            change = np.sqrt(((vectors[changed] - pictures[changed]) ** 2).mean(axis=1))
            moved = changed[change > STEADY_CHANGE]
            pictures[moved] = vectors[moved]
            since[moved] = now
        return np.asarray(now - since >= STEADY_SPAN_S)
