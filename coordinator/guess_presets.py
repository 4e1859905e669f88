"""Named settings of the analyzer's guessing policy, for ``sweeper simulate --policy/--compare``.

Each name stands for one :class:`~sweeper.analyzer.GuessOptions`; a game's line in a
results file (``--out``) names the preset it was played with, so a name must keep its
meaning once results exist under it: add a new name rather than change one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sweeper.analyzer import GuessOptions

DEFAULT_PRESET = "default"

PRESET_HELP = {
    "default": "the analyzer's own: look-ahead over cells within 0.10 of the safest "
               "(8 next to a number, 3 elsewhere)",
    "safest": "no look-ahead: the safest cell, likeliest 0 first "
              "(isolated regions and the exact endgame stay)",
    "wide": "look-ahead over cells within 0.20 of the safest (12 next to a number, 5 elsewhere)",
}


def preset_names() -> tuple[str, ...]:
    """Every preset's name, the default first."""
    return tuple(PRESET_HELP)


def guess_options(name: str) -> GuessOptions:
    """The options of preset ``name`` (raise ValueError naming the known ones)."""
    from sweeper.analyzer import GuessOptions

    presets = {
        "default": GuessOptions(),
        "safest": GuessOptions(lookahead=False),
        "wide": GuessOptions(candidate_margin=0.20, max_frontier_candidates=12,
                             max_off_frontier_candidates=5),
    }
    if name not in presets:
        raise ValueError(f"unknown policy preset {name!r}: expected one of "
                         f"{', '.join(preset_names())}")
    return presets[name]
