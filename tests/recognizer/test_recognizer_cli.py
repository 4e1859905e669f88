"""``sweeper recognize`` and ``sweeper templates``: output, exit codes and messages."""

from __future__ import annotations

import json
import shutil
import struct
import subprocess
import sys
import zlib

import cv2
import numpy as np
import pytest

from sweeper.cli import main
from sweeper.core import format_board
from tests.recognizer.recognizer_corpus import CORPUS_DIR, covered, load_shot


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_recognize_prints_the_board_text(capsys):
    shot = load_shot("web16_lost")
    code, out, err = run(capsys, "recognize", str(CORPUS_DIR / "web16_lost.png"))
    assert code == 0, err
    assert out == format_board(shot.board)


def test_recognize_json_has_the_contract_fields(capsys):
    shot = load_shot("screen_web24")
    code, out, _ = run(capsys, "recognize", "--json", str(CORPUS_DIR / "screen_web24.png"))
    assert code == 0
    answer = json.loads(out)
    assert answer["board"] == format_board(shot.board)
    assert answer["status"] == "playing"
    assert shot.cells is not None
    assert (answer["rows"], answer["cols"]) == (9, 9)
    assert answer["pitch"]["x"] == pytest.approx(24, abs=0.05)
    assert answer["pitch"]["y"] == pytest.approx(24, abs=0.05)
    rect = answer["rect"]
    assert (rect["x"], rect["y"]) == (shot.cells["left"], shot.cells["top"])
    assert (rect["width"], rect["height"]) == (9 * 24, 9 * 24)
    assert answer["unreadable"] == []


def test_an_unreadable_board_exits_1_naming_the_cells(capsys, tmp_path):
    image, hidden, _ = covered(load_shot("web24_mid"), (2, 5), (1, 5))
    path = tmp_path / "covered.png"
    cv2.imwrite(str(path), image)
    code, out, err = run(capsys, "recognize", str(path))
    assert code == 1
    assert out == ""
    assert "could not be read confidently" in err
    for row, col in hidden:
        assert f"({row}, {col})" in err
    code, out, err = run(capsys, "recognize", "--json", str(path))
    assert code == 1
    answer = json.loads(out)
    assert answer["board"] is None
    assert {tuple(cell) for cell in answer["unreadable"]} >= hidden


def _png_claiming(width: int, height: int) -> bytes:
    """A tiny PNG whose header claims ``width`` x ``height`` pixels (with almost no data)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"\0" * 100)) + chunk(b"IEND", b""))


@pytest.mark.parametrize(("content", "message"), [
    (None, "no such image file"), (b"hello", "not a readable PNG or JPEG image"),
    (_png_claiming(60000, 60000), "over the limit of 40000000 pixels"),
    (_png_claiming(8000, 8000), "8000x8000 pixels, over the limit of 40000000 pixels"),
    (_png_claiming(3000, 3000), "not a readable PNG or JPEG image"),
])
def test_bad_input_exits_2_with_a_clear_message(capsys, tmp_path, content, message):
    path = tmp_path / "shot.png"
    if content is not None:
        path.write_bytes(content)
    code, out, err = run(capsys, "recognize", str(path))
    assert code == 2
    assert out == ""
    assert message in err
    assert "Traceback" not in err


def test_an_unknown_skin_exits_2(capsys):
    code, _, err = run(capsys, "recognize", "--skin", "nope", str(CORPUS_DIR / "web16_won.png"))
    assert code == 2
    assert "no skin named 'nope'" in err


def test_no_board_exits_1(capsys, tmp_path):
    path = tmp_path / "blank.png"
    cv2.imwrite(str(path), np.zeros_like(load_shot("web16_won").image))
    code, _, err = run(capsys, "recognize", str(path))
    assert code == 1
    assert "no Minesweeper board found" in err


def test_recognize_reads_stdin():
    shot = load_shot("xd_won")
    done = subprocess.run(
        [sys.executable, "-m", "sweeper.cli", "recognize", "-"],
        input=(CORPUS_DIR / "xd_won.png").read_bytes(), capture_output=True, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode() == format_board(shot.board)


def test_templates_capture_builds_a_skin_that_reads_the_game(capsys, tmp_path):
    for name in ("web32_fresh", "web32_mid", "web32_lost", "web32_won"):
        for suffix in (".png", ".json"):
            shutil.copy(CORPUS_DIR / f"{name}{suffix}", tmp_path / f"{name}{suffix}")
    out_dir = tmp_path / "skin"
    images = [str(p) for p in sorted(tmp_path.glob("*.png"))]
    code, out, err = run(capsys, "templates", "capture", *images, "--name", "big",
                         "--out", str(out_dir))
    assert code == 0, err
    assert "saved skin 'big' (32x32 px tiles)" in out
    assert (out_dir / "manifest.json").is_file()
    code, out, err = run(capsys, "recognize", "--skin", str(out_dir),
                         str(CORPUS_DIR / "web32_flagged.png"))
    assert code == 0, err
    assert out == format_board(load_shot("web32_flagged").board)
    code, _, err = run(capsys, "templates", "capture", *images, "--name", "big",
                       "--out", str(out_dir))
    assert code == 2
    assert "already exists" in err


def test_templates_capture_labels_from_board_files_and_checks_their_count(capsys, tmp_path):
    image = CORPUS_DIR / "web16_won.png"
    board = tmp_path / "board.txt"
    board.write_text(format_board(load_shot("web16_won").board))
    copy = tmp_path / "shot.png"
    shutil.copy(image, copy)
    code, _, err = run(capsys, "templates", "capture", str(copy), "--name", "x",
                       "--board", str(board), "--board", str(board), "--out", str(tmp_path / "x"))
    assert code == 2
    assert "1 screenshot(s) but 2 --board file(s)" in err
    board.write_text("1F1\nxyz\n")
    code, _, err = run(capsys, "templates", "capture", str(copy), "--name", "x",
                       "--board", str(board), "--out", str(tmp_path / "x"))
    assert code == 2
    assert "row 1, column 0" in err


def test_templates_list_shows_the_shipped_skins(capsys):
    code, out, _ = run(capsys, "templates", "list")
    assert code == 0
    for name in ("classic-16", "classic-24", "classic-32", "xdemineur"):
        assert name in out


def test_templates_capture_keeps_a_skin_in_the_users_folder_for_skin_by_name(
        capsys, tmp_path, monkeypatch):
    shots = tmp_path / "shots"
    shots.mkdir()
    for name in ("web32_fresh", "web32_mid", "web32_lost", "web32_won"):
        for suffix in (".png", ".json"):
            shutil.copy(CORPUS_DIR / f"{name}{suffix}", shots / f"{name}{suffix}")
    mine = tmp_path / "my-skins"
    monkeypatch.setenv("SWEEPER_SKINS", str(mine))
    images = [str(p) for p in sorted(shots.glob("*.png"))]
    code, out, err = run(capsys, "templates", "capture", *images, "--name", "mine32")
    assert code == 0, err
    assert (mine / "mine32" / "manifest.json").is_file()
    code, out, err = run(capsys, "recognize", "--skin", "mine32",
                         str(CORPUS_DIR / "web32_flagged.png"))
    assert code == 0, err
    assert out == format_board(load_shot("web32_flagged").board)
    code, out, _ = run(capsys, "templates", "list")
    assert code == 0 and "mine32" in out and "yours" in out
    # a name a shipped skin has would be shadowed by it: refused
    shipped = out.split()[0]
    code, _, err = run(capsys, "templates", "capture", *images, "--name", shipped)
    assert code == 2 and "shipped skin" in err
