"""Start an effector service on this machine when ``sweeper play`` is given none."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

import httpx

from practice.processes import start_group, stop_group


def free_loopback_port() -> int:
    """A TCP port that is free on 127.0.0.1 right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def local_effector(env: Mapping[str, str], timeout_s: float = 20.0) -> Iterator[str]:
    """Run ``sweeper serve effector`` on loopback with ``env`` (its DISPLAY); yield its URL."""
    port = free_loopback_port()
    url = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "coordinator", "serve", "effector", "--port", str(port)]
    process = start_group(command, env)
    try:
        _wait_until_healthy(url, process, timeout_s)
        yield url
    finally:
        stop_group(process)


def _wait_until_healthy(url: str, process: subprocess.Popen[bytes], timeout_s: float) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        code = process.poll()
        if code is not None:
            raise RuntimeError(
                f"the local effector exited with code {code} (is DISPLAY set to a running "
                "X server?); run 'sweeper serve effector' to see why"
            )
        try:
            if httpx.get(f"{url}/health", timeout=1.0).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"the local effector did not answer at {url} within {timeout_s:.0f} s")
