"""``Admission`` itself: its bound on work in progress holds even for work that overruns."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from sweeper.serving.admission import Admission, NotFinishedError, NotStartedError, OverloadedError


def test_work_past_its_finish_by_keeps_its_slot_until_it_ends() -> None:
    admission = Admission("test", workers=1, queue=0)
    release = threading.Event()

    async def scenario() -> None:
        with pytest.raises(NotFinishedError):
            await admission.run(release.wait, finish_by=time.perf_counter() + 0.1)
        assert admission.admitted == 1
        with pytest.raises(OverloadedError):
            await admission.run(lambda: None)
        release.set()
        for _ in range(100):
            if admission.admitted == 0:
                break
            await asyncio.sleep(0.01)
        assert await admission.run(lambda: 42) == 42

    asyncio.run(scenario())
    admission.close()


def test_queued_work_past_its_start_by_never_runs() -> None:
    admission = Admission("test", workers=1, queue=1)
    release = threading.Event()
    ran: list[str] = []

    async def scenario() -> None:
        busy = asyncio.ensure_future(admission.run(release.wait))
        await asyncio.sleep(0.05)
        with pytest.raises(NotStartedError):
            await admission.run(lambda: ran.append("late"), start_by=time.perf_counter() + 0.1)
        release.set()
        assert await busy is True

    asyncio.run(scenario())
    admission.close()
    assert ran == []
    assert admission.admitted == 0
