"""Starting a reader from the shipped tile sets: a head start, never a verdict.

A tile set is tried on cells about its own size and adopted when it reads a fair share
of the board (or always, when the caller named it); the reader learns the rest.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from sweeper.recognizer.geometry import BoardGeometry
from sweeper.recognizer.learned import LearnedSkin, from_tile_set
from sweeper.recognizer.skins import Skin

PRIOR_SIZE_TOLERANCE = 0.2  # a tile set is tried on cells this close to its tile size
MIN_PRIOR_SHARE = 0.3  # of the cells a tile set must read to be adopted


def adopt_priors(skin: LearnedSkin, priors: Sequence[Skin], vectors: npt.NDArray[np.float32],
                 geometry: BoardGeometry, adopt_all: bool) -> None:
    """Teach ``skin`` the tile sets of ``priors`` that read the board's cells (``vectors``)
    well (or all of them, with ``adopt_all``)."""
    for prior in priors:
        width, height = prior.size
        if not adopt_all and (
                abs(geometry.pitch_x / width - 1) > PRIOR_SIZE_TOLERANCE
                or abs(geometry.pitch_y / height - 1) > PRIOR_SIZE_TOLERANCE):
            continue
        candidate = from_tile_set(prior)
        share = float(candidate.match(vectors).confident.mean())
        if adopt_all or share >= MIN_PRIOR_SHARE:
            skin.adopt(candidate.templates)
            skin.name = prior.name if skin.name == "learned" else skin.name
