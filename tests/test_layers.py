"""Which sweeper package may import which: the analyzer and the effector know nothing of
each other, and serving, which both use, knows neither of them nor any other part."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIRST_PARTY = {"analyzer", "coordinator", "effector", "practice", "recognizer", "serving",
               "templates"}
MAY_NOT_IMPORT = {
    "analyzer": {"effector", "coordinator", "practice", "recognizer"},
    "effector": {"analyzer", "coordinator", "practice", "recognizer"},
    "serving": FIRST_PARTY - {"serving"},
}


def _imported_packages(source: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(source.read_text(), str(source))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return {name.split(".")[0] for name in names}


@pytest.mark.parametrize("package", sorted(MAY_NOT_IMPORT))
def test_a_package_imports_only_what_it_may(package: str) -> None:
    wrong = {
        f"{source.relative_to(ROOT)} imports {name}"
        for source in (ROOT / package).rglob("*.py")
        for name in _imported_packages(source) & MAY_NOT_IMPORT[package]
    }
    assert not wrong, sorted(wrong)
