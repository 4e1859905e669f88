"""Screenshot wire formats: lossless both ways, clear errors on bad bytes."""

from __future__ import annotations

import numpy as np
import pytest

from sweeper.effector.encoding import (
    HEIGHT_HEADER,
    PIXEL_FORMAT_HEADER,
    WIDTH_HEADER,
    ImageDecodeError,
    decode_png,
    decode_raw,
    encode_png,
    raw_headers,
)

IMAGE = np.random.default_rng(3).integers(0, 256, (37, 53, 3), np.uint8)


def test_png_round_trip_is_exact() -> None:
    data = encode_png(IMAGE)

    assert data.startswith(b"\x89PNG")
    assert np.array_equal(decode_png(data), IMAGE)


def test_raw_round_trip_is_exact() -> None:
    headers = raw_headers(IMAGE)

    assert headers[WIDTH_HEADER] == "53" and headers[HEIGHT_HEADER] == "37"
    assert np.array_equal(decode_raw(bytearray(IMAGE.tobytes()), headers), IMAGE)


def test_not_a_png_is_reported() -> None:
    with pytest.raises(ImageDecodeError, match="4 bytes are not a PNG"):
        decode_png(b"GIF8")


@pytest.mark.parametrize(("headers", "message"), [
    ({WIDTH_HEADER: "53", HEIGHT_HEADER: "36", PIXEL_FORMAT_HEADER: "bgr24"}, "do not make"),
    ({WIDTH_HEADER: "53", PIXEL_FORMAT_HEADER: "bgr24"}, "size header"),
    ({WIDTH_HEADER: "53", HEIGHT_HEADER: "37", PIXEL_FORMAT_HEADER: "rgba"}, "pixel format"),
])
def test_raw_with_wrong_headers_is_reported(headers: dict[str, str], message: str) -> None:
    with pytest.raises(ImageDecodeError, match=message):
        decode_raw(IMAGE.tobytes(), headers)
