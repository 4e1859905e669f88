"""Public names of a package, each imported from its module on first use.

Every sweeper package (this core too) names its API in its ``__init__`` (``__all__``) and says where
each name lives; :func:`lazy_attributes` gives it the module ``__getattr__`` that loads a
name from there when it is first asked for, so importing a package alone stays cheap.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["lazy_attributes"]


def lazy_attributes(package: str, home_of: Mapping[str, str]) -> Callable[[str], Any]:
    """A ``__getattr__`` for ``package`` that imports each name from ``home_of[name]``."""

    def load(name: str) -> Any:
        home = home_of.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(home), name)

    return load
