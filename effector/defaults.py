"""Where the effector service listens by default, and where its token is read from."""

from __future__ import annotations

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8002
# Environment variable holding the bearer token, read by the server and the client.
TOKEN_ENV = "SWEEPER_EFFECTOR_TOKEN"
