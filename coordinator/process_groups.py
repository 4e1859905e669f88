"""Start helper programs in their own process group and stop the whole group again.

The local services (:mod:`.local_services`) and the practice arena's programs (Xvfb,
Chromium, winemine) are started and stopped this way.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
from collections.abc import Mapping, Sequence


def start_group(args: Sequence[str], env: Mapping[str, str]) -> subprocess.Popen[bytes]:
    """Start ``args`` as the leader of a new session, so its children can be stopped with it."""
    return subprocess.Popen(
        list(args),
        env=dict(env),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def stop_group(process: subprocess.Popen[bytes], timeout_s: float = 5.0) -> None:
    """Terminate the process group led by ``process``; kill it if it does not stop in time."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            break
        try:
            process.wait(timeout=timeout_s)
            _kill_leftovers(process.pid)
            return
        except subprocess.TimeoutExpired:
            continue
    process.wait()


def _kill_leftovers(group: int) -> None:
    """Kill members of the group that outlive their leader (e.g. Chromium's zygote)."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(group, signal.SIGKILL)
