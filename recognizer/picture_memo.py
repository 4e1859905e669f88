"""Answers about pictures, remembered by the pictures' digests.

A reading compares the same cells with the same templates again in each of its passes,
and the next reading of an unchanged board does so again. :class:`PictureMemo` keeps the
last answers of such a comparison, a pure function of its pictures, keyed by digests of
their pixels (never by the objects' identity, which Python reuses once one is freed).
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from sweeper.recognizer.image_io import Image

DIGEST_BYTES = 16  # a picture's digest (no two of a game's pictures share one)

Answer = TypeVar("Answer")


def digest(picture: Image) -> bytes:
    """A short digest of a picture's pixels and shape."""
    hashed = hashlib.blake2b(picture.tobytes(), digest_size=DIGEST_BYTES)
    hashed.update(repr(picture.shape).encode())
    return hashed.digest()


class PictureMemo(Generic[Answer]):
    """The last ``kept`` answers, by key (digests of the pictures asked about, and
    whatever else the answer depends on)."""

    def __init__(self, kept: int) -> None:
        self.kept = kept
        self._answers: OrderedDict[Hashable, Answer] = OrderedDict()

    def answer(self, key: Hashable, work: Callable[[], Answer]) -> Answer:
        """The answer remembered for ``key``, or ``work()``'s, then remembered."""
        if key not in self._answers:
            self._answers[key] = work()
            if len(self._answers) > self.kept:
                self._answers.popitem(last=False)
        return self._answers[key]
