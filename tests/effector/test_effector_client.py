"""Client behaviour that needs no service: clear errors when the effector is not there."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from sweeper.effector.actions import MoveAction
from sweeper.effector.client import EffectorClient
from sweeper.effector.errors import EffectorError

UNREACHABLE = "http://127.0.0.1:9"


@pytest.mark.parametrize("call", [
    lambda client: client.health(),
    lambda client: client.screenshot(),
    lambda client: client.actions([MoveAction(x=1, y=1)]),
])
def test_unreachable_effector_is_a_clear_error(call: Callable[[EffectorClient], object]) -> None:
    with EffectorClient(UNREACHABLE, timeout_s=2) as client, \
            pytest.raises(EffectorError, match="cannot reach the effector at") as failed:
        call(client)

    assert failed.value.status_code is None and UNREACHABLE in str(failed.value)
