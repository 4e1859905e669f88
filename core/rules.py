"""The first-click rule variants (see docs/analyzer.md): which cells the first click keeps free."""

from __future__ import annotations

from typing import Literal, get_args

Rules = Literal["safe", "opening"]
RULES: tuple[Rules, ...] = get_args(Rules)


def check_rules(rules: str) -> Rules:
    """Return ``rules`` as a :data:`Rules` value, or raise ``ValueError`` naming the choices."""
    for known in RULES:
        if rules == known:
            return known
    raise ValueError(f"unknown rules {rules!r}: expected one of {', '.join(RULES)}")
