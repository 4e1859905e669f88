"""Shared fixtures for the practice target's end-to-end tests: one desktop per session."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from sweeper.practice.desktop import VirtualDesktop
from sweeper.practice.gamepage import GamePage


@pytest.fixture(scope="session")
def desktop() -> Iterator[VirtualDesktop]:
    with VirtualDesktop(screen_size=(1400, 900), window_position=(0, 0)) as running:
        yield running


@pytest.fixture
def game(desktop: VirtualDesktop) -> GamePage:
    return GamePage(desktop)
