"""The practice target: the bundled browser game and the virtual desktop that shows it.

Its public names are here: the virtual display and desktop, the in-process game engine,
the simulated screen, winemine, the real sites, and the errors. Other packages import them
from here, not from the modules.

Each is loaded from its module on first use: importing the package alone imports none of
them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from serving import lazy_attributes

if TYPE_CHECKING:
    from practice.cdp import CdpError
    from practice.desktop import VirtualDesktop
    from practice.display import MissingProgramError, VirtualDisplay
    from practice.engine import Game, GameError
    from practice.gamepage import GamePage
    from practice.processes import start_group, stop_group
    from practice.screenshot import grab, save_png
    from practice.simulated_screen import SimulatedScreen
    from practice.sites import (
        CATALOG,
        Site,
        SiteDesktop,
        SiteError,
        Truth,
        add_site_arguments,
        chosen_sites,
        load_catalog,
    )
    from practice.winemine import OracleError, Winemine

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
    "CdpError": "practice.cdp",
    "VirtualDesktop": "practice.desktop",
    "MissingProgramError": "practice.display",
    "VirtualDisplay": "practice.display",
    "Game": "practice.engine",
    "GameError": "practice.engine",
    "GamePage": "practice.gamepage",
    "start_group": "practice.processes",
    "stop_group": "practice.processes",
    "grab": "practice.screenshot",
    "save_png": "practice.screenshot",
    "SimulatedScreen": "practice.simulated_screen",
    "CATALOG": "practice.sites",
    "Site": "practice.sites",
    "SiteDesktop": "practice.sites",
    "SiteError": "practice.sites",
    "Truth": "practice.sites",
    "load_catalog": "practice.sites",
    "add_site_arguments": "practice.sites",
    "chosen_sites": "practice.sites",
    "OracleError": "practice.winemine",
    "Winemine": "practice.winemine",
}


__getattr__ = lazy_attributes(__name__, _HOME_OF)
