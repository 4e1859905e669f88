"""Every ``sweeper`` command on bad input: a clear message and an exit code, never a traceback.

Each case runs the real command line in process (``sweeper.cli.main``): a traceback
would be an exception escaping ``main``, which fails the test.
"""

from __future__ import annotations

import io
import json
import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import cv2
import numpy as np
import pytest

from sweeper.cli import main


def _png_claiming(width: int, height: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IEND", b"")


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Bad inputs on disk: boards, images and damaged recordings."""
    root = tmp_path_factory.mktemp("bad")
    (root / "wide.txt").write_text(("." * 101 + "\n") * 100)
    (root / "long.txt").write_text("." * 40_000)
    (root / "binary.txt").write_bytes(b"\x89\xff\xfe\x00" * 10)
    (root / "huge.png").write_bytes(_png_claiming(60_000, 60_000))
    (root / "noise.png").write_bytes(b"\x00\x01" * 500)
    cv2.imwrite(str(root / "blank.png"), np.zeros((40, 40, 3), np.uint8))
    step = {"index": 1, "board": "..\n..\n", "status": "playing", "board_rect": [0, 0, 9, 9],
            "rows": 2, "cols": 2, "total_mines": 1, "rules": "safe"}
    damaged = {
        "invalid-json": "{",
        "a-list": json.dumps([step]),
        "no-rect": json.dumps({k: v for k, v in step.items() if k != "board_rect"}),
        "bad-board": json.dumps(step | {"board": "..\n.\n"}),
        "bad-rules": json.dumps(step | {"rules": 7}),
        "move-without-col": json.dumps(step | {"move": {"row": 0}}),
        "negative-rows": json.dumps(step | {"rows": -2}),
        "huge-cols": json.dumps(step | {"cols": 10**11}),
        "huge-step": json.dumps(step | {"notes": "x" * (4 << 20)}),
    }
    for name, text in damaged.items():
        (root / name / "game-001").mkdir(parents=True)
        (root / name / "game-001" / "step-0001.json").write_text(text)
    return root


CASES = [
    # (arguments, standard input, exit code, words the message must hold)
    ([], "", 2, "required: COMMAND"),
    (["analyze", "--total-mines", "x"], "", 2, "invalid int value"),
    (["analyze", "--total-mines", "1", "--time-limit", "nan"], "", 2, "positive, finite"),
    (["analyze", "--total-mines", "1", "--time-limit", "inf"], "", 2, "positive, finite"),
    (["analyze", "--total-mines", "1", "--time-limit", "-1"], "", 2, "positive, finite"),
    (["analyze", "--total-mines", "1", "--rules", "lucky"], "", 2, "invalid choice"),
    (["analyze", "--total-mines", "1"], "", 2, "the board is empty"),
    (["analyze", "--total-mines", "1"], "..?\n", 2, "unknown cell character '?'"),
    (["analyze", "--total-mines", str(10**30)], "...\n", 2, "more than the 3 cells"),
    (["analyze", "{files}/none.txt", "--total-mines", "1"], "", 2, "cannot read"),
    (["analyze", "{files}/binary.txt", "--total-mines", "1"], "", 2, "not UTF-8 text"),
    (["analyze", "{files}/wide.txt", "--total-mines", "1"], "", 2, "over the limit of 10000"),
    (["analyze", "{files}/long.txt", "--total-mines", "1"], "", 2, "at most 30000 are read"),
    (["analyze", "{files}", "--total-mines", "1"], "", 2, "cannot read"),
    (["serve", "analyzer", "--port", "99999"], "", 2, "a port is 0 to 65535"),
    (["serve", "analyzer", "--workers", "0"], "", 2, "must be 1 to 1000"),
    (["serve", "analyzer", "--queue", "-1"], "", 2, "must be 0 to 1000"),
    (["serve", "analyzer", "--time-limit", "nan"], "", 2, "positive, finite"),
    (["serve", "analyzer", "--host", "0.0.0.0", "--token", ""], "", 2, "must not be empty"),
    (["serve", "effector", "--port", "-1"], "", 2, "a port is 0 to 65535"),
    (["serve", "effector", "--host", "0.0.0.0", "--token", " "], "", 2, "must not be empty"),
    (["simulate", "--width", "100000", "--height", "100000", "--mines", "1"], "", 2,
     "over the limit of 10000 cells"),
    (["simulate", "--difficulty", "expert", "--workers", "100000"], "", 2, "per core"),
    (["simulate", "--difficulty", "expert", "--games", "-3"], "", 2, "--games must be 1 to"),
    (["simulate", "--width", "9", "--height", "9", "--mines", "81"], "", 2, "does not fit"),
    (["simulate", "--difficulty", "expert", "--rules", "x"], "", 2, "invalid choice"),
    (["recognize", "{files}/none.png"], "", 2, "no such image file"),
    (["recognize", "{files}/huge.png"], "", 2, "over the limit of 40000000 pixels"),
    (["recognize", "{files}/noise.png"], "", 2, "not a readable PNG or JPEG image"),
    (["recognize", "{files}"], "", 2, "a folder, not an image file"),
    (["recognize", "{files}/blank.png"], "", 1, "no Minesweeper board found"),
    (["recognize", "--skin", "nope", "{files}/blank.png"], "", 2, "no skin named 'nope'"),
    (["templates", "capture", "{files}/none.png", "--name", "x", "--out", "{files}/skin"],
     "", 2, "no such image file"),
    (["replay", "{files}/no-such-recording"], "", 2, "no recorded game"),
    (["replay", "{files}/invalid-json"], "", 2, "Invalid JSON"),
    (["replay", "{files}/a-list"], "", 2, "Input should be an object"),
    (["replay", "{files}/no-rect"], "", 2, "board_rect: Field required"),
    (["replay", "{files}/bad-board"], "", 2, "bad board text"),
    (["replay", "{files}/bad-rules"], "", 2, "rules: Input should be 'safe' or 'opening'"),
    (["play", "--region", "1,2,3"], "", 2, "four whole numbers"),
    (["play", "--between-games", "61"], "", 2, "between 0 and 60 seconds, not 61"),
    (["demo", "--between-games", "nan"], "", 2, "between 0 and 60 seconds, not nan"),
    (["demo", "--between-games", "soon"], "", 2, "not a number of seconds: 'soon'"),
    (["play", "--region", "0,0,0,5"], "", 2, "at least 1"),
    (["play", "--games", "0"], "", 2, "must be at least 1"),
    (["play", "--hold-ms", "-5"], "", 2, "must be 0 to 2000"),
    (["play", "--effector", "http://127.0.0.1:1"], "", 1, "cannot reach the effector"),
    (["play", "--effector", "not-a-url"], "", 2, "expected an http:// or https:// URL"),
    (["play", "--analyzer", ":::"], "", 2, "expected an http:// or https:// URL"),
    (["play", "--effector", "http://127.0.0.1:1", "--record", "/proc/nope"], "", 2,
     "--record: cannot make the folder /proc/nope"),
    (["play", "--effector", "http://127.0.0.1:1", "--skin", "nope"], "", 2,
     "--skin: no skin named 'nope'"),
    (["analyze", "--total-mines", "1", "--time-limit", "1e308"], "", 2, "up to 86400"),
    (["simulate", "--seed", "-1"], "", 2, "--seed: must be 0 to"),
    (["templates", "capture", "{files}/blank.png", "--name", "x", "--out", "{files}/wide.txt"],
     "", 2, "wide.txt is not a folder"),
    (["templates", "capture", "{files}/blank.png", "--name", "x", "--out", "/dev/null"],
     "", 2, "/dev/null is not a folder"),
    (["replay", "{files}/move-without-col"], "", 2, "move: needs whole-number 'row' and 'col'"),
    (["replay", "{files}/negative-rows"], "", 2, "rows and cols (-2x2) are not the board's"),
    (["replay", "{files}/huge-cols"], "", 2, "rows and cols (2x100000000000)"),
    (["replay", "{files}/huge-step"], "", 2, "over the limit of 4194304 bytes"),
    (["demo", "--cell", "1000"], "", 2, "must be 8 to 64"),
    (["desktop", "--screen", "0x0"], "", 2, "64 to 16384 pixels"),
]


@pytest.mark.parametrize("case", CASES, ids=[" ".join(case[0]) for case in CASES])
def test_bad_input_gets_a_message_and_an_exit_code(
    case: tuple[list[str], str, int, str],
    files: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    arguments, stdin, code, words = case
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    argv = [argument.format(files=files) for argument in arguments]
    try:
        exit_code = main(argv)
    except SystemExit as exit_request:  # argparse's usage errors
        exit_code = int(exit_request.code or 0)
    err = capsys.readouterr().err
    assert exit_code == code, err
    assert words in err
    command = " ".join(["sweeper", *arguments[:2 if arguments[:1] in (["serve"], ["templates"])
                                                  else 1]])
    assert err.splitlines()[-1].startswith(f"{command}: error: "), err
    if code == 2:
        assert err.count("\n") == 1, err  # a mistake is one line, usage errors too


def test_a_fault_of_sweeper_itself_is_one_line_with_exit_70(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("injected\nfault")

    monkeypatch.setattr("sweeper.analyzer.api.analyze", broken)
    monkeypatch.setattr("sys.stdin", io.StringIO("...\n"))
    assert main(["analyze", "--total-mines", "1"]) == 70
    err = capsys.readouterr().err
    assert err == (
        "sweeper analyze: internal error (RuntimeError: injected fault); "
        "run with SWEEPER_TRACEBACK=1 for the traceback\n"
    )
    monkeypatch.setenv("SWEEPER_TRACEBACK", "1")
    monkeypatch.setattr("sys.stdin", io.StringIO("...\n"))
    with pytest.raises(RuntimeError, match="injected"):
        main(["analyze", "--total-mines", "1"])


def test_opencvs_own_log_lines_do_not_reach_the_user(tmp_path: Path) -> None:
    _, png = cv2.imencode(".png", np.zeros((50, 50, 3), np.uint8))
    truncated = tmp_path / "truncated.png"  # OpenCV logs "[ WARN:0@...] ... incomplete"
    truncated.write_bytes(png.tobytes()[:60])
    env = {key: value for key, value in os.environ.items() if key != "OPENCV_LOG_LEVEL"}
    result = subprocess.run([sys.executable, "-m", "sweeper", "recognize", str(truncated)],
                            capture_output=True, text=True, check=False, timeout=60, env=env)
    assert result.returncode == 2
    assert result.stderr == (f"sweeper recognize: error: {truncated}: not a readable PNG or "
                             "JPEG image\n")
