"""A service's socket is bound before the server starts: a port in use is one line."""

from __future__ import annotations

import socket
import subprocess
import sys
from collections.abc import Iterator

import pytest

from sweeper.serving.listen import ListenError, listening_socket


@pytest.fixture
def taken_port() -> Iterator[int]:
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        yield int(holder.getsockname()[1])


def test_a_free_port_is_bound(taken_port: int) -> None:
    listener = listening_socket("127.0.0.1", 0)
    try:
        assert listener.getsockname()[1] not in (0, taken_port)
    finally:
        listener.close()


def test_a_port_in_use_names_the_address(taken_port: int) -> None:
    with pytest.raises(ListenError, match=f"cannot listen on 127.0.0.1:{taken_port}: "
                       "address already in use"):
        listening_socket("127.0.0.1", taken_port)


def test_an_unknown_host_is_named() -> None:
    with pytest.raises(ListenError, match=r"cannot listen on no-such-host\.invalid:80"):
        listening_socket("no-such-host.invalid", 80)


@pytest.mark.parametrize("service", ["analyzer", "effector"])
def test_serving_on_a_port_in_use_is_one_line_and_exit_2(service: str, taken_port: int) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "sweeper", "serve", service, "--port", str(taken_port)],
        capture_output=True, text=True, check=False, timeout=60,
    )
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith(f"sweeper serve {service}: error: cannot listen on "
                                    f"127.0.0.1:{taken_port}: address already in use")
