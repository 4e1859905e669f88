"""``python -m sweeper.coordinator.healthcheck URL TOKEN_VARIABLE``: exit 0 if it is healthy.

Used by docker-compose health checks; the token is read from the named environment
variable so it never appears on a command line.
"""

from __future__ import annotations

import os
import sys

import httpx


def main(argv: list[str]) -> int:
    """Check ``URL/health`` with the bearer token held in ``TOKEN_VARIABLE`` (if set)."""
    if len(argv) != 2:
        usage = "usage: python -m sweeper.coordinator.healthcheck URL TOKEN_VARIABLE"
        print(usage, file=sys.stderr)
        return 2
    url, token_variable = argv
    token = os.environ.get(token_variable)
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    try:
        response = httpx.get(f"{url.rstrip('/')}/health", headers=headers, timeout=3.0)
    except httpx.HTTPError as error:
        print(f"{url}: {error}", file=sys.stderr)
        return 1
    healthy = response.status_code == 200 and response.json().get("status") == "ok"
    if not healthy:
        print(f"{url}/health answered {response.status_code}", file=sys.stderr)
    return 0 if healthy else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
