"""Things of the practice arena that start and stop: ``with`` runs them for a while."""

from __future__ import annotations

from types import TracebackType
from typing import Any, Self


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
