"""Which sweeper package may import which: the analyzer and the effector know nothing of
each other, and serving, which both use, knows neither of them nor any other part.

And how: each package names its public API in its ``__init__.py`` (``__all__``), loaded
lazily so that importing a package stays light, and code outside a package imports only
that API (``from sweeper.analyzer import Board``), never the package's modules; only the
package's own tests may reach inside it. Every import names the one import root,
``sweeper``: a bare ``import analyzer`` would find whatever else is installed by that
name."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ROOT_NAME = "sweeper"
FIRST_PARTY = {"analyzer", "coordinator", "core", "effector", "practice", "recognizer", "serving",
               "templates"}
MAY_NOT_IMPORT = {
    "analyzer": {"effector", "coordinator", "practice", "recognizer"},
    "effector": {"analyzer", "coordinator", "practice", "recognizer"},
    "serving": FIRST_PARTY - {"serving", "core"},
}
# The packages with a public API in their __init__.py (templates holds tile sets only).
WITH_API = sorted(FIRST_PARTY - {"templates"})
# Test folders named after something other than the package they test.
TESTS_OF = {"simulate": "coordinator"}
# Third-party modules that importing a package alone must not load.
HEAVY = {"cv2", "fastapi", "httpx", "mss", "numpy", "pydantic", "rich", "starlette", "z3"}


def _imported_names(source: Path) -> set[str]:
    """The dotted names ``source`` imports, as written (modules, and a from-import's module)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source.read_text(), str(source))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def _imports(source: Path) -> set[str]:
    """The sweeper modules ``source`` imports, named below the root (``analyzer.board``)."""
    return {name.removeprefix(f"{ROOT_NAME}.") for name in _imported_names(source)
            if name.startswith(f"{ROOT_NAME}.")}


def _imported_packages(source: Path) -> set[str]:
    return {name.split(".")[0] for name in _imports(source)}


def _sources() -> list[Path]:
    return sorted(path for path in ROOT.rglob("*.py")
                  if path.relative_to(ROOT).parts[0] not in {".venv", "build", ROOT_NAME})


def _owner(source: Path) -> str | None:
    """The package whose insides ``source`` may import: its own, or the one it tests."""
    parts = source.relative_to(ROOT).parts
    if parts[0] == "tests":
        return TESTS_OF.get(parts[1], parts[1]) if len(parts) > 2 else None
    return parts[0]


def test_every_import_of_sweeper_names_the_one_root() -> None:
    bare = sorted(
        f"{source.relative_to(ROOT)} imports {name}"
        for source in _sources()
        for name in _imported_names(source)
        if name.split(".")[0] in FIRST_PARTY
    )
    assert not bare, bare


@pytest.mark.parametrize("package", sorted(MAY_NOT_IMPORT))
def test_a_package_imports_only_what_it_may(package: str) -> None:
    wrong = {
        f"{source.relative_to(ROOT)} imports {name}"
        for source in (ROOT / package).rglob("*.py")
        for name in _imported_packages(source) & MAY_NOT_IMPORT[package]
    }
    assert not wrong, sorted(wrong)


def test_other_code_imports_a_package_only_through_its_api() -> None:
    wrong = sorted(
        f"{source.relative_to(ROOT)} imports {name}"
        for source in _sources()
        for name in _imports(source)
        if name.split(".")[0] in WITH_API and "." in name
        and name.split(".")[0] != _owner(source)
    )
    assert not wrong, wrong


@pytest.mark.parametrize("package", WITH_API)
def test_each_public_name_comes_from_the_module_that_defines_it(package: str) -> None:
    module = importlib.import_module(f"{ROOT_NAME}.{package}")
    homes: dict[str, str] = module._HOME_OF
    assert set(homes) <= set(module.__all__)
    assert len(module.__all__) == len(set(module.__all__))
    for name in module.__all__:
        home = importlib.import_module(homes[name]) if name in homes else module
        assert getattr(module, name) is getattr(home, name), f"{package}.{name}"
    # what mypy sees (the imports under TYPE_CHECKING) is what runs (_HOME_OF)
    tree = ast.parse((ROOT / package / "__init__.py").read_text())
    typed = {
        alias.asname or alias.name: node.module
        for block in tree.body
        if isinstance(block, ast.If) and ast.unparse(block.test) == "TYPE_CHECKING"
        for node in block.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    assert typed == homes


def test_importing_the_packages_loads_no_heavy_library() -> None:
    probe = (f"import sys, {', '.join(f'{ROOT_NAME}.{name}' for name in WITH_API)}; "
             f"print(sorted({{m.split('.')[0] for m in sys.modules}} & set({sorted(HEAVY)!r})))")
    finished = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                              text=True, check=True, timeout=60)
    assert finished.stdout.strip() == "[]"
