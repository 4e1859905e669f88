"""The effector: screenshots and mouse over HTTP. It knows nothing about Minesweeper.

Its public names are here: the client, the actions it sends, the rectangles it speaks in,
its in-memory back ends for tests, and its errors. Other packages import them from here,
not from the modules.

Each is loaded from its module on first use: importing the package alone imports none of
them, nor pydantic, httpx or mss.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from serving import lazy_attributes

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8002
# Environment variable holding the bearer token, read by the server and the client.
TOKEN_ENV = "SWEEPER_EFFECTOR_TOKEN"

if TYPE_CHECKING:
    from effector.actions import (
        Action,
        ActionBatch,
        BatchResult,
        Button,
        ClickAction,
        InvalidBatchError,
        KeyAction,
        MoveAction,
        PauseAction,
        validate_batch,
    )
    from effector.capture import ScreenCapture
    from effector.client import EffectorClient
    from effector.encoding import ImageDecodeError
    from effector.errors import (
        BatchAbortedError,
        CaptureFailedError,
        DisplayUnavailableError,
        EffectorError,
        FailSafeTriggeredError,
        InputFailedError,
    )
    from effector.geometry import Rect, ScreenInfo
    from effector.service import InvalidRegionError, create_app
    from effector.testing import ImageScreen, RecordingDevice, without_waiting

__all__ = [
    "DEFAULT_HOST",
    "DEFAULT_PORT",
    "TOKEN_ENV",
    "Action",
    "ActionBatch",
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
    "MoveAction",
    "PauseAction",
    "RecordingDevice",
    "Rect",
    "ScreenCapture",
    "ScreenInfo",
    "create_app",
    "validate_batch",
    "without_waiting",
]

# The module that defines each public name.
_HOME_OF = {
    "Action": "effector.actions",
    "ActionBatch": "effector.actions",
    "BatchResult": "effector.actions",
    "Button": "effector.actions",
    "ClickAction": "effector.actions",
    "InvalidBatchError": "effector.actions",
    "KeyAction": "effector.actions",
    "MoveAction": "effector.actions",
    "PauseAction": "effector.actions",
    "validate_batch": "effector.actions",
    "ScreenCapture": "effector.capture",
    "EffectorClient": "effector.client",
    "ImageDecodeError": "effector.encoding",
    "BatchAbortedError": "effector.errors",
    "CaptureFailedError": "effector.errors",
    "DisplayUnavailableError": "effector.errors",
    "EffectorError": "effector.errors",
    "FailSafeTriggeredError": "effector.errors",
    "InputFailedError": "effector.errors",
    "Rect": "effector.geometry",
    "ScreenInfo": "effector.geometry",
    "InvalidRegionError": "effector.service",
    "create_app": "effector.service",
    "ImageScreen": "effector.testing",
    "RecordingDevice": "effector.testing",
    "without_waiting": "effector.testing",
}


__getattr__ = lazy_attributes(__name__, _HOME_OF)
