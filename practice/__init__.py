"""The practice arena: the bundled browser game and the virtual desktop that shows it.

Its public names are here: the virtual display and desktop, winemine, the real sites,
its commands (``demo``, ``desktop``) and the errors. It stands on the product (the
coordinator plays the demo); nothing of the product imports it but the command line's
composition root, :mod:`sweeper.cli`. Benchmarks and tests import its names from here,
not from the modules.

Each is loaded from its module on first use: importing the package alone imports none of
them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sweeper.core import lazy_attributes

if TYPE_CHECKING:
    from sweeper.practice.cdp import DIALOG_CLOSED, DIALOG_OPENING, CdpError
    from sweeper.practice.chromium import headless_page
    from sweeper.practice.cli import add_commands
    from sweeper.practice.demo import CLOCK_SEEDED_PAUSE_S
    from sweeper.practice.desktop import VirtualDesktop
    from sweeper.practice.display import MissingProgramError, VirtualDisplay
    from sweeper.practice.freesweep import Freesweep, FreesweepTruth
    from sweeper.practice.gamepage import GamePage
    from sweeper.practice.presses import miscounted_numbers, presses_to_win, three_bv
    from sweeper.practice.screenshot import grab, save_png
    from sweeper.practice.sites import (
        CATALOG,
        Site,
        SiteDesktop,
        SiteError,
        Truth,
        add_site_arguments,
        chosen_sites,
        load_catalog,
    )
    from sweeper.practice.winemine import Winemine
    from sweeper.practice.winemine_oracle import OracleError
    from sweeper.practice.xbomb import Xbomb, XbombTruth

__all__ = [
    "CATALOG",
    "CLOCK_SEEDED_PAUSE_S",
    "DIALOG_CLOSED",
    "DIALOG_OPENING",
    "CdpError",
    "Freesweep",
    "FreesweepTruth",
    "GamePage",
    "MissingProgramError",
    "OracleError",
    "Site",
    "SiteDesktop",
    "SiteError",
    "Truth",
    "VirtualDesktop",
    "VirtualDisplay",
    "Winemine",
    "Xbomb",
    "XbombTruth",
    "add_commands",
    "add_site_arguments",
    "chosen_sites",
    "grab",
    "headless_page",
    "load_catalog",
    "miscounted_numbers",
    "presses_to_win",
    "save_png",
    "three_bv",
]

# The module that defines each public name.
_HOME_OF = {
    "CdpError": "sweeper.practice.cdp",
    "DIALOG_CLOSED": "sweeper.practice.cdp",
    "DIALOG_OPENING": "sweeper.practice.cdp",
    "headless_page": "sweeper.practice.chromium",
    "add_commands": "sweeper.practice.cli",
    "CLOCK_SEEDED_PAUSE_S": "sweeper.practice.demo",
    "VirtualDesktop": "sweeper.practice.desktop",
    "MissingProgramError": "sweeper.practice.display",
    "VirtualDisplay": "sweeper.practice.display",
    "GamePage": "sweeper.practice.gamepage",
    "miscounted_numbers": "sweeper.practice.presses",
    "presses_to_win": "sweeper.practice.presses",
    "three_bv": "sweeper.practice.presses",
    "grab": "sweeper.practice.screenshot",
    "save_png": "sweeper.practice.screenshot",
    "CATALOG": "sweeper.practice.sites",
    "Site": "sweeper.practice.sites",
    "SiteDesktop": "sweeper.practice.sites",
    "SiteError": "sweeper.practice.sites",
    "Truth": "sweeper.practice.sites",
    "load_catalog": "sweeper.practice.sites",
    "add_site_arguments": "sweeper.practice.sites",
    "chosen_sites": "sweeper.practice.sites",
    "Winemine": "sweeper.practice.winemine",
    "OracleError": "sweeper.practice.winemine_oracle",
    "Freesweep": "sweeper.practice.freesweep",
    "FreesweepTruth": "sweeper.practice.freesweep",
    "Xbomb": "sweeper.practice.xbomb",
    "XbombTruth": "sweeper.practice.xbomb",
}


__getattr__ = lazy_attributes(__name__, _HOME_OF)
