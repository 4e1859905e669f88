"""The end-to-end truth check's own rule for cells not seen."""

from __future__ import annotations

from tests.coordinator.truth_check import shows

TRUTH = "12.\n0F."
STALE = "1..\n0F."  # (0, 1) read as it was before: closed


def test_a_cell_left_unseen_in_play_passes_as_closed_only_there() -> None:
    assert shows(STALE, "playing", TRUTH, "playing", [(0, 1)])
    assert not shows(STALE, "playing", TRUTH, "playing")
    assert not shows(STALE, "playing", TRUTH, "playing", [(1, 1)])
    assert not shows("13.\n0F.", "playing", TRUTH, "playing", [(0, 1)])
