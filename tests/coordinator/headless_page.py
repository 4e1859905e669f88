"""A page opened by headless Chromium, read through the DevTools protocol (no display)."""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sweeper.practice.cdp import CdpError, CdpSession, page_websocket_url, read_devtools_port
from sweeper.practice.chromium import REQUIRED_FLAGS
from sweeper.practice.processes import start_group, stop_group

CHROMIUM = "/usr/bin/chromium"


@contextmanager
def headless_page(url: str, width: int = 800, height: int = 900) -> Iterator[CdpSession]:
    """A DevTools session to ``url`` in headless Chromium with a ``width`` x ``height``
    window; Chromium and its profile are gone afterwards."""
    profile = Path(tempfile.mkdtemp(prefix="sweeper-headless-"))
    environment = {key: value for key, value in os.environ.items() if key != "DISPLAY"}
    process = start_group([
        CHROMIUM, "--headless", *REQUIRED_FLAGS, "--hide-scrollbars",
        f"--user-data-dir={profile}", "--remote-debugging-port=0",
        f"--window-size={width},{height}", url,
    ], environment)
    try:
        port = read_devtools_port(profile, 30.0)
        with CdpSession(page_websocket_url(port, 30.0), 30.0) as session:
            yield session
    finally:
        stop_group(process)
        shutil.rmtree(profile, ignore_errors=True)


def wait_for(session: CdpSession, expression: str, timeout_s: float = 20.0) -> Any:
    """The first truthy value of ``expression`` in the page (fail past ``timeout_s``)."""
    deadline = time.monotonic() + timeout_s
    value = None
    while time.monotonic() < deadline:
        try:
            value = session.evaluate(expression)
        except CdpError as error:  # the page is still about:blank, or being replaced
            value = str(error)
        else:
            if value:
                return value
        time.sleep(0.1)
    raise AssertionError(f"{expression!r} stayed {value!r} for {timeout_s:.0f} s")
