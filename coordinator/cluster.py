"""Running a run's games on a Dask cluster (``sweeper simulate --cluster auto|ADDRESS``).

Dask's distributed scheduler was chosen over Ray for what this job needs and no more: a
plain ``pip install`` on every machine (no object store or dashboard to run), a scheduler
started with one command (``dask scheduler``) that workers join by address
(``dask worker tcp://HOST:8786``), and futures that come back as they finish, so each
game's line is written at once. A task is a chunk of games, played in the worker process
by the same function as the default pool's, on the same per-process tables, so a seed
plays the same game on either. ``auto`` starts a local cluster on loopback, one worker
process of one thread per requested worker.
"""

from __future__ import annotations

import importlib.util
import logging
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack
from typing import TYPE_CHECKING, TypeVar

from sweeper.core import SweeperError

if TYPE_CHECKING:
    from distributed import Client

AUTO = "auto"
EXTRA_HINT = "pip install 'sweeper[cluster]'"
CONNECT_TIMEOUT_S = 10
MAX_PORT = 65535
ADDRESS_SHAPE = re.compile(r"(?:[a-z][a-z0-9+.-]*://)?(?P<host>\[[0-9a-fA-F:.]+\]|[\w.-]{1,253})"
                           r":(?P<port>\d{1,5})")
MAX_CHUNK = 32  # games per task: a few seconds of work, little lost when a run stops
MALLOC_SETTING = "MALLOC_TRIM_THRESHOLD_"  # Dask sets it for its workers; any value turns
# off glibc's own adjustment of when large arrays are mapped, and the games' many
# short-lived arrays then each cost a map and an unmap: a third of the CPU time went to
# the system (sys 50 s of 165 s on 600 expert games; 5 s of 115 s without it)
QUIET_SETTINGS = {  # a local cluster's own upkeep, idle, took 5.9% of a core per worker
    # (3.1% in the scheduler's process, 2.8% in the worker's); with these, 0.7%
    "distributed.admin.tick.interval": "1s",  # the event loops' watchdog: a 20 ms tick
    # only serves warnings of a blocked loop, and cost 2% of a core in the scheduler's
    "distributed.worker.profile.enabled": False,  # the statistical profiler samples the
    # game thread every 10 ms for a dashboard no run shows: 1% of a core per worker
    "distributed.admin.system-monitor.interval": "5s",  # resource figures for the same
    # dashboard, every 0.5 s
    "distributed.worker.memory.monitor-interval": "1s",  # the nannies' memory watch: a
    # game's few MB never approach the limit, so a second is soon enough to act on it
}

Job = TypeVar("Job")
Result = TypeVar("Result")


class ClusterError(SweeperError, RuntimeError):
    """The cluster could not be started or reached; the message says which and why."""


def cluster_problem(address: str) -> str | None:
    """Why ``--cluster address`` cannot be used here (None when it can be tried)."""
    if importlib.util.find_spec("distributed") is None:
        return f"--cluster needs Dask's distributed scheduler: {EXTRA_HINT}"
    if address != AUTO and not _looks_like_an_address(address):
        return (f"--cluster: {address[:60]!r} is not 'auto' or a scheduler's address "
                "such as tcp://10.0.0.5:8786")
    return None


def _looks_like_an_address(address: str) -> bool:
    """Whether ``address`` has the shape ``[scheme://]host:port`` (a port 1-65535, a host
    name of at most 253 characters), so a malformed one is refused before Dask sees it."""
    match = ADDRESS_SHAPE.fullmatch(address.strip())
    return match is not None and 1 <= int(match["port"]) <= MAX_PORT


def map_on_cluster(
    address: str,
    work: Callable[[list[Job]], list[Result]],
    jobs: Sequence[Job],
    workers: int,
) -> Iterator[Result]:
    """``work`` over chunks of ``jobs`` on the cluster at ``address`` (``auto``: a local
    one of ``workers`` processes); yield every result as its chunk finishes."""
    from distributed import as_completed

    with ExitStack() as stack:
        client = _client(address, workers, stack)
        threads = max(1, sum(client.nthreads().values()))
        size = max(1, min(MAX_CHUNK, len(jobs) // (threads * 8)))
        chunks = [list(jobs[start:start + size]) for start in range(0, len(jobs), size)]
        futures = client.map(work, chunks, pure=False)
        for future in as_completed(futures):
            yield from future.result()
            future.release()


def _client(address: str, workers: int, stack: ExitStack) -> Client:
    import dask
    from distributed import Client, LocalCluster

    try:
        if address == AUTO:
            environ = dict(dask.config.get("distributed.nanny.pre-spawn-environ"))
            environ.pop(MALLOC_SETTING, None)
            stack.enter_context(dask.config.set(
                {"distributed.nanny.pre-spawn-environ": environ, **QUIET_SETTINGS}))
            cluster = stack.enter_context(LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                dashboard_address=None, silence_logs=logging.ERROR))
            client: Client = stack.enter_context(Client(cluster))
        else:
            client = stack.enter_context(Client(address, timeout=CONNECT_TIMEOUT_S))
    except Exception as error:  # Dask's failures to start or connect come in many types
        where = "a local cluster" if address == AUTO else f"the scheduler at {address}"
        raise ClusterError(f"--cluster: cannot reach {where} ({error})") from None
    return client
