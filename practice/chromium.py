"""Debian's Chromium as an app window on a display, or headless with no display, controlled
over the DevTools Protocol."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sweeper.coordinator import start_group, stop_group
from sweeper.core import Rect
from sweeper.practice.cdp import CdpError, CdpSession, page_websocket_url, read_devtools_port
from sweeper.practice.display import require_program

# The flags every Chromium of the project starts with, then ones that keep it quiet and
# pixel-exact: no sandbox bar (--test-type), no scaling, no scrollbars, no pop-ups.
REQUIRED_FLAGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
QUIET_FLAGS = (
    "--test-type",
    "--hide-scrollbars",
    "--disable-infobars",
    "--disable-features=Translate,MediaRouter,OptimizationHints,AutofillServerCommunication,"
    "DialMediaRouteProvider,CertificateTransparencyComponentUpdater",
    "--password-store=basic",
    "--use-mock-keychain",
    "--noerrdialogs",
    "--no-default-browser-check",
    "--disable-default-apps",
    "--disable-extensions",
    "--disable-breakpad",
    "--disable-client-side-phishing-detection",
    "--disable-domain-reliability",
    "--disable-session-crashed-bubble",
    "--disable-dev-shm-usage",
    "--mute-audio",
)


class ChromiumApp:
    """One Chromium app window (``--app=URL``) with a DevTools session to its page."""

    def __init__(
        self,
        env: Mapping[str, str],
        url: str,
        position: tuple[int, int] = (0, 0),
        size: tuple[int, int] = (1024, 768),
        timeout_s: float = 30.0,
        *,
        scale: float = 1.0,
        flags: Sequence[str] = (),
    ) -> None:
        """``scale`` is the device scale factor (screen pixels per CSS pixel), as a
        high-density screen or a desktop's 125% / 150% setting gives; ``flags`` are
        Chromium's command-line flags besides the project's own."""
        self.env = env
        self.url = url
        self.position = position
        self.size = size
        self.timeout_s = timeout_s
        self.scale = scale
        self.flags = list(flags)
        self._process: subprocess.Popen[bytes] | None = None
        self._profile: Path | None = None
        self._session: CdpSession | None = None

    @property
    def session(self) -> CdpSession:
        if self._session is None:
            raise RuntimeError("Chromium is not running")
        return self._session

    @property
    def profile_dir(self) -> Path | None:
        """The temporary ``--user-data-dir`` while Chromium runs."""
        return self._profile

    @property
    def pid(self) -> int | None:
        """Chromium's main process id (the leader of its process group) while it runs."""
        return self._process.pid if self._process is not None else None

    def start(self) -> None:
        """Start Chromium and connect to its page; cleans up itself if that fails."""
        chromium = require_program("chromium")
        self._profile = Path(tempfile.mkdtemp(prefix="sweeper-chromium-"))
        # the Translate feature flag no longer keeps the translate bubble away from a
        # page in another language (it covers the window's top right); the pref does
        (self._profile / "Default").mkdir()
        (self._profile / "Default" / "Preferences").write_text(
            json.dumps({"translate": {"enabled": False}}))
        x, y = self.position
        width, height = self.size
        args = [
            chromium, *REQUIRED_FLAGS, *QUIET_FLAGS, *self.flags,
            f"--force-device-scale-factor={self.scale:g}",
            f"--user-data-dir={self._profile}",
            "--remote-debugging-port=0",
            f"--window-position={x},{y}",
            f"--window-size={width},{height}",
            f"--app={self.url}",
        ]
        try:
            self._process = start_group(args, self.env)
            port = read_devtools_port(self._profile, self.timeout_s)
            self._session = CdpSession(page_websocket_url(port, self.timeout_s), self.timeout_s)
            self.session.call("Page.enable")
        except BaseException:
            self.stop()
            raise

    def stop(self) -> None:
        """Close the DevTools session, stop Chromium and its children, remove the profile."""
        if self._session is not None:
            self._session.close()
            self._session = None
        if self._process is not None:
            stop_group(self._process)
            self._process = None
        if self._profile is not None:
            shutil.rmtree(self._profile, ignore_errors=True)
            self._profile = None

    def evaluate(self, expression: str) -> Any:
        """The JSON value of a JavaScript expression in the page."""
        return self.session.evaluate(expression)

    def navigate(self, url: str) -> None:
        """Load ``url`` in the window."""
        self.session.call("Page.navigate", url=url)
        self.url = url

    def wait_until(self, expression: str, what: str, timeout_s: float | None = None) -> Any:
        """Poll a JavaScript expression until it is truthy; returns its value."""
        timeout_s = self.timeout_s if timeout_s is None else timeout_s
        deadline = time.monotonic() + timeout_s
        last_error = ""
        while time.monotonic() < deadline:
            try:
                value = self.evaluate(expression)
                if value:
                    return value
            except CdpError as error:  # e.g. the page is being replaced
                last_error = f" (last error: {error})"
            time.sleep(0.05)
        raise CdpError(f"timed out after {timeout_s:.0f} s waiting for {what}{last_error}")

    def viewport_rect(self) -> Rect:
        """Where the page's viewport is on the screen, in screen pixels."""
        x, y, outer_w, outer_h, inner_w, inner_h = self.evaluate(
            "[screenX, screenY, outerWidth, outerHeight, innerWidth, innerHeight]"
        )
        side = (outer_w - inner_w) // 2
        s = self.scale
        return Rect(left=round((x + side) * s), top=round((y + outer_h - inner_h - side) * s),
                    width=round(inner_w * s), height=round(inner_h * s))

    def screen_point(self, client_x: float, client_y: float) -> tuple[int, int]:
        """The screen pixel of a point given in the page's CSS pixels (client coordinates)."""
        viewport = self.viewport_rect()
        return (viewport.left + int(client_x * self.scale),
                viewport.top + int(client_y * self.scale))

    def resize_viewport(self, width: int, height: int) -> None:
        """Resize the window so that the page's viewport is ``width`` x ``height`` CSS px."""
        window = self.session.call("Browser.getWindowForTarget")
        inner_w, inner_h = self.evaluate("[innerWidth, innerHeight]")
        bounds = window["bounds"]
        self.session.call(
            "Browser.setWindowBounds",
            windowId=window["windowId"],
            bounds={
                "width": bounds["width"] + width - inner_w,
                "height": bounds["height"] + height - inner_h,
            },
        )
        self.wait_until(
            f"innerWidth === {width} && innerHeight === {height}", f"a {width}x{height} viewport"
        )


@contextmanager
def headless_page(url: str, size: tuple[int, int] = (800, 900),
                  timeout_s: float = 30.0) -> Iterator[CdpSession]:
    """A DevTools session to ``url`` in headless Chromium (no display needed) with a
    window of ``size``; Chromium and its profile are gone afterwards."""
    chromium = require_program("chromium")
    profile = Path(tempfile.mkdtemp(prefix="sweeper-headless-"))
    environment = {key: value for key, value in os.environ.items() if key != "DISPLAY"}
    width, height = size
    process = start_group([
        chromium, "--headless", *REQUIRED_FLAGS, "--hide-scrollbars",
        f"--user-data-dir={profile}", "--remote-debugging-port=0",
        f"--window-size={width},{height}", url,
    ], environment)
    try:
        port = read_devtools_port(profile, timeout_s)
        with CdpSession(page_websocket_url(port, timeout_s), timeout_s) as session:
            yield session
    finally:
        stop_group(process)
        shutil.rmtree(profile, ignore_errors=True)
