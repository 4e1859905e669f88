"""The effector: screenshots and mouse over HTTP. It knows nothing about Minesweeper.

Its public names are here: the client, the actions it sends, the screen it describes,
its in-memory back ends for tests, and its errors. Other packages import them from here,
not from the modules.

Each is loaded from its module on first use: importing the package alone imports none of
them, nor pydantic, httpx or mss.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sweeper.core import lazy_attributes

if TYPE_CHECKING:
    from sweeper.effector.actions import (
        Action,
        ActionBatch,
        AllowedKey,
        BatchResult,
        Button,
        ClickAction,
        InvalidBatchError,
        KeyAction,
        MoveAction,
        PauseAction,
        validate_batch,
    )
    from sweeper.effector.capture import ScreenCapture
    from sweeper.effector.cli import add_commands
    from sweeper.effector.client import EffectorClient
    from sweeper.effector.defaults import DEFAULT_HOST, DEFAULT_PORT, TOKEN_ENV
    from sweeper.effector.encoding import ImageDecodeError
    from sweeper.effector.errors import (
        REFUSED_STATUS,
        BatchAbortedError,
        CaptureFailedError,
        DisplayUnavailableError,
        EffectorError,
        FailSafeTriggeredError,
        InputFailedError,
        InvalidRegionError,
    )
    from sweeper.effector.local import LocalEffector
    from sweeper.effector.screen_info import ScreenInfo
    from sweeper.effector.service import create_app
    from sweeper.effector.testing import ImageScreen, RecordingDevice, without_waiting

__all__ = [
    "DEFAULT_HOST",
    "DEFAULT_PORT",
    "REFUSED_STATUS",
    "TOKEN_ENV",
    "Action",
    "ActionBatch",
    "AllowedKey",
    "BatchAbortedError",
    "BatchResult",
    "Button",
    "CaptureFailedError",
    "ClickAction",
    "DisplayUnavailableError",
    "EffectorClient",
    "EffectorError",
    "FailSafeTriggeredError",
    "ImageDecodeError",
    "ImageScreen",
    "InputFailedError",
    "InvalidBatchError",
    "InvalidRegionError",
    "KeyAction",
    "LocalEffector",
    "MoveAction",
    "PauseAction",
    "RecordingDevice",
    "ScreenCapture",
    "ScreenInfo",
    "add_commands",
    "create_app",
    "validate_batch",
    "without_waiting",
]

# The module that defines each public name.
_HOME_OF = {
    "Action": "sweeper.effector.actions",
    "ActionBatch": "sweeper.effector.actions",
    "AllowedKey": "sweeper.effector.actions",
    "BatchResult": "sweeper.effector.actions",
    "Button": "sweeper.effector.actions",
    "ClickAction": "sweeper.effector.actions",
    "InvalidBatchError": "sweeper.effector.actions",
    "KeyAction": "sweeper.effector.actions",
    "MoveAction": "sweeper.effector.actions",
    "PauseAction": "sweeper.effector.actions",
    "validate_batch": "sweeper.effector.actions",
    "ScreenCapture": "sweeper.effector.capture",
    "add_commands": "sweeper.effector.cli",
    "EffectorClient": "sweeper.effector.client",
    "DEFAULT_HOST": "sweeper.effector.defaults",
    "DEFAULT_PORT": "sweeper.effector.defaults",
    "TOKEN_ENV": "sweeper.effector.defaults",
    "ImageDecodeError": "sweeper.effector.encoding",
    "BatchAbortedError": "sweeper.effector.errors",
    "CaptureFailedError": "sweeper.effector.errors",
    "DisplayUnavailableError": "sweeper.effector.errors",
    "EffectorError": "sweeper.effector.errors",
    "FailSafeTriggeredError": "sweeper.effector.errors",
    "InputFailedError": "sweeper.effector.errors",
    "ScreenInfo": "sweeper.effector.screen_info",
    "InvalidRegionError": "sweeper.effector.errors",
    "REFUSED_STATUS": "sweeper.effector.errors",
    "LocalEffector": "sweeper.effector.local",
    "create_app": "sweeper.effector.service",
    "ImageScreen": "sweeper.effector.testing",
    "RecordingDevice": "sweeper.effector.testing",
    "without_waiting": "sweeper.effector.testing",
}


__getattr__ = lazy_attributes(__name__, _HOME_OF)
