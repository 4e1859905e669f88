"""winemine's truth oracle on made-up memory: finding the board and reading it as drawn.

No Wine here: the memory is built the way winemine lays out its BOARD structure (a word
per cell: bit 0 mine, bits 2-3 the mark, bits 4-7 the mines in the 3x3 block), so these
tests pin down which cells read as what in each game state.
"""

from __future__ import annotations

import struct

import pytest

from sweeper.practice.winemine import Winemine
from sweeper.practice.winemine_layout import CUSTOM_DIFFICULTY, MENU_HEIGHT
from sweeper.practice.winemine_oracle import (
    BOARD_BYTES,
    BOX_ROWS,
    OFF_BOX,
    OFF_COLUMNS,
    OFF_FACE,
    OFF_FACE_RECT,
    OFF_HEIGHT,
    OFF_MINES,
    OFF_MINES_RECT,
    OFF_NUM_FLAGS,
    OFF_ROWS,
    OFF_STATUS,
    OFF_WIDTH,
    OracleError,
    decode_board,
    find_board,
)

MARKS = {".": 0, "?": 1, "F": 2, "o": 3}
WAITING, PLAYING, GAME_OVER, WON = 0, 1, 2, 3


def board_memory(layout: str, marks: str, status: int, face: int = 4) -> bytearray:
    """A BOARD structure from a layout (``*`` mines) and the marks (``.``, ``?``, ``F``,
    ``o`` opened); ``mines_rect`` at offset 0."""
    rows = layout.split()
    mark_rows = marks.split()
    height, width = len(rows), len(rows[0])
    memory = bytearray(BOARD_BYTES)
    struct.pack_into("<4i", memory, OFF_MINES_RECT, 5, 33, 5 + 16 * width, 33 + 16 * height)
    client_width = 16 * width + 10
    face_left = client_width // 2 - 12
    struct.pack_into("<4i", memory, OFF_FACE_RECT, face_left, 5, face_left + 24, 29)
    struct.pack_into("<II", memory, OFF_WIDTH, client_width, 16 * height + 38)
    assert OFF_HEIGHT == OFF_WIDTH + 4
    mine_count = sum(line.count("*") for line in rows)
    struct.pack_into("<3I", memory, OFF_ROWS, height, width, mine_count)
    assert (OFF_COLUMNS, OFF_MINES) == (OFF_ROWS + 4, OFF_ROWS + 8)
    struct.pack_into("<I", memory, OFF_NUM_FLAGS, marks.count("F"))
    struct.pack_into("<I", memory, OFF_STATUS, status)
    struct.pack_into("<I", memory, OFF_FACE, face)
    placed = status != WAITING
    for r in range(height):
        for c in range(width):
            mine = placed and rows[r][c] == "*"
            around = sum(
                rows[r + dr][c + dc] == "*"
                for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                if 0 <= r + dr < height and 0 <= c + dc < width
            ) if placed else 0
            word = int(mine) | MARKS[mark_rows[r][c]] << 2 | around << 4
            # box[col][row], both counted from the empty border
            struct.pack_into("<I", memory, OFF_BOX + 4 * ((c + 1) * BOX_ROWS + r + 1), word)
    return memory


LAYOUT = """
*........
.........
..*......
.........
.........
.........
.........
......*..
........*
"""


def test_the_board_is_found_behind_other_data_and_a_decoy() -> None:
    beginner = LAYOUT.replace("........*", "****.**.*")  # winemine's fewest: 10 mines
    board = board_memory(beginner, beginner.replace("*", "."), WAITING)
    decoy = struct.pack("<4i", 5, 33, 999, 999)  # the anchor without the rest
    junk = bytes(range(256)) * 3 + decoy + bytes(44)
    memory = junk + bytes(board)
    assert find_board(memory) == len(junk)
    assert find_board(junk) is None
    too_few = board_memory(LAYOUT, LAYOUT.replace("*", "."), WAITING)  # 4 mines: not winemine's
    assert find_board(bytes(too_few)) is None


def test_before_the_first_click_nothing_is_placed() -> None:
    memory = board_memory(LAYOUT, LAYOUT.replace("*", "."), WAITING)
    truth = decode_board(bytes(memory), 0)
    assert truth.board == "\n".join(["." * 9] * 9)
    assert (truth.status, truth.started, truth.mines) == ("playing", False, None)
    assert (truth.columns, truth.rows, truth.mine_count, truth.face) == (9, 9, 4, "smile")
    assert truth.mine_cells() == set()


def test_while_playing_flags_and_numbers_show_and_question_marks_read_unopened() -> None:
    marks = """
    F?ooooooo
    ooooooooo
    ..?oooooo
    ooooooooo
    ooooooooo
    ooooooooo
    ooooooooo
    ......F..
    .........
    """
    truth = decode_board(bytes(board_memory(LAYOUT, marks, PLAYING)), 0)
    lines = truth.board.split("\n")
    assert lines[0] == "F.0000000"
    assert lines[2] == "...100000"
    assert lines[7] == "......F.."
    assert truth.question_marks == ((0, 1), (2, 2))
    assert truth.status == "playing" and truth.started
    assert truth.mine_cells() == {(0, 0), (2, 2), (7, 6), (8, 8)}
    assert truth.mines is not None and truth.mines.split("\n")[1] == "121100000"
    assert truth.cell(1, 1) == "2"


def test_after_a_loss_mines_show_and_a_wrong_flag_still_reads_f() -> None:
    marks = """
    ?ooooooo.
    ooooooooo
    ..oo.oooo
    ooooooooo
    ooooooooo
    ooooooooo
    ooooooooo
    F?....o..
    ........o
    """
    # (0, 0): a question mark on a mine; (2, 2): a mine left alone; (7, 0): a wrong flag;
    # (7, 1): a question mark on a safe cell; (8, 8): the mine clicked on
    truth = decode_board(bytes(board_memory(LAYOUT, marks, GAME_OVER, face=2)), 0)
    lines = truth.board.split("\n")
    assert lines[0][0] == "*"
    assert lines[2][:3] == "..*"
    assert lines[7][:2] == "F."
    assert truth.question_marks == ((7, 1),)  # the one on a mine shows the mine
    assert lines[7][6] == "*"
    assert lines[8][8] == "*"
    assert (truth.status, truth.face) == ("lost", "dead")


def test_a_won_board_shows_every_mine_flagged() -> None:
    marks = LAYOUT.replace(".", "o").replace("*", "F")
    truth = decode_board(bytes(board_memory(LAYOUT, marks, WON, face=1)), 0)
    assert truth.board.split("\n")[0] == "F10000000"
    assert truth.board.count("F") == 4 and "." not in truth.board
    assert (truth.status, truth.face) == ("won", "cool")


def test_a_read_that_contradicts_itself_is_refused() -> None:
    memory = board_memory(LAYOUT, LAYOUT.replace("*", "."), PLAYING)
    struct.pack_into("<I", memory, OFF_MINES, 5)  # one mine more than the cells hold
    with pytest.raises(OracleError, match="4 mines in memory, expected 5"):
        decode_board(bytes(memory), 0)
    memory = board_memory(LAYOUT, LAYOUT.replace("*", "."), PLAYING)
    first = OFF_BOX + 4 * (1 * BOX_ROWS + 1)
    struct.pack_into("<I", memory, first, struct.unpack_from("<I", memory, first)[0] + 16)
    with pytest.raises(OracleError, match="mine counts"):
        decode_board(bytes(memory), 0)


def test_settings_follow_the_level_and_position() -> None:
    display = {"DISPLAY": ":0"}
    expert = Winemine(display, position=(100, 300)).registry_values()
    assert expert == {"Difficulty": 2, "Width": 30, "Height": 16, "Mines": 99,
                      "Xpos": 100, "Ypos": 300 + MENU_HEIGHT, "Mark": 1}
    custom = Winemine(display, level="custom", columns=12, rows=10, mines=20,
                      question_marks=False, record_dialogs=False).registry_values()
    assert (custom["Difficulty"], custom["Width"], custom["Height"], custom["Mines"]) == (
        CUSTOM_DIFFICULTY, 12, 10, 20)
    assert custom["Mark"] == 0
    assert [custom[f"Time{n}"] for n in (1, 2, 3)] == [0, 0, 0]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"level": "hard"}, "not one of"),
        ({"level": "expert", "mines": 10}, "only for level='custom'"),
        ({"level": "custom", "columns": 31, "rows": 9, "mines": 10}, "9-30 columns"),
        ({"level": "custom", "columns": 9, "rows": 9, "mines": 65}, "10-64 mines"),
        ({"position": (0, 0)}, "x >= 3, y >= 22"),
    ],
)
def test_impossible_settings_are_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Winemine({"DISPLAY": ":0"}, **kwargs)  # type: ignore[arg-type]
