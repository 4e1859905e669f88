"""The effector: screenshots and mouse over HTTP. It knows nothing about Minesweeper."""

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8002
# Environment variable holding the bearer token, read by the server and the client.
TOKEN_ENV = "SWEEPER_EFFECTOR_TOKEN"
