"""Run sweeper's own HTTP services on this machine's loopback, for as long as needed.

Tests and benchmarks start real analyzer and effector processes this way (``sweeper
play`` on its own display uses the effector in its own process instead).
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Literal

import httpx

from sweeper.coordinator.process_groups import start_group, stop_group

Service = Literal["analyzer", "effector"]


def free_loopback_port() -> int:
    """A TCP port that is free on 127.0.0.1 right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def local_service(
    service: Service, env: Mapping[str, str], timeout_s: float = 30.0, args: Sequence[str] = (),
    token: str | None = None,
) -> Iterator[str]:
    """Run ``sweeper serve SERVICE [ARGS]`` on loopback with ``env`` (demanding ``token``,
    if given); yield its URL once healthy."""
    port = free_loopback_port()
    url = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "sweeper", "serve", service, "--port", str(port), *args]
    if token is not None:
        command += ["--token", token]
    process = start_group(command, env)
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    try:
        _wait_until_healthy(service, url, process, timeout_s, headers)
        yield url
    finally:
        stop_group(process)


def _wait_until_healthy(
    service: Service, url: str, process: subprocess.Popen[bytes], timeout_s: float,
    headers: Mapping[str, str],
) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        code = process.poll()
        if code is not None:
            raise RuntimeError(
                f"the local {service} exited with code {code}; run "
                f"'sweeper serve {service}' to see why"
                + (" (is DISPLAY set to a running X server?)" if service == "effector" else "")
            )
        try:
            if httpx.get(f"{url}/health", headers=headers, timeout=1.0).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"the local {service} did not answer at {url} within {timeout_s:.0f} s")
