"""Screenshot wire formats, both directions: PNG, and raw BGR bytes for speed.

Images are HxWx3 ``uint8`` arrays in BGR order, as OpenCV uses them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

import cv2
import numpy as np
import numpy.typing as npt

from sweeper.core import SweeperError

ImageFormat = Literal["png", "raw"]
Image = npt.NDArray[np.uint8]

PNG_MEDIA_TYPE = "image/png"
RAW_MEDIA_TYPE = "application/octet-stream"
WIDTH_HEADER = "X-Image-Width"
HEIGHT_HEADER = "X-Image-Height"
PIXEL_FORMAT_HEADER = "X-Pixel-Format"
RAW_PIXEL_FORMAT = "bgr24"

# Fast settings: light deflate, one cheap filter. Screens compress well even so.
_PNG_PARAMS = [
    cv2.IMWRITE_PNG_COMPRESSION, 1,
    cv2.IMWRITE_PNG_FILTER, cv2.IMWRITE_PNG_FILTER_UP,
]


class ImageDecodeError(SweeperError, ValueError):
    """Bytes that do not hold the image they claim to."""


def encode_png(image: Image) -> bytes:
    """PNG bytes of a BGR image."""
    ok, buffer = cv2.imencode(".png", image, _PNG_PARAMS)
    if not ok:
        raise ValueError(f"could not encode a {image.shape} image as PNG")
    return buffer.tobytes()


def decode_png(data: bytes) -> Image:
    """The BGR image held by PNG ``data``."""
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if image is None:
        raise ImageDecodeError(f"{len(data)} bytes are not a PNG image")
    return np.asarray(image, dtype=np.uint8)


def raw_headers(image: Image) -> dict[str, str]:
    """The headers that describe raw bytes of ``image``."""
    height, width = image.shape[:2]
    return {
        WIDTH_HEADER: str(width),
        HEIGHT_HEADER: str(height),
        PIXEL_FORMAT_HEADER: RAW_PIXEL_FORMAT,
    }


def decode_raw(data: bytes | bytearray, headers: Mapping[str, str]) -> Image:
    """The BGR image held by raw ``data`` described by ``headers`` (see ``raw_headers``)."""
    pixel_format = headers.get(PIXEL_FORMAT_HEADER)
    if pixel_format != RAW_PIXEL_FORMAT:
        raise ImageDecodeError(f"expected pixel format {RAW_PIXEL_FORMAT}, got {pixel_format!r}")
    try:
        width = int(headers[WIDTH_HEADER])
        height = int(headers[HEIGHT_HEADER])
    except (KeyError, ValueError) as error:
        raise ImageDecodeError(f"missing or bad image size header: {error}") from error
    if len(data) != width * height * 3:
        raise ImageDecodeError(
            f"{len(data)} bytes do not make a {width}x{height} bgr24 image"
        )
    return np.frombuffer(data, np.uint8).reshape(height, width, 3)
