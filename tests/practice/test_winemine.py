"""Wine's winemine on the virtual desktop: its window, real X input and the truth oracle.

One winemine (one fresh Wine prefix, a few seconds to make) serves the whole module.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from sweeper.core import EXPERT, Rect
from sweeper.practice.desktop import VirtualDesktop
from sweeper.practice.screenshot import grab
from sweeper.practice.winemine import Winemine
from sweeper.practice.winemine_layout import CELL
from sweeper.practice.winemine_oracle import WinemineTruth

pytestmark = pytest.mark.e2e

POSITION = (860, 560)  # right of and below the bundled game's window
FIRST = (8, 15)


@pytest.fixture(scope="module")
def winemine(desktop: VirtualDesktop) -> Iterator[Winemine]:
    started = desktop.start_winemine("expert", position=POSITION)
    yield started
    started.stop()


@pytest.fixture
def fresh(winemine: Winemine) -> Winemine:
    """The module's winemine with a new game that has not started."""
    winemine.new_game()
    return winemine


def cell_pixels(desktop: VirtualDesktop, winemine: Winemine,
                row: int, col: int) -> npt.NDArray[np.uint8]:
    left, top = winemine.cells_origin()
    rect = Rect(left=left + col * CELL, top=top + row * CELL, width=CELL, height=CELL)
    return grab(desktop.display.display, rect)


def safe_unopened(truth: WinemineTruth) -> list[tuple[int, int]]:
    assert truth.mines is not None
    board, mines = truth.board.split("\n"), truth.mines.split("\n")
    return [(r, c) for r in range(truth.rows) for c in range(truth.columns)
            if board[r][c] == "." and mines[r][c] != "*"]


def test_expert_window_is_where_asked_and_shows_a_fresh_board(
    desktop: VirtualDesktop, fresh: Winemine
) -> None:
    rect = fresh.rect
    assert (rect.left, rect.top) == POSITION
    assert rect.width == 30 * CELL + 10  # the client area; no frame without a window manager
    truth = fresh.truth()
    assert (truth.columns, truth.rows, truth.mine_count) == EXPERT
    assert truth.board == "\n".join(["." * 30] * 16)
    assert (truth.status, truth.started, truth.mines, truth.face) == (
        "playing", False, None, "smile")
    # no Wine dialog or other window: the prefix was made without a display
    shown = [window for pid in fresh.wine_processes() for window in visible_windows(desktop, pid)]
    assert shown == [fresh.window_id]
    # every cell on screen looks like the first one: the grid is where cell_center aims
    first = cell_pixels(desktop, fresh, 0, 0)
    assert first.std() > 10
    for row, col in ((0, 29), (15, 0), (15, 29), (7, 13)):
        assert np.array_equal(cell_pixels(desktop, fresh, row, col), first), (row, col)


def test_x_clicks_on_safe_cells_open_them(desktop: VirtualDesktop, fresh: Winemine) -> None:
    unopened = cell_pixels(desktop, fresh, *FIRST)
    fresh.click_cell(*FIRST)  # the first click is always safe: mines are placed after it
    truth = fresh.truth()
    assert truth.started and len(truth.mine_cells()) == EXPERT.mines
    assert FIRST not in truth.mine_cells()
    assert truth.cell(*FIRST) in "012345678"
    target = safe_unopened(truth)[0]
    fresh.click_cell(*target)
    after = fresh.truth()
    assert after.mines is not None
    expected = after.mines.split("\n")[target[0]][target[1]]
    assert after.cell(*target) == expected
    assert not np.array_equal(cell_pixels(desktop, fresh, *target), unopened)


def test_right_click_puts_a_flag_then_a_question_mark(fresh: Winemine) -> None:
    fresh.click_cell(3, 3, "right")
    truth = fresh.truth()
    assert truth.cell(3, 3) == "F"
    assert truth.flags == 1
    assert not truth.started  # flagging is not the first click
    fresh.click_cell(3, 3, "right")  # a question mark: drawn "??", read as unopened
    assert fresh.truth().cell(3, 3) == "."
    assert fresh.truth().flags == 0


def test_f2_starts_a_new_game(fresh: Winemine) -> None:
    fresh.click_cell(*FIRST)
    fresh.click_cell(0, 0, "right")
    assert fresh.truth().started
    truth = fresh.new_game()  # F2 with the pointer on the window
    assert not truth.started and truth.mines is None
    assert truth.board == "\n".join(["." * 30] * 16)


def test_clicking_a_mine_loses_and_shows_the_mines(fresh: Winemine) -> None:
    fresh.click_cell(*FIRST)
    truth = fresh.truth()
    mine = sorted(truth.mine_cells())[0]
    fresh.click_cell(*mine)
    lost = fresh.truth()
    assert (lost.status, lost.face) == ("lost", "dead")
    assert lost.cell(*mine) == "*"
    assert all(lost.cell(*cell) == "*" for cell in truth.mine_cells())
    fresh.click_cell(*safe_unopened(lost)[0])  # the board takes no more clicks
    assert fresh.truth().board == lost.board


def test_stop_ends_every_wine_process_and_removes_the_prefix(
    desktop: VirtualDesktop, winemine: Winemine
) -> None:
    processes = winemine.wine_processes()
    prefix = winemine.prefix
    assert winemine.pid in processes and len(processes) > 2  # wineserver, services, ...
    assert prefix is not None and prefix.is_dir()
    winemine.stop()
    assert not prefix.exists()
    time.sleep(0.2)
    assert not any(alive(pid) for pid in processes)
    assert winemine.window_id not in visible_winemine_windows(desktop)


def alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def visible_winemine_windows(desktop: VirtualDesktop) -> list[int]:
    return search_windows(desktop, "--classname", "winemine.exe")


def visible_windows(desktop: VirtualDesktop, pid: int) -> list[int]:
    return search_windows(desktop, "--pid", str(pid))


def search_windows(desktop: VirtualDesktop, *criteria: str) -> list[int]:
    try:
        found = desktop.xinput.run("search", "--onlyvisible", *criteria)
    except RuntimeError:  # nothing found
        return []
    return [int(word) for word in found.split()]
