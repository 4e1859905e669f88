"""The recognizer: finds the board in a screenshot and reads every cell and the game state.

Its public names are here: ``recognize`` and ``locate_and_read``, the ``BoardReader``
that learns a game's skin, what a reading returns (``Recognition``, ``BoardGeometry``),
the mine count a game shows (``read_mine_count``), the skins, and the errors. Other
packages import them from here, not from the modules.

Each is loaded from its module on first use: importing the package alone imports none of
them, nor OpenCV or numpy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sweeper.core import lazy_attributes

if TYPE_CHECKING:
    from sweeper.recognizer.api import locate_and_read, read_board, recognize
    from sweeper.recognizer.buttons import Button, find_buttons
    from sweeper.recognizer.capture import CaptureError
    from sweeper.recognizer.cli import add_commands
    from sweeper.recognizer.controls import find_new_game_control
    from sweeper.recognizer.end_message import end_told
    from sweeper.recognizer.faces import SEARCH_ROWS, find_yellow_face
    from sweeper.recognizer.geometry import BoardGeometry
    from sweeper.recognizer.image_io import Image, ImageError, load_image
    from sweeper.recognizer.locate import locate_boards
    from sweeper.recognizer.mine_counter import mine_count_area, read_mine_count
    from sweeper.recognizer.reader import BoardReader
    from sweeper.recognizer.recognition import Recognition, Status
    from sweeper.recognizer.skins import TILE_CODES, Skin, SkinError, available_skins, load_skin
    from sweeper.recognizer.steadiness import STEADY_SPAN_S

__all__ = [
    "SEARCH_ROWS",
    "STEADY_SPAN_S",
    "TILE_CODES",
    "BoardGeometry",
    "BoardReader",
    "Button",
    "CaptureError",
    "Image",
    "ImageError",
    "Recognition",
    "Skin",
    "SkinError",
    "Status",
    "add_commands",
    "available_skins",
    "end_told",
    "find_buttons",
    "find_new_game_control",
    "find_yellow_face",
    "load_image",
    "load_skin",
    "locate_and_read",
    "locate_boards",
    "mine_count_area",
    "read_board",
    "read_mine_count",
    "recognize",
]

# The module that defines each public name.
_HOME_OF = {
    "locate_and_read": "sweeper.recognizer.api",
    "read_board": "sweeper.recognizer.api",
    "recognize": "sweeper.recognizer.api",
    "Button": "sweeper.recognizer.buttons",
    "find_buttons": "sweeper.recognizer.buttons",
    "CaptureError": "sweeper.recognizer.capture",
    "add_commands": "sweeper.recognizer.cli",
    "find_new_game_control": "sweeper.recognizer.controls",
    "end_told": "sweeper.recognizer.end_message",
    "SEARCH_ROWS": "sweeper.recognizer.faces",
    "STEADY_SPAN_S": "sweeper.recognizer.steadiness",
    "find_yellow_face": "sweeper.recognizer.faces",
    "BoardGeometry": "sweeper.recognizer.geometry",
    "Image": "sweeper.recognizer.image_io",
    "ImageError": "sweeper.recognizer.image_io",
    "load_image": "sweeper.recognizer.image_io",
    "locate_boards": "sweeper.recognizer.locate",
    "mine_count_area": "sweeper.recognizer.mine_counter",
    "read_mine_count": "sweeper.recognizer.mine_counter",
    "BoardReader": "sweeper.recognizer.reader",
    "Recognition": "sweeper.recognizer.recognition",
    "Status": "sweeper.recognizer.recognition",
    "Skin": "sweeper.recognizer.skins",
    "SkinError": "sweeper.recognizer.skins",
    "available_skins": "sweeper.recognizer.skins",
    "load_skin": "sweeper.recognizer.skins",
    "TILE_CODES": "sweeper.recognizer.skins",
}


__getattr__ = lazy_attributes(__name__, _HOME_OF)
