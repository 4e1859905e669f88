"""The play loop's logger: the lines ``sweeper play -v`` writes (one per turn, and why a
look was waited for or given up on)."""

from __future__ import annotations

import logging

PLAY_LOGGER = "sweeper.play"
log = logging.getLogger(PLAY_LOGGER)
