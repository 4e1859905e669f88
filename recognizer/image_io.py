"""Turn whatever the caller has (a numpy array, PNG bytes, a file path) into a BGR image.

Images over :data:`MAX_IMAGE_PIXELS` are refused: an encoded image's size is read from
its header (Pillow, which reads no pixels) before anything is decoded, so a small file
claiming 60000x60000 pixels costs nothing.
"""

from __future__ import annotations

import io
import warnings
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt
from PIL import Image as PillowImage
from PIL import UnidentifiedImageError

from sweeper.core import SweeperError

Image = npt.NDArray[np.uint8]
ImageSource = Image | bytes | str | Path

MAX_IMAGE_PIXELS = 40_000_000  # an 8K screen (7680x4320) or three 4K monitors side by side
MAX_IMAGE_BYTES = 256 << 20  # an encoded image file; more is not a screenshot
MIN_IMAGE_SIDE = 8  # px: a smaller image holds no board (not even one cell of one)


def as_image(array: object) -> Image:
    """``array`` (e.g. an OpenCV result) typed as a uint8 image."""
    return np.asarray(array, dtype=np.uint8)


class ImageError(SweeperError, ValueError):
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
        return _read_file(Path(source))
    raise ImageError(f"cannot read an image from a {type(source).__name__}")


def _read_file(path: Path) -> Image:
    try:
        if path.is_dir():
            raise ImageError(f"{path}: a folder, not an image file")
        if not path.is_file():
            raise ImageError(f"{path}: no such image file")
        if path.stat().st_size > MAX_IMAGE_BYTES:
            raise ImageError(f"{path}: the file is over the limit of {MAX_IMAGE_BYTES} bytes")
        data = path.read_bytes()
    except OSError as error:
        raise ImageError(f"{path}: cannot read it ({error.strerror or error})") from None
    return _decode(data, str(path))


def _decode(data: bytes, where: str) -> Image:
    if len(data) > MAX_IMAGE_BYTES:
        raise ImageError(f"{where}: the image is over the limit of {MAX_IMAGE_BYTES} bytes")
    _check_header(data, where)
    buffer = np.frombuffer(data, dtype=np.uint8)
    try:
        image = cv2.imdecode(buffer, cv2.IMREAD_COLOR) if buffer.size else None
    except cv2.error as error:
        raise ImageError(f"{where}: the image cannot be decoded ({error.err})") from None
    if image is None:
        raise ImageError(f"{where}: not a readable PNG or JPEG image")
    return _as_bgr(image, where)


def _check_header(data: bytes, where: str) -> None:
    """Refuse an encoded image whose header claims too many pixels (nothing is decoded)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", PillowImage.DecompressionBombWarning)
            with PillowImage.open(io.BytesIO(data)) as header:
                width, height = header.size
    except PillowImage.DecompressionBombError as error:  # far over our limit too
        raise ImageError(
            f"{where}: the image is over the limit of {MAX_IMAGE_PIXELS} pixels ({error})"
        ) from None
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError):
        return  # not an image Pillow knows: OpenCV decides below
    _check_pixels(width, height, where)


def _check_pixels(width: int, height: int, where: str) -> None:
    if width * height > MAX_IMAGE_PIXELS:
        raise ImageError(
            f"{where}: the image is {width}x{height} pixels, over the limit of "
            f"{MAX_IMAGE_PIXELS} pixels"
        )


def _as_bgr(array: npt.NDArray[np.generic], where: str) -> Image:
    if array.ndim >= 2:
        _check_pixels(int(array.shape[1]), int(array.shape[0]), where)
    if array.dtype != np.uint8:
        raise ImageError(f"{where}: expected uint8 pixels, got {array.dtype}")
    if array.ndim == 2:
        array = as_image(cv2.cvtColor(as_image(array), cv2.COLOR_GRAY2BGR))
    elif array.ndim == 3 and array.shape[2] == 4:
        array = array[:, :, :3]
    elif array.ndim != 3 or array.shape[2] != 3:
        raise ImageError(f"{where}: expected an HxWx3 BGR image, got shape {array.shape}")
    if array.shape[0] < MIN_IMAGE_SIDE or array.shape[1] < MIN_IMAGE_SIDE:
        raise ImageError(f"{where}: the image is too small ({array.shape[1]}x{array.shape[0]})")
    return np.ascontiguousarray(as_image(array))
