"""Every ``sweeper`` command with bad paths, bad numbers and bad files, one option at a time:
never a traceback, never exit code 70 (a fault of sweeper's own), and nothing written
anywhere but in the folders the command line names.

The commands are found in the parser itself, so a command or option added later is fuzzed
too. Each runs in process (``main``), in a temporary working folder holding the bad files,
with an empty PATH, and from a base command line that ends it quickly once its arguments
are taken: ``play`` against an effector that is not there, ``demo`` with a skin that does
not exist, the services open to the network without a token (or, given one, on a port in
use), ``desktop`` without Xvfb.
"""

from __future__ import annotations

import argparse
import io
import json
import signal
import socket
import struct
import zlib
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np
import pytest

from sweeper.cli import build_parser, main

EXIT_INTERNAL_ERROR = 70  # a fault of sweeper's own
ROOT = Path(__file__).resolve().parent.parent
SHOT = ROOT / "docs" / "screenshots" / "game-cell24-mid.png"

# How each command starts before one of its arguments is replaced by a bad value.
BASES: dict[str, list[str]] = {
    "analyze": ["board.txt", "--total-mines", "1"],
    "simulate": ["--games", "1", "--difficulty", "beginner", "--workers", "1"],
    "recognize": ["blank.png"],
    "templates capture": ["shot.png", "--name", "fz", "--out", "skin-out"],
    "templates list": [],
    "replay": ["recording"],
    "play": ["--effector", "http://127.0.0.1:1", "--games", "1"],
    "demo": ["--skin", "no-such-skin"],
    "desktop": [],
    # open to the network without a token: refused; given a token, the port is taken
    "serve analyzer": ["--host", "0.0.0.0", "--port", "{taken_port}"],
    "serve effector": ["--host", "0.0.0.0", "--port", "{taken_port}"],
}
BAD_PATHS = ["missing.txt", "missing/deeper/x", ".", "/", "/dev/null", "/proc/nope",
             "a-folder", "board.txt/inside", "empty.txt", "binary.bin", "noise.png",
             "huge.png", "damaged", "/etc/passwd"]
BAD_NUMBERS = ["x", "", "nan", "inf", "-inf", "1e308", "-1", "0", "99999999999999999999",
               "-99999999999999999999", "0x10", "1.5", "٣", " 7"]
# "{outside}" is an absolute path outside the working folder (in a folder the test owns).
BAD_WORDS = ["-", ":::", "../../x", "{outside}/abs/path", "a b", "line\nbreak", "x" * 300,
             "http://", "ftp://host/", "1,2,3", "0x0"]
BAD_VALUES = list(dict.fromkeys(BAD_PATHS + BAD_NUMBERS + BAD_WORDS))


def _commands(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()) -> Iterator[
        tuple[str, argparse.ArgumentParser]]:
    """Every leaf command (``"serve analyzer"``) and its parser."""
    subcommands = [action for action in parser._actions
                   if isinstance(action, argparse._SubParsersAction)]
    if not subcommands:
        yield " ".join(path), parser
    for action in subcommands:
        for name, command in action.choices.items():
            yield from _commands(command, (*path, name))


def _cases() -> list[tuple[str, list[str]]]:
    """``(command, argv)`` for every bad value of every argument of every command."""
    cases = []
    for command, parser in _commands(build_parser()):
        base = BASES[command]
        cases.append((command, [*command.split(), *base]))
        for action in parser._actions:
            if action.nargs == 0 or isinstance(action, argparse._HelpAction):
                continue
            for value in BAD_VALUES:
                cases.append((command, [*command.split(), *_with(base, action, value)]))
    return cases


def _with(base: list[str], action: argparse.Action, value: str) -> list[str]:
    """``base`` with ``action``'s argument set to ``value`` (options as ``--name=value``)."""
    if not action.option_strings:  # the positional is the base's first argument, if any
        rest = base[1:] if base and not base[0].startswith("-") else base
        return [value, *rest]
    names = set(action.option_strings)
    kept: list[str] = []
    skip = False
    for argument in base:
        if skip:
            skip = False
        elif argument in names:
            skip = True
        else:
            kept.append(argument)
    return [*kept, f"{action.option_strings[-1]}={value}"]


CASES = _cases()


def _png_claiming(width: int, height: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IEND", b"")


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The working folder, two folders down in a folder the test owns (so that '../../x'
    stays in it): the bases' good inputs and the bad files."""
    root = tmp_path_factory.mktemp("fuzz") / "in" / "work"
    root.mkdir(parents=True)
    (root / "board.txt").write_text("01.\n02.\n01.\n")
    (root / "empty.txt").write_text("")
    (root / "binary.bin").write_bytes(bytes(range(256)) * 4)
    (root / "noise.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00\x01" * 500)
    (root / "huge.png").write_bytes(_png_claiming(60_000, 60_000))
    cv2.imwrite(str(root / "blank.png"), np.zeros((40, 40, 3), np.uint8))
    (root / "shot.png").write_bytes(SHOT.read_bytes())
    (root / "shot.json").write_bytes(SHOT.with_suffix(".json").read_bytes())
    (root / "a-folder").mkdir()
    step = {"index": 1, "board": "..\n..\n", "status": "playing", "board_rect": [0, 0, 9, 9],
            "rows": 2, "cols": 2, "total_mines": 1, "rules": "safe"}
    for name, record in (("recording", step), ("damaged", step | {"move": {"col": 1}})):
        (root / name / "game-001").mkdir(parents=True)
        (root / name / "game-001" / "step-0001.json").write_text(json.dumps(record))
    (root / "empty-path").mkdir()
    (root / "home").mkdir()
    return root


def _tree(root: Path) -> dict[Path, tuple[bool, int, int]]:
    return {path: (path.is_dir(), path.stat().st_size, path.stat().st_mtime_ns)
            for path in root.rglob("*")}


def _named(root: Path, argv: list[str]) -> list[Path]:
    """The paths the command line names (option values too), inside ``root``."""
    values = [argument.split("=", 1)[-1] for argument in argv]
    return [(root / value).resolve() for value in values if value]


def _may_write(path: Path, named: list[Path]) -> bool:
    """Whether a command that names ``named`` may have written ``path``: a named path, a
    file in one, or a folder on the way to one (``--record a/b`` makes ``a``)."""
    return any(path == place or place in path.parents or (path.is_dir() and path in place.parents)
               for place in named)


@pytest.fixture
def sandbox(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Path, int]]:
    monkeypatch.chdir(workdir)
    monkeypatch.setenv("PATH", str(workdir / "empty-path"))
    monkeypatch.setenv("HOME", str(workdir / "home"))
    for variable in ("DISPLAY", "XDG_DATA_HOME", "SWEEPER_SKINS", "SWEEPER_TOKEN",
                     "SWEEPER_ANALYZER_TOKEN", "SWEEPER_EFFECTOR_TOKEN", "SWEEPER_TRACEBACK"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"")))
    handlers = {signum: signal.getsignal(signum) for signum in (signal.SIGINT, signal.SIGTERM)}
    with socket.socket() as holder:  # the port in use
        holder.bind(("0.0.0.0", 0))
        holder.listen()
        yield workdir, int(holder.getsockname()[1])
    for signum, handler in handlers.items():  # desktop sets its own
        signal.signal(signum, handler)


def test_every_command_is_fuzzed() -> None:
    commands = {command for command, _ in _commands(build_parser())}
    assert commands == set(BASES)
    assert len(CASES) > 1000


@pytest.mark.parametrize("command", sorted(BASES))
def test_bad_arguments_get_a_message_never_a_fault(
        command: str, sandbox: tuple[Path, int], capsys: pytest.CaptureFixture[str]) -> None:
    root, taken_port = sandbox
    faults, strays = [], []
    owned = root.parent.parent
    argvs = [[argument.replace("{taken_port}", str(taken_port)).replace("{outside}", str(owned))
              for argument in argv] for name, argv in CASES if name == command]
    for argv in argvs:
        before = _tree(owned)
        try:
            code = main(argv)
        except SystemExit as exit_request:  # argparse's usage errors
            code = int(exit_request.code or 0)
        err = capsys.readouterr().err
        if code == EXIT_INTERNAL_ERROR or "Traceback" in err:
            faults.append(f"{argv}: exit {code}: {err.strip()[-300:]}")
        named = _named(root, argv)
        changed = [path for path, state in _tree(owned).items() if before.get(path) != state]
        strays += [f"{argv} wrote {path}" for path in changed if not _may_write(path, named)]
    assert not faults, "\n".join(faults)
    assert not strays, "\n".join(strays)
