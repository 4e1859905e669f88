"""Screenshots of a region of an X display (mss), as RGB arrays and small PNG files."""

from __future__ import annotations

from pathlib import Path

import mss
import mss.tools
import numpy as np
import numpy.typing as npt

from sweeper.core import Rect


def grab(display: str, rect: Rect) -> npt.NDArray[np.uint8]:
    """The pixels of ``rect`` on ``display`` as an RGB array (height x width x 3)."""
    factory = getattr(mss, "MSS", None) or mss.mss  # mss >= 10.2 renamed the factory
    region = {"left": rect.left, "top": rect.top, "width": rect.width, "height": rect.height}
    with factory(display=display) as screen:
        shot = screen.grab(region)
        rgb = np.frombuffer(shot.rgb, dtype=np.uint8)
    return rgb.reshape(rect.height, rect.width, 3).copy()


def save_png(image: npt.NDArray[np.uint8], path: Path) -> None:
    """Write an RGB array as a compressed PNG."""
    path.parent.mkdir(parents=True, exist_ok=True)
    height, width = image.shape[:2]
    mss.tools.to_png(np.ascontiguousarray(image).tobytes(), (width, height), level=9,
                     output=str(path))
