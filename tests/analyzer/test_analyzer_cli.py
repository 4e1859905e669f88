"""``sweeper analyze`` and ``sweeper serve analyzer`` as a user runs them (subprocesses)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from sweeper.coordinator import local_service

SWEEPER = [sys.executable, "-m", "sweeper"]
NEEDS_Z3 = "01.\n02.\n01.\n"


def _sweeper(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*SWEEPER, *args], input=stdin, capture_output=True, text=True, timeout=60, check=False
    )


def test_analyze_reads_stdin_and_prints_the_json() -> None:
    done = _sweeper("analyze", "--total-mines", "2", stdin=NEEDS_Z3)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["safe"] == [[1, 2]]
    assert data["mines"] == [[0, 2], [2, 2]]
    assert data["move"]["reason"] == "certainly safe"


def test_analyze_reads_a_file_with_rules(tmp_path: Path) -> None:
    board = tmp_path / "board.txt"
    board.write_text(".....\n" * 5)
    done = _sweeper("analyze", str(board), "--total-mines", "5", "--rules", "opening")
    assert done.returncode == 0, done.stderr
    move = json.loads(done.stdout)["move"]
    assert (move["row"], move["col"]) == (2, 2)


def test_analyze_answers_a_board_with_a_deep_endgame() -> None:
    board = "\n".join(
        "2" + "." * 29 if row == 0 else "." * 21 + "8" + "." * 8 if row == 7 else "." * 30
        for row in range(16)
    )
    done = _sweeper("analyze", "--total-mines", "11", "--rules", "opening", stdin=board)
    assert done.returncode == 0, done.stderr[-500:]
    assert json.loads(done.stdout)["move"] is not None


@pytest.mark.parametrize(
    ("args", "stdin", "expected"),
    [
        (["--total-mines", "1"], "..\n.\n", "row 1 has 1 cells but row 0 has 2"),
        (["--total-mines", "1"], "?.\n", "row 0, column 0: unknown cell character '?'"),
        (["--total-mines", "2"], "3.\n1.\n", "the 3 at row 0, column 0 needs 3 more mines"),
        (["--total-mines", "-1"], "..\n", "total_mines must be 0 or more"),
        (["/no/such/board.txt", "--total-mines", "1"], "", "cannot read /no/such/board.txt"),
    ],
)
def test_analyze_errors_are_one_line_and_exit_2(
    args: list[str], stdin: str, expected: str
) -> None:
    done = _sweeper("analyze", *args, stdin=stdin)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("sweeper analyze: ")
    assert expected in lines[0]


@pytest.fixture
def served_analyzer() -> Iterator[str]:
    with local_service("analyzer", os.environ) as url:
        yield url


def test_serve_analyzer_answers_over_real_http(served_analyzer: str) -> None:
    assert httpx.get(f"{served_analyzer}/health").json() == {"status": "ok"}
    response = httpx.post(
        f"{served_analyzer}/analyze", json={"board": NEEDS_Z3, "total_mines": 2}
    )
    assert response.status_code == 200
    assert response.json()["safe"] == [[1, 2]]
    bad = httpx.post(f"{served_analyzer}/analyze", json={"board": "3.\n1.\n", "total_mines": 2})
    assert bad.status_code == 422
    assert "row 0, column 0" in bad.json()["detail"]
