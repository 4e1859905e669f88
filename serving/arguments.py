"""argparse types for sweeper's command lines: a port to listen on, a bearer token, and
bounded counts.

Plain ``argparse`` only, so a command line that uses them starts fast.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

__all__ = ["folder", "port", "token", "whole_number"]


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be {low} to {high}, not {value}")
        return value

    return parse


def port(text: str) -> int:
    """An argparse type: a TCP port number, 0 (any free port) to 65535."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a port number, not {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, not {value}")
    return value


def token(text: str) -> str:
    """An argparse type: a bearer token, printable ASCII without spaces (it travels in an
    HTTP header)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("the token must not be empty")
    if not (text.isascii() and text.isprintable()) or " " in text:
        raise argparse.ArgumentTypeError(
            "the token must be printable ASCII without spaces (it is sent in an HTTP header)")
    return text


def folder(text: str) -> Path:
    """An argparse type: a folder to write in, named (an empty name would mean the current
    folder without saying so)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("the folder's name must not be empty")
    return Path(text)
