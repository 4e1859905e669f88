"""Listening for a service: the socket is bound here, before the server starts, so a port
in use or an address that is not this machine's is one line of the command's own, not
uvicorn's log and exit code."""

from __future__ import annotations

import errno
import socket
from typing import TYPE_CHECKING

from sweeper.core import SweeperError

if TYPE_CHECKING:
    from starlette.types import ASGIApp

__all__ = ["ListenError", "listening_socket", "serve"]


class ListenError(SweeperError, OSError):
    """The service cannot listen on the address it was given."""


def listening_socket(host: str, port: int) -> socket.socket:
    """A TCP socket bound to ``host``:``port``, ready for :func:`serve`.

    Raises :class:`ListenError` naming the address and the reason (e.g. in use).
    """
    where = f"{host}:{port}" if ":" not in host else f"[{host.strip('[]')}]:{port}"
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host.strip("[]"), port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    except (socket.gaierror, UnicodeError) as error:
        raise ListenError(f"cannot listen on {where}: unknown address ({error})") from None
    listener = socket.socket(family, kind, proto)
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(address)
    except OSError as error:
        listener.close()
        reason = error.strerror or str(error)
        hint = "; is another service running there? pick another --port" if (
            error.errno == errno.EADDRINUSE) else ""
        raise ListenError(f"cannot listen on {where}: {reason.lower()}{hint}") from None
    return listener


def serve(app: ASGIApp, listener: socket.socket, access_log: bool = True) -> None:
    """Serve ``app`` with uvicorn on ``listener`` until interrupted, then close it."""
    import uvicorn

    config = uvicorn.Config(app, access_log=access_log)
    try:
        uvicorn.Server(config).run(sockets=[listener])
    finally:
        listener.close()
