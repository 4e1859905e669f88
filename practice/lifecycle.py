"""Things of the practice arena that start and stop: ``with`` runs them for a while, and
wait for what they started to show."""

from __future__ import annotations

import time
from collections.abc import Callable
from types import TracebackType
from typing import Any, Self, TypeVar

T = TypeVar("T")


class StartedInWith:
    """Mixin for things that ``start()`` and ``stop()``: ``with`` starts them and always
    stops them, also on an error or Ctrl-C."""

    def start(self) -> Any:
        raise NotImplementedError

    def stop(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> Self:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()


def wait_for(probe: Callable[[], T | None], what: str, timeout_s: float,
             poll_s: float = 0.03) -> T:
    """Poll ``probe`` until it returns something true; ``TimeoutError`` after ``timeout_s``."""
    deadline = time.monotonic() + timeout_s
    while True:
        value = probe()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out after {timeout_s:.0f} s waiting for {what}")
        time.sleep(poll_s)
