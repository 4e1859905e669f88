"""Reading another process's memory through ``/proc`` (the truth oracles of winemine and
xbomb: tests and corpus recording only)."""

from __future__ import annotations

from sweeper.core import SweeperError


def read_memory(pid: int, address: int, size: int, *, needs: str,
                error: type[SweeperError]) -> bytes:
    """``size`` bytes at ``address`` of process ``pid``; any failure raises ``error``
    (a refused read says what the reader ``needs``: the rights that allow it)."""
    try:
        with open(f"/proc/{pid}/mem", "rb", buffering=0) as memory:
            memory.seek(address)
            data = memory.read(size)
    except PermissionError as refused:
        raise error(f"no permission to read process {pid}'s memory: {needs}") from refused
    except OSError as failed:
        raise error(f"cannot read process {pid}'s memory: {failed}") from failed
    if len(data) != size:
        raise error(f"short read of process {pid}'s memory")
    return data
