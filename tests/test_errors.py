"""One root for sweeper's errors: every public error class of every package derives from
:class:`sweeper.core.SweeperError`, so a caller can catch them all at once, and no two share a
name."""

from __future__ import annotations

import ast
import importlib
from collections import Counter
from pathlib import Path

import pytest

from sweeper.core import SweeperError

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("analyzer", "coordinator", "core", "effector", "practice", "recognizer", "serving")


def _public_error_classes() -> list[tuple[str, str]]:
    """``(module, class)`` of each public class whose name says it is an error (ruff's N818
    makes every exception's name end in ``Error``)."""
    found = []
    for package in PACKAGES:
        for source in sorted((ROOT / package).rglob("*.py")):
            module = ".".join(("sweeper", *source.relative_to(ROOT).with_suffix("").parts))
            for node in ast.parse(source.read_text(), str(source)).body:
                if (isinstance(node, ast.ClassDef) and node.name.endswith("Error")
                        and not node.name.startswith("_")):
                    found.append((module, node.name))
    return found


ERRORS = _public_error_classes()


def test_the_error_classes_are_found() -> None:
    names = {name for _, name in ERRORS}
    assert {"SweeperError", "AnalysisError", "BatchAbortedError", "EffectorError", "PlayError",
            "SimulationError", "SkinError", "WatchError"} <= names


@pytest.mark.parametrize(("module", "name"), ERRORS)
def test_each_public_error_is_a_sweeper_error(module: str, name: str) -> None:
    error = getattr(importlib.import_module(module), name)
    assert issubclass(error, SweeperError), f"{module}.{name} is not a SweeperError"


def test_no_two_error_classes_share_a_name() -> None:
    twice = [name for name, count in Counter(name for _, name in ERRORS).items() if count > 1]
    assert not twice, twice
