"""The garbage collector's pace for a process that plays game after game.

A simulating process keeps tens of thousands of long-lived objects (imported modules,
the analyzer's cache of counted components, the tile pictures), and Python's default
pace collects the young generation every 700 allocations and the whole heap often
enough that collecting took 7-8% of a simulated game's CPU time. Games make few
reference cycles (most objects are freed by their counts alone), so collecting less
often keeps memory flat; nothing a game decides depends on when the collector runs.
"""

from __future__ import annotations

import gc

YOUNG_COLLECTION_EVERY = 20_000  # allocations between young collections (default 700):
# a turn allocates a few hundred thousand objects, so this still collects many times a turn
OLDER_COLLECTION_EVERY = 20  # young (then middle) collections between older ones
# (default 10): the older generations hold the long-lived objects, slow to walk


def pace_collector() -> None:
    """Once per process: freeze what exists now (imports, set-up) out of the collector's
    walks and collect less often (see the module)."""
    if gc.get_threshold()[0] == YOUNG_COLLECTION_EVERY:
        return
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_COLLECTION_EVERY, OLDER_COLLECTION_EVERY, OLDER_COLLECTION_EVERY)
