"""The practice target: the bundled browser game and the virtual desktop that shows it.

Its public names are here: the virtual display and desktop, the in-process game engine,
the simulated screen, winemine, the real sites, and the errors. Other packages import them
from here, not from the modules.

Each is loaded from its module on first use: importing the package alone imports none of
them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sweeper.core import lazy_attributes

if TYPE_CHECKING:
    from sweeper.practice.cdp import CdpError
    from sweeper.practice.desktop import VirtualDesktop
    from sweeper.practice.display import MissingProgramError, VirtualDisplay
    from sweeper.practice.engine import Game, GameError
    from sweeper.practice.gamepage import GamePage
    from sweeper.practice.processes import start_group, stop_group
    from sweeper.practice.screenshot import grab, save_png
    from sweeper.practice.simulated_screen import SimulatedScreen
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
    from sweeper.practice.winemine import OracleError, Winemine

__all__ = [
    "CATALOG",
    "CdpError",
    "Game",
    "GameError",
    "GamePage",
    "MissingProgramError",
    "OracleError",
    "SimulatedScreen",
    "Site",
    "SiteDesktop",
    "SiteError",
    "Truth",
    "VirtualDesktop",
    "VirtualDisplay",
    "Winemine",
    "add_site_arguments",
    "chosen_sites",
    "grab",
    "load_catalog",
    "save_png",
    "start_group",
    "stop_group",
]

# The module that defines each public name.
_HOME_OF = {
    "CdpError": "sweeper.practice.cdp",
    "VirtualDesktop": "sweeper.practice.desktop",
    "MissingProgramError": "sweeper.practice.display",
    "VirtualDisplay": "sweeper.practice.display",
    "Game": "sweeper.practice.engine",
    "GameError": "sweeper.practice.engine",
    "GamePage": "sweeper.practice.gamepage",
    "start_group": "sweeper.practice.processes",
    "stop_group": "sweeper.practice.processes",
    "grab": "sweeper.practice.screenshot",
    "save_png": "sweeper.practice.screenshot",
    "SimulatedScreen": "sweeper.practice.simulated_screen",
    "CATALOG": "sweeper.practice.sites",
    "Site": "sweeper.practice.sites",
    "SiteDesktop": "sweeper.practice.sites",
    "SiteError": "sweeper.practice.sites",
    "Truth": "sweeper.practice.sites",
    "load_catalog": "sweeper.practice.sites",
    "add_site_arguments": "sweeper.practice.sites",
    "chosen_sites": "sweeper.practice.sites",
    "OracleError": "sweeper.practice.winemine",
    "Winemine": "sweeper.practice.winemine",
}


__getattr__ = lazy_attributes(__name__, _HOME_OF)
