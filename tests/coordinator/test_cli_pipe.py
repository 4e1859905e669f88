"""The command line when its reader goes away early (``sweeper ... | head``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from sweeper.core import EXPERT


def test_a_closed_pipe_ends_the_command_quietly(tmp_path: Path) -> None:
    board = tmp_path / "board.txt"
    board.write_text(("." * EXPERT.width + "\n") * EXPERT.height)
    command = [sys.executable, "-m", "sweeper.cli", "analyze", str(board)]
    command += ["--total-mines", str(EXPERT.mines)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # the reader is gone before the answer is written
    error = process.stderr.read().decode()
    process.wait(timeout=60)
    assert "Traceback" not in error
    assert process.returncode == 141
