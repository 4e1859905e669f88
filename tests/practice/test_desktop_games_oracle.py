"""The truth of xbomb (its memory) and freesweep (its text), on made-up input and live.

The made-up memory is laid out the way xbomb keeps its game (a byte per cell, column
after column: the mines round it in the low bits, 0x40 hidden, 0x20 flagged, 0x10 a
mine), the made-up screen the way freesweep draws it; the live tests run the games on
Xvfb and are skipped where they are not installed.
"""

from __future__ import annotations

import os
import shutil
import struct

import numpy as np
import pytest

from sweeper.practice.freesweep import Freesweep, ScreenTextError, parse_screen
from sweeper.practice.xbomb import (
    COLUMN_STRIDE,
    FLAGGED,
    HIDDEN,
    MINE,
    OFF_FLAGS,
    OFF_GRID,
    OFF_HIDDEN,
    OFF_SIZE,
    OFF_STATE,
    SPAN,
    Xbomb,
    XbombMemoryError,
    decode,
)

WAITING, PLAYING, OVER = 4, 0, 1
LAYOUT = """\
*.......
.*......
........
........
...**...
........
*......*
**.*...*
"""


def xbomb_memory(layout: str, marks: str, state: int, mine_count: int = 10) -> bytearray:
    """xbomb's fields from a layout (``*`` mines) and marks (``.`` hidden, ``F`` flagged,
    ``o`` opened) of a game of ``mine_count`` mines; the state field at offset 0."""
    rows, marked = layout.split(), marks.split()
    height, width = len(rows), len(rows[0])
    mines = np.array([[char == "*" for char in line] for line in rows])
    padded = np.pad(mines.astype(int), 1)
    around = np.zeros((height, width), dtype=int)
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr, dc) != (0, 0):
                around += padded[1 + dr: height + 1 + dr, 1 + dc: width + 1 + dc]
    memory = bytearray(SPAN)
    base = -OFF_STATE
    struct.pack_into("<i", memory, 0, state)
    struct.pack_into("<4i", memory, base + OFF_SIZE, height, width, 21, mine_count)
    for r in range(height):
        for c in range(width):
            value = MINE if mines[r, c] else int(around[r, c])
            value |= {".": HIDDEN, "F": HIDDEN | FLAGGED, "o": 0}[marked[r][c]]
            memory[base + OFF_GRID + c * COLUMN_STRIDE + r] = value
    struct.pack_into("<i", memory, base + OFF_FLAGS, marks.count("F"))
    struct.pack_into("<i", memory, base + OFF_HIDDEN, marks.count(".") + marks.count("F"))
    return memory


def test_xbomb_reads_a_game_in_play():
    marks = "F.......\n.F......\n" + "oooooooo\n" * 2 + "........\n" * 4
    truth = decode(bytes(xbomb_memory(LAYOUT, marks, PLAYING)))
    assert truth.status == "playing" and truth.started
    assert truth.board.split("\n")[:4] == ["F.......", ".F......", "11100000", "00122100"]
    assert truth.flags == 2
    assert truth.mine_cells() == {(r, c) for r, line in enumerate(LAYOUT.split())
                                  for c, char in enumerate(line) if char == "*"}


def test_xbomb_before_the_first_click_has_no_mines():
    empty = LAYOUT.replace("*", ".")
    truth = decode(bytes(xbomb_memory(empty, empty, WAITING)))
    assert not truth.started and truth.mines is None
    assert set(truth.board) == {".", "\n"}


def test_xbomb_after_a_loss_shows_every_number_and_mine_and_a_wrong_flag_blank():
    # (0, 0) a flagged mine, (0, 2) a wrong flag on a 1; xbomb uncovers everything else
    marks = "FoFooooo\n" + "oooooooo\n" * 7
    truth = decode(bytes(xbomb_memory(LAYOUT, marks, OVER)))
    assert truth.status == "lost"
    assert truth.board.split("\n")[:2] == ["*2000000", "2*100000"]


def test_xbomb_is_won_when_the_game_is_over_with_every_mine_flagged():
    marks = "\n".join("".join("F" if char == "*" else "o" for char in line)
                      for line in LAYOUT.split())
    truth = decode(bytes(xbomb_memory(LAYOUT, marks, OVER)))
    assert truth.status == "won"
    assert truth.board.count("F") == LAYOUT.count("*")


def test_xbomb_refuses_counts_that_disagree_with_the_mines():
    marks = "\n".join("." * 8 for _ in range(8))
    memory = xbomb_memory(LAYOUT, marks, PLAYING)
    memory[-OFF_STATE + OFF_GRID] ^= MINE  # one mine gone, its neighbours still count it
    with pytest.raises(XbombMemoryError):
        decode(bytes(memory))


SCREEN = """\
+------------------------+       +---+
| -  -  1     #  -  -  - |       |Mines: 10 |
| -  - <2>    1  -  -  - |       |Marks: 1  |
+------------------------+
"""


def test_freesweep_text_reads_as_a_board_with_its_cursor():
    truth = parse_screen(SCREEN, rows=2, columns=8)
    assert truth.board == "..10F...\n..201..."
    assert truth.cursor == (1, 2)
    assert (truth.status, truth.mine_count, truth.flags) == ("playing", 10, 1)


def test_freesweep_end_messages_give_the_status():
    lost = SCREEN.replace("1     #", "o     *") + "|BOOM! Any key to continue, 'q' to quit. |\n"
    assert parse_screen(lost, 2, 8).status == "lost"
    assert parse_screen(lost, 2, 8).board.startswith("..*0*")
    won = SCREEN + "|You Win! Press a key to continue.       |\n"
    assert parse_screen(won, 2, 8).status == "won"


def test_freesweep_text_that_is_not_a_board_is_refused():
    with pytest.raises(ScreenTextError):
        parse_screen("Enter the grid height [10]:\n", rows=2, columns=8)


# ---------------------------------------------------------------- live


def _display_or_skip(*programs: str) -> dict[str, str]:
    missing = [name for name in ("Xvfb", "xdotool", *programs)
               if shutil.which(name) is None and shutil.which(name, path="/usr/games") is None]
    if missing:
        pytest.skip(f"not installed: {missing}")
    return dict(os.environ)


def test_xbomb_live_first_click_opens_and_the_truth_follows():
    from sweeper.practice.display import VirtualDisplay

    _display_or_skip("xbomb")
    if os.geteuid() != 0:
        pytest.skip("xbomb is setgid: reading its memory needs root")
    with VirtualDisplay(900, 600) as display, Xbomb(display.env(), position=(10, 20)) as game:
        assert not game.truth().started
        truth = game.click_cell(8, 15)
        assert truth.started and truth.cell(8, 15).isdigit()
        assert len(truth.mine_cells()) == 99
        assert game.grid_rect().width == 600


def test_freesweep_live_opening_and_flag_show_in_the_text():
    from sweeper.practice.display import VirtualDisplay

    _display_or_skip("xterm", "tmux", "freesweep")
    with VirtualDisplay(900, 600) as display, Freesweep(display.env()) as game:
        assert set(game.truth().board) == {".", "\n"}
        truth = game.act(8, 15)
        assert truth.cell(8, 15) != "." and truth.cursor == (8, 15)
        hidden = truth.board.split("\n")[0].index(".")
        truth = game.act(0, hidden, "f")
        assert truth.cell(0, hidden) == "F" and truth.flags == 1
