"""Screens with no Minesweeper board: the recognizer must find none.

``corpus/negative/`` holds lattices that are not boards (toolbars, keyboards, calendars,
spreadsheets, icon grids, other grid games, X programs, busy desktops), rendered by
``render_negative.py``. A board read on any of them is a false positive: the bot would
click on someone's spreadsheet.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sweeper.core import format_board
from sweeper.recognizer.api import recognize

NEGATIVE_DIR = Path(__file__).resolve().parent / "corpus" / "negative"

def negative_names() -> list[str]:
    return sorted(path.stem for path in NEGATIVE_DIR.glob("*.png"))


def test_the_negative_corpus_is_there_and_lists_only_its_own_screenshots():
    names = set(negative_names())
    assert len(names) >= 40


@pytest.mark.parametrize("name", negative_names())
def test_no_board_is_found_on_a_screen_without_minesweeper(name):
    result = recognize(NEGATIVE_DIR / f"{name}.png")
    board = "" if result.board is None else format_board(result.board)
    assert result.board is None, f"{name}: read a board at {result.geometry}:\n{board}"
    assert not result.ok
