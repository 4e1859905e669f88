"""Fast checks of the practice target's helpers: no display, no browser."""

from __future__ import annotations

import os
import re
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from sweeper.coordinator import start_group, stop_group
from sweeper.practice.cdp import CdpError, read_devtools_port
from sweeper.practice.cli import main as desktop_main
from sweeper.practice.display import MissingProgramError, require_program
from sweeper.practice.server import WEB_DIR, GameServer, game_query


def test_game_query_encodes_parameters_in_order() -> None:
    assert game_query(None) == ""
    assert game_query({"width": 9, "rules": "opening", "seed": 7}) == (
        "?width=9&rules=opening&seed=7"
    )


def test_game_server_serves_the_page_on_loopback_only() -> None:
    with GameServer() as server:
        assert server.base_url.startswith("http://127.0.0.1:")
        with urllib.request.urlopen(server.url({"cell": 16}), timeout=5) as answer:
            page = answer.read().decode()
            assert answer.headers["Cache-Control"] == "no-store"
        assert '<canvas id="game"' in page
        with urllib.request.urlopen(f"{server.base_url}/game.js", timeout=5) as answer:
            assert b"__state" in answer.read()
    with pytest.raises(RuntimeError, match="not running"):
        _ = server.base_url


def test_the_page_loads_nothing_from_outside() -> None:
    for name in ("index.html", "game.js", "style.css"):
        text = (WEB_DIR / name).read_text()
        assert not re.search(r"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}", text, re.IGNORECASE), name
        assert "@import" not in text and "@font-face" not in text, name


def test_stop_group_ends_the_leader_and_its_children() -> None:
    script = "import subprocess, time; subprocess.Popen(['sleep', '60']); time.sleep(60)"
    process = start_group([sys.executable, "-c", script], os.environ)
    time.sleep(0.5)
    members = [pid for pid in _pids() if _group_of(pid) == process.pid]
    assert len(members) == 2  # python and its sleep child
    stop_group(process, timeout_s=2)
    assert process.returncode is not None
    time.sleep(0.1)
    assert all(not _alive(pid) for pid in members)


def test_missing_program_names_the_apt_get_line() -> None:
    with pytest.raises(MissingProgramError, match=r"apt-get install -y .*xdemineur"):
        require_program("no-such-program-sweeper")


def test_a_missing_devtools_port_file_is_a_clear_timeout(tmp_path: Path) -> None:
    with pytest.raises(CdpError, match="DevToolsActivePort"):
        read_devtools_port(tmp_path, timeout_s=0.2)
    (tmp_path / "DevToolsActivePort").write_text("41234\n/devtools/browser/abc\n")
    assert read_devtools_port(tmp_path, timeout_s=0.2) == 41234


def test_desktop_command_rejects_a_malformed_screen_size(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        desktop_main(["--screen", "big"])
    assert exit_info.value.code == 2
    assert "argument --screen: 'big' must look like 12x34" in capsys.readouterr().err


def _pids() -> list[int]:
    return [int(entry) for entry in os.listdir("/proc") if entry.isdigit()]


def _group_of(pid: int) -> int | None:
    try:
        return os.getpgid(pid)
    except ProcessLookupError:
        return None


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):
        return False
