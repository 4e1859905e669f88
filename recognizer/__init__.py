"""The recognizer: finds the board in a screenshot and reads every cell and the game state.

Its public names are here: ``recognize`` and ``locate_and_read``, the ``BoardReader``
that learns a game's skin, what a reading returns (``Recognition``, ``BoardGeometry``),
the skins, and the errors. Other packages import them from here, not from the modules.

Each is loaded from its module on first use: importing the package alone imports none of
them, nor OpenCV or numpy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from serving import lazy_attributes

if TYPE_CHECKING:
    from recognizer.api import locate_and_read, read_board, recognize
    from recognizer.buttons import find_buttons
    from recognizer.capture import CaptureError
    from recognizer.faces import SEARCH_ROWS, find_yellow_face
    from recognizer.geometry import BoardGeometry, Box
    from recognizer.image_io import Image, ImageError, load_image
    from recognizer.locate import locate_boards
    from recognizer.reader import BoardReader
    from recognizer.recognition import Recognition, Status
    from recognizer.skins import TILE_CODES, Skin, SkinError, available_skins, load_skin

__all__ = [
    "SEARCH_ROWS",
    "TILE_CODES",
    "BoardGeometry",
    "BoardReader",
    "Box",
    "CaptureError",
    "Image",
    "ImageError",
    "Recognition",
    "Skin",
    "SkinError",
    "Status",
    "available_skins",
    "find_buttons",
    "find_yellow_face",
    "load_image",
    "load_skin",
    "locate_and_read",
    "locate_boards",
    "read_board",
    "recognize",
]

# The module that defines each public name.
_HOME_OF = {
    "locate_and_read": "recognizer.api",
    "read_board": "recognizer.api",
    "recognize": "recognizer.api",
    "find_buttons": "recognizer.buttons",
    "CaptureError": "recognizer.capture",
    "SEARCH_ROWS": "recognizer.faces",
    "find_yellow_face": "recognizer.faces",
    "BoardGeometry": "recognizer.geometry",
    "Box": "recognizer.geometry",
    "Image": "recognizer.image_io",
    "ImageError": "recognizer.image_io",
    "load_image": "recognizer.image_io",
    "locate_boards": "recognizer.locate",
    "BoardReader": "recognizer.reader",
    "Recognition": "recognizer.recognition",
    "Status": "recognizer.recognition",
    "Skin": "recognizer.skins",
    "SkinError": "recognizer.skins",
    "available_skins": "recognizer.skins",
    "load_skin": "recognizer.skins",
    "TILE_CODES": "recognizer.skins",
}


__getattr__ = lazy_attributes(__name__, _HOME_OF)
