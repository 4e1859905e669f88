"""Reading a process's memory through /proc, as the winemine and xbomb oracles do."""

from __future__ import annotations

import ctypes
import os

import pytest

from sweeper.core import SweeperError
from sweeper.practice.process_memory import read_memory


class ReadError(SweeperError, RuntimeError):
    """The error a caller asks for."""


def test_reads_the_bytes_at_an_address_of_a_process() -> None:
    text = b"the board in memory"
    buffer = ctypes.create_string_buffer(text)
    read = read_memory(os.getpid(), ctypes.addressof(buffer), len(text), needs="nothing",
                       error=ReadError)
    assert read == text


def test_a_process_that_is_not_there_raises_the_callers_error() -> None:
    missing = 2**22 + 1  # above the kernel's largest pid
    with pytest.raises(ReadError, match=f"cannot read process {missing}'s memory"):
        read_memory(missing, 0, 8, needs="nothing", error=ReadError)


def test_an_address_with_nothing_mapped_raises_the_callers_error() -> None:
    with pytest.raises(ReadError, match="memory"):
        read_memory(os.getpid(), 0, 8, needs="nothing", error=ReadError)
