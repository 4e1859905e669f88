"""Fixtures for the effector's end-to-end tests: a real Xvfb with a known root colour, and
the service as a real process on it."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

import pytest

from sweeper.effector.client import EffectorClient
from sweeper.effector.xprobe import paint_root
from sweeper.practice import VirtualDisplay

REPO_ROOT = Path(__file__).resolve().parents[2]
TOKEN = "test-token-3f9a"


@pytest.fixture(scope="module")
def virtual_display() -> Iterator[VirtualDisplay]:
    """An 800x600 Xvfb of this test module's own."""
    with VirtualDisplay(800, 600) as screen:
        yield screen


@pytest.fixture(scope="module")
def root_bgr(virtual_display: VirtualDisplay) -> Iterator[tuple[int, int, int]]:
    """The root window's solid colour (#336699), in BGR order."""
    bgr = (0x99, 0x66, 0x33)
    keeper = paint_root(virtual_display.display, bgr)
    yield bgr
    keeper.close()


@pytest.fixture(scope="module")
def effector_token() -> str:
    return TOKEN


@pytest.fixture(scope="module")
def effector_url(
    virtual_display: VirtualDisplay,
    root_bgr: tuple[int, int, int],
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[str]:
    """URL of ``python -m sweeper.effector --token ...`` running on the module's Xvfb."""
    port = _free_port()
    log_path = tmp_path_factory.mktemp("effector") / "service.log"
    with log_path.open("w+") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "sweeper.effector", "--port", str(port), "--token", TOKEN],
            env=virtual_display.env(), cwd=REPO_ROOT, stdout=log, stderr=subprocess.STDOUT,
        )
        url = f"http://127.0.0.1:{port}"
        try:
            _wait_until_healthy(url, process, log)
            yield url
        finally:
            process.terminate()
            process.wait(timeout=10)


@pytest.fixture
def client(effector_url: str) -> Iterator[EffectorClient]:
    with EffectorClient(effector_url, token=TOKEN) as effector_client:
        yield effector_client


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait_until_healthy(
    url: str, process: subprocess.Popen[bytes], log: TextIO, timeout_s: float = 30
) -> None:
    deadline = time.monotonic() + timeout_s
    with EffectorClient(url, token=TOKEN, timeout_s=1.0) as probe:
        while time.monotonic() < deadline:
            if process.poll() is not None:
                log.seek(0)
                raise RuntimeError(f"the effector exited with {process.returncode}: {log.read()}")
            try:
                if probe.health():
                    return
            except Exception:
                time.sleep(0.1)
    raise TimeoutError(f"the effector at {url} did not answer within {timeout_s} s")
