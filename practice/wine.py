"""Wine's processes for a game of the practice arena: a fresh prefix and where it goes, the
environment Wine runs in, a Wine command run to its end, the prefix's wineserver stopped,
a registry file of settings, and the processes seen in ``/proc``."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile
from collections.abc import Mapping
from pathlib import Path

WINE_ENV = {
    "WINEDEBUG": "-all",
    # no Mono or Gecko installer dialogs, no menu entries or icons written into $HOME
    "WINEDLLOVERRIDES": "mscoree,mshtml=;winemenubuilder.exe=d",
}
PREFIX_BYTES = 1 << 30  # a fresh prefix takes about 700 MB
TMPFS = Path("/dev/shm")


def default_prefix_parent() -> Path:
    """Where fresh prefixes go: /dev/shm if it has room (twice as fast), else the temp dir."""
    with contextlib.suppress(OSError):
        if os.access(TMPFS, os.W_OK) and shutil.disk_usage(TMPFS).free > 2 * PREFIX_BYTES:
            return TMPFS
    return Path(tempfile.gettempdir())


def wine_env(display_env: Mapping[str, str], prefix: Path | None, *,
             display: bool) -> dict[str, str]:
    """The environment of a Wine command in ``prefix``, on the display of ``display_env``
    or (``display=False``) on none."""
    env = {**display_env, **WINE_ENV, "WINEPREFIX": str(prefix)}
    if not display:
        # nothing can reach the screen: wineboot's "updating the configuration" window
        # has no display to appear on
        env.pop("DISPLAY")
    return env


def run_wine(args: list[str], env: dict[str, str], timeout_s: float) -> None:
    """Run a Wine command to its end. Its messages go to a file, not a pipe: the Wine
    services it starts inherit the pipe and would hold it open for seconds."""
    with tempfile.TemporaryFile() as messages:
        done = subprocess.run(
            args, env=env, stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=messages, timeout=timeout_s, check=False,
        )
        if done.returncode != 0:
            messages.seek(0)
            text = messages.read().decode(errors="replace").strip()
            raise RuntimeError(f"{' '.join(args[1:])} failed ({done.returncode}): {text}")


def stop_wineserver(env: dict[str, str]) -> None:
    """Kill the wineserver of ``env``'s prefix and with it every Wine process of the
    prefix."""
    server = shutil.which("wineserver")
    if server is None:
        return
    with contextlib.suppress(subprocess.TimeoutExpired):
        for flag, timeout_s in (("-k", 10), ("-w", 30)):
            subprocess.run([server, flag], env=env, stdin=subprocess.DEVNULL,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           timeout=timeout_s, check=False)


def registry_file(key: str, values: dict[str, int]) -> str:
    """A ``.reg`` file that sets ``values`` (as dwords) under ``key``."""
    lines = ["REGEDIT4", "", f"[{key}]"]
    lines += [f'"{name}"=dword:{value:08x}' for name, value in values.items()]
    return "\n".join(lines) + "\n"


def group_of(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return int(stat.read().rsplit(")", 1)[1].split()[2])
    except (OSError, ValueError, IndexError):
        return None


def alive(pid: int) -> bool:
    """The process exists and is not a zombie."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False
