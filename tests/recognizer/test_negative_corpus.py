"""Screens with no Minesweeper board: the recognizer must find none.

``corpus/negative/`` holds lattices that are not boards (toolbars, keyboards, calendars,
spreadsheets, icon grids, other grid games, X programs, busy desktops), rendered by
``render_negative.py``. A board read on any of them is a false positive: the bot would
click on someone's spreadsheet.

The false positives of today are listed in ``KNOWN_FALSE_POSITIVES``, each marked as a
strict expected failure: the test passes while they stay false positives, and fails (so
the entry is taken off the list) as soon as one is fixed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sweeper.analyzer import format_board
from sweeper.recognizer.api import recognize

NEGATIVE_DIR = Path(__file__).resolve().parent / "corpus" / "negative"

# name -> what the recognizer reads there today
KNOWN_FALSE_POSITIVES = {
    "busy_desktop_dark-x1": "the grey chess board (30 px squares) read as an 8x8 board of "
                            "opened empty cells",
    "busy_desktop_dark-x1.5": "the grey chess board (45 px squares) read as an 8x8 board "
                              "of opened empty cells",
    "checkers-x1.5": "the draughts board read as a lost 10x10 game: light squares opened, "
                     "black men mines, red men flags",
    "contributions-x1": "a 2x4 patch of the 10 px contribution squares read as opened cells",
    "palette-x1": "the 4x12 grey swatch strip (12 px) read as opened empty cells",
    "palette-x1.5": "the 4x12 grey swatch strip (18 px) read as opened empty cells",
}


def negative_names() -> list[str]:
    return sorted(path.stem for path in NEGATIVE_DIR.glob("*.png"))


def _case(name: str) -> object:
    reason = KNOWN_FALSE_POSITIVES.get(name)
    if reason is None:
        return name
    return pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=reason))


def test_the_negative_corpus_is_there_and_lists_only_its_own_screenshots():
    names = set(negative_names())
    assert len(names) >= 40
    assert set(KNOWN_FALSE_POSITIVES) <= names


@pytest.mark.parametrize("name", [_case(name) for name in negative_names()])
def test_no_board_is_found_on_a_screen_without_minesweeper(name):
    result = recognize(NEGATIVE_DIR / f"{name}.png")
    board = "" if result.board is None else format_board(result.board)
    assert result.board is None, f"{name}: read a board at {result.geometry}:\n{board}"
    assert not result.ok
