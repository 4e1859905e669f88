"""The argparse types: what they take, and the one-line message for what they do not."""

from __future__ import annotations

import argparse
from collections.abc import Callable

import pytest

from sweeper.serving.arguments import port, whole_number


def _refusal(parse: Callable[[str], int], text: str) -> str:
    with pytest.raises(argparse.ArgumentTypeError) as refused:
        parse(text)
    return str(refused.value)


@pytest.mark.parametrize(("text", "value"), [("0", 0), ("8001", 8001), ("65535", 65535)])
def test_a_port_is_0_to_65535(text: str, value: int) -> None:
    assert port(text) == value


@pytest.mark.parametrize(("text", "message"), [
    ("65536", "a port is 0 to 65535, not 65536"), ("-1", "a port is 0 to 65535, not -1"),
    ("http", "expected a port number, not 'http'"),
])
def test_a_bad_port_says_why(text: str, message: str) -> None:
    assert _refusal(port, text) == message


def test_a_whole_number_keeps_to_its_bounds() -> None:
    cell_size = whole_number(8, 64)
    assert (cell_size("8"), cell_size("64")) == (8, 64)
    assert _refusal(cell_size, "7") == "must be 8 to 64, not 7"
    assert _refusal(cell_size, "2.5") == "expected a whole number, not '2.5'"
