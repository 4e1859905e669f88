"""A loopback static HTTP server for the bundled game (``practice/web``), on a free port."""

from __future__ import annotations

import functools
import threading
from collections.abc import Mapping
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from sweeper.practice.lifecycle import StartedInWith

WEB_DIR = Path(str(resources.files("sweeper.practice") / "web"))  # installed with the package

GameParams = Mapping[str, str | int]


def game_query(params: GameParams | None) -> str:
    """The URL query (``?width=9&...``) for game parameters, or ``""`` for none."""
    if not params:
        return ""
    return "?" + urlencode({key: str(value) for key, value in params.items()})


class _QuietHandler(SimpleHTTPRequestHandler):
    """Serves files without logging each request and without caching."""

    def log_message(self, format: str, *args: Any) -> None:
        return

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


class GameServer(StartedInWith):
    """Serves ``directory`` on ``host`` at a free port from a daemon thread; a context manager."""

    def __init__(self, directory: Path = WEB_DIR, host: str = "127.0.0.1") -> None:
        self.directory = directory
        self.host = host
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    @property
    def base_url(self) -> str:
        if self._server is None:
            raise RuntimeError("the game server is not running")
        return f"http://{self.host}:{self._server.server_address[1]}"

    def url(self, params: GameParams | None = None, page: str = "index.html") -> str:
        """The URL of ``page`` (the game's, or the busy desk around it) with the given
        parameters."""
        return f"{self.base_url}/{page}{game_query(params)}"

    def start(self) -> str:
        """Start serving and return the base URL."""
        handler = functools.partial(_QuietHandler, directory=str(self.directory))
        self._server = ThreadingHTTPServer((self.host, 0), handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever, name="game-server", daemon=True
        )
        self._thread.start()
        return self.base_url

    def stop(self) -> None:
        """Stop serving and close the socket."""
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None
