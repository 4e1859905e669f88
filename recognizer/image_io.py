"""Turn whatever the caller has (a numpy array, PNG bytes, a file path) into a BGR image."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

Image = npt.NDArray[np.uint8]
ImageSource = Image | bytes | str | Path


def as_image(array: object) -> Image:
    """``array`` (e.g. an OpenCV result) typed as a uint8 image."""
    return np.asarray(array, dtype=np.uint8)


class ImageError(ValueError):
    """An input that is not a usable image; the message says what is wrong with it."""


def load_image(source: ImageSource) -> Image:
    """A contiguous ``HxWx3`` uint8 BGR array from an array, PNG/JPEG bytes or a file path.

    Grey (``HxW``) and BGRA (``HxWx4``, as mss returns) arrays are converted.
    """
    if isinstance(source, np.ndarray):
        return _as_bgr(source, "the image array")
    if isinstance(source, bytes | bytearray):
        return _decode(bytes(source), "the image bytes")
    if isinstance(source, str | Path):
        path = Path(source)
        if not path.is_file():
            raise ImageError(f"{path}: no such image file")
        return _decode(path.read_bytes(), str(path))
    raise ImageError(f"cannot read an image from a {type(source).__name__}")


def _decode(data: bytes, where: str) -> Image:
    buffer = np.frombuffer(data, dtype=np.uint8)
    image = cv2.imdecode(buffer, cv2.IMREAD_COLOR) if buffer.size else None
    if image is None:
        raise ImageError(f"{where}: not a readable PNG or JPEG image")
    return _as_bgr(image, where)


def _as_bgr(array: npt.NDArray[np.generic], where: str) -> Image:
    if array.dtype != np.uint8:
        raise ImageError(f"{where}: expected uint8 pixels, got {array.dtype}")
    if array.ndim == 2:
        array = as_image(cv2.cvtColor(as_image(array), cv2.COLOR_GRAY2BGR))
    elif array.ndim == 3 and array.shape[2] == 4:
        array = array[:, :, :3]
    elif array.ndim != 3 or array.shape[2] != 3:
        raise ImageError(f"{where}: expected an HxWx3 BGR image, got shape {array.shape}")
    if array.shape[0] < 8 or array.shape[1] < 8:
        raise ImageError(f"{where}: the image is too small ({array.shape[1]}x{array.shape[0]})")
    return np.ascontiguousarray(as_image(array))
