"""A game's status, said once: what the engine keeps and what the recognizer reads."""

from __future__ import annotations

from typing import Literal, get_args

GameStatus = Literal["playing", "won", "lost"]
GAME_STATUSES: tuple[GameStatus, ...] = get_args(GameStatus)


def game_status(name: str | None) -> GameStatus | None:
    """``name`` as a :data:`GameStatus` value, or None when it names none of them."""
    for known in GAME_STATUSES:
        if name == known:
            return known
    return None
