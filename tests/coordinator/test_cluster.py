"""The local cluster of ``--cluster auto``: what its worker processes run with."""

from __future__ import annotations

import pytest

from sweeper.coordinator.cluster import AUTO, MALLOC_SETTING, QUIET_SETTINGS, map_on_cluster


def test_local_workers_run_quiet_and_with_glibcs_malloc_thresholds() -> None:
    pytest.importorskip("distributed")

    def settings_seen(jobs: list[str]) -> list[tuple[str, object]]:
        import os

        import dask
        return [(name, os.environ.get(name) if name == MALLOC_SETTING
                 else dask.config.get(name)) for name in jobs]

    names = [MALLOC_SETTING, *QUIET_SETTINGS]
    seen = dict(map_on_cluster(AUTO, settings_seen, names, workers=1))
    assert seen == {MALLOC_SETTING: None, **QUIET_SETTINGS}
