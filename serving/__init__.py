"""What sweeper's HTTP services (the analyzer's and the effector's) share, and nothing about
screens or Minesweeper. One module per job:

- :mod:`serving.auth`: who may call a service (loopback by default, a token for wider);
- :mod:`serving.admission`: how much work a service takes at once, and 503 past that;
- :mod:`serving.body_limit`: how large a request body may be, and 413 past that;
- :mod:`serving.arguments`: the argparse types of their command lines (ports, counts).

Each public name is also here, loaded from its module on first use: importing the package
alone imports none of them, nor Starlette, and :mod:`serving.arguments` needs
only argparse, so a command line that uses it starts fast.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from serving.admission import (
        Admission,
        NotFinishedError,
        NotStartedError,
        OverloadedError,
        RefuseWhenFullMiddleware,
    )
    from serving.arguments import port, whole_number
    from serving.auth import BearerTokenMiddleware, bind_refusal, is_loopback
    from serving.body_limit import BodySizeLimitMiddleware

__all__ = [
    "Admission",
    "BearerTokenMiddleware",
    "BodySizeLimitMiddleware",
    "NotFinishedError",
    "NotStartedError",
    "OverloadedError",
    "RefuseWhenFullMiddleware",
    "bind_refusal",
    "is_loopback",
    "port",
    "whole_number",
]

# The module that defines each public name (each module's own ``__all__`` lists them).
_HOME_OF = {
    "Admission": "serving.admission",
    "NotFinishedError": "serving.admission",
    "NotStartedError": "serving.admission",
    "OverloadedError": "serving.admission",
    "RefuseWhenFullMiddleware": "serving.admission",
    "port": "serving.arguments",
    "whole_number": "serving.arguments",
    "BearerTokenMiddleware": "serving.auth",
    "bind_refusal": "serving.auth",
    "is_loopback": "serving.auth",
    "BodySizeLimitMiddleware": "serving.body_limit",
}


def __getattr__(name: str) -> Any:
    """A public name, imported from its module the first time it is asked for."""
    home = _HOME_OF.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)
