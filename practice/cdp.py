"""A minimal Chrome DevTools Protocol client over one page's WebSocket.

Only what the practice target needs: send a command and wait for its answer, keep the
events that arrive meanwhile, and evaluate JavaScript. Speaks CDP JSON through the
``websocket-client`` library; Chromium must run with ``--remote-debugging-port``.
"""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path
from types import TracebackType
from typing import Any

import websocket

from sweeper.core import SweeperError

DIALOG_OPENING = "Page.javascriptDialogOpening"
DIALOG_CLOSED = "Page.javascriptDialogClosed"


class CdpError(SweeperError, RuntimeError):
    """Chromium refused a command, or could not be reached in time."""


def read_devtools_port(user_data_dir: Path, timeout_s: float) -> int:
    """The port Chromium chose for ``--remote-debugging-port=0`` (its DevToolsActivePort file)."""
    port_file = user_data_dir / "DevToolsActivePort"
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if port_file.exists():
            first_line = port_file.read_text().split("\n", 1)[0].strip()
            if first_line.isdigit():
                return int(first_line)
        time.sleep(0.05)
    raise CdpError(f"Chromium wrote no {port_file} within {timeout_s:.0f} s")


def page_websocket_url(port: int, timeout_s: float) -> str:
    """The DevTools WebSocket URL of the first page target on ``127.0.0.1:port``."""
    deadline = time.monotonic() + timeout_s
    last_error = "no page target yet"
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=2) as answer:
                targets = json.load(answer)
            for target in targets:
                if target.get("type") == "page" and "webSocketDebuggerUrl" in target:
                    return str(target["webSocketDebuggerUrl"])
        except OSError as error:
            last_error = str(error)
        time.sleep(0.1)
    raise CdpError(f"no DevTools page target on port {port} within {timeout_s:.0f} s: {last_error}")


class CdpSession:
    """One WebSocket connection to a page target; a context manager."""

    def __init__(self, websocket_url: str, timeout_s: float = 10.0) -> None:
        self._socket = websocket.create_connection(
            websocket_url, timeout=timeout_s, suppress_origin=True
        )
        self._timeout_s = timeout_s
        self._next_id = 0
        self._events: list[dict[str, Any]] = []
        self._accept_dialogs = False

    def accept_dialogs(self) -> None:
        """From now on accept every JavaScript dialog the moment its event arrives: a page
        held by one answers no command, so a call waiting on it would wait in vain."""
        self._accept_dialogs = True

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        """Send one command and return its ``result``; raises ``CdpError`` on an error."""
        self._next_id += 1
        command_id = self._next_id
        self._socket.send(json.dumps({"id": command_id, "method": method, "params": params}))
        deadline = time.monotonic() + self._timeout_s
        while time.monotonic() < deadline:
            message = self._receive()
            if message.get("id") == command_id:
                if "error" in message:
                    raise CdpError(f"{method} failed: {message['error']}")
                result: dict[str, Any] = message.get("result", {})
                return result
            if "method" in message:
                self._keep(message)
        raise CdpError(f"{method} got no answer within {self._timeout_s:.0f} s")

    def evaluate(self, expression: str) -> Any:
        """The JSON value of a JavaScript expression in the page (promises are awaited)."""
        result = self.call(
            "Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True
        )
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            raise CdpError(f"JavaScript error in {expression!r}: {text}")
        return result.get("result", {}).get("value")

    def take_events(self, method: str, wait_s: float = 0.2) -> list[dict[str, Any]]:
        """Remove and return the recorded events named ``method`` (their ``params``),
        after listening ``wait_s`` for more (without a command: a page held by a dialog
        answers none)."""
        self._listen(wait_s)
        taken = [event["params"] for event in self._events if event["method"] == method]
        self._events = [event for event in self._events if event["method"] != method]
        return taken

    def close(self) -> None:
        self._socket.close()

    def _listen(self, wait_s: float) -> None:
        """Keep the events that arrive within ``wait_s``."""
        deadline = time.monotonic() + wait_s
        try:
            while (left := deadline - time.monotonic()) > 0:
                self._socket.settimeout(left)
                try:
                    message = json.loads(self._socket.recv())
                except websocket.WebSocketTimeoutException:
                    break
                if "method" in message:
                    self._keep(message)
        finally:
            self._socket.settimeout(self._timeout_s)

    def _keep(self, event: dict[str, Any]) -> None:
        """Record ``event``; accept a dialog it opens if so asked (the answer to that
        command is left unread, as are all answers no call waits for)."""
        self._events.append(event)
        if self._accept_dialogs and event["method"] == DIALOG_OPENING:
            self._next_id += 1
            self._socket.send(json.dumps({"id": self._next_id, "params": {"accept": True},
                                          "method": "Page.handleJavaScriptDialog"}))

    def _receive(self) -> dict[str, Any]:
        try:
            raw = self._socket.recv()
        except websocket.WebSocketTimeoutException as error:
            raise CdpError(f"DevTools sent nothing for {self._timeout_s:.0f} s") from error
        except (websocket.WebSocketException, OSError) as error:
            raise CdpError(f"DevTools connection lost: {error}") from error
        message: dict[str, Any] = json.loads(raw)
        return message

    def __enter__(self) -> CdpSession:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
