"""Which sweeper package may import which, in layers (docs/design.md draws them):

- ``core``, the vocabulary (board, sizes, rules, status, ``Rect``, ``SweeperError``),
  imports nothing of sweeper;
- ``serving``, what the HTTP services share, imports only the core;
- the analyzer, the recognizer and the effector import only the core (and serving, the
  two with a service), never each other;
- the coordinator (play loop, simulator) stands on those, and never on the practice arena;
- ``practice``, the arena, is imported only by the command line's composition root
  (``sweeper/cli.py``), benchmarks and tests.

No import loops: not between packages, nor between the modules inside one (counting the
imports inside functions and under ``TYPE_CHECKING`` too).

And how: each package names its public API in its ``__init__.py`` (``__all__``), loaded
lazily so that importing a package stays light, and code outside a package imports only
that API (``from sweeper.core import Board``), never the package's modules; only the
package's own tests may reach inside it. Every public name lives in its own package: no
package passes on another's. Every import names the one import root, ``sweeper``: a bare
``import analyzer`` would find whatever else is installed by that name."""

from __future__ import annotations

import ast
import graphlib
import importlib
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ROOT_NAME = "sweeper"
FIRST_PARTY = {"analyzer", "coordinator", "core", "effector", "practice", "recognizer", "serving",
               "templates"}
# The packages each package may import (templates holds data only, found by its name).
MAY_IMPORT: dict[str, set[str]] = {
    "core": set(),
    "serving": {"core"},
    "analyzer": {"core", "serving"},
    "recognizer": {"core"},
    "effector": {"core", "serving"},
    "coordinator": {"core", "serving", "analyzer", "recognizer", "effector"},
    "practice": {"core", "serving", "analyzer", "recognizer", "effector", "coordinator"},
    "templates": set(),
}
# The one module of the product that may import the practice arena: the command line's
# composition root, which registers every package's commands.
COMPOSITION_ROOT = f"{ROOT_NAME}/cli.py"
# The packages with a public API in their __init__.py (templates holds tile sets only).
WITH_API = sorted(FIRST_PARTY - {"templates"})
# Test folders named after something other than the package they test.
TESTS_OF = {"simulate": "coordinator"}
# Third-party modules that importing a package alone must not load.
HEAVY = {"cv2", "fastapi", "httpx", "mss", "numpy", "pydantic", "rich", "starlette", "z3"}


def _imported_names(source: Path) -> set[str]:
    """The dotted names ``source`` imports, as written (modules, and a from-import's module;
    ``from sweeper import analyzer`` imports ``sweeper.analyzer``)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source.read_text(), str(source))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == ROOT_NAME:
                names.update(f"{ROOT_NAME}.{alias.name}" for alias in node.names)
            else:
                names.add(node.module)
    return names


def _imports(source: Path) -> set[str]:
    """The sweeper modules ``source`` imports, named below the root (``core.board``)."""
    return {name.removeprefix(f"{ROOT_NAME}.") for name in _imported_names(source)
            if name.startswith(f"{ROOT_NAME}.")}


def _imported_packages(source: Path) -> set[str]:
    return {name.split(".")[0] for name in _imports(source)}


def _sources() -> list[Path]:
    """Every Python file once: the packages' (not again through the links in sweeper/), the
    root's own modules (sweeper/cli.py...), benchmarks and tests."""
    return sorted(
        [path for path in ROOT.rglob("*.py")
         if path.relative_to(ROOT).parts[0] not in {".venv", "build", ROOT_NAME}]
        + list((ROOT / ROOT_NAME).glob("*.py")))


def _product() -> list[Path]:
    """The sources that ship: the packages and the root's own modules."""
    return [source for source in _sources()
            if source.relative_to(ROOT).parts[0] in FIRST_PARTY | {ROOT_NAME}]


def _module_name(source: Path) -> str:
    """``core/board.py`` -> ``sweeper.core.board``; ``core/__init__.py`` ->
    ``sweeper.core``."""
    parts = source.relative_to(ROOT).with_suffix("").parts
    parts = parts if parts[0] == ROOT_NAME else (ROOT_NAME, *parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def _import_graph() -> dict[str, set[str]]:
    """Each shipped module -> the shipped modules it imports (anywhere in it).

    ``from sweeper.analyzer import endgame`` imports the module ``sweeper.analyzer.endgame``;
    ``from sweeper.core import Board`` imports ``sweeper.core``, the package's API.
    """
    modules = {_module_name(source): source for source in _product()}
    graph: dict[str, set[str]] = {}
    for name, source in modules.items():
        targets: set[str] = set()
        for node in ast.walk(ast.parse(source.read_text(), str(source))):
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for alias in node.names:
                    submodule = f"{node.module}.{alias.name}"
                    targets.add(submodule if submodule in modules else node.module)
        graph[name] = {target for target in targets if target in modules} - {name}
    return graph


def _package_of(module: str) -> str:
    """``sweeper.core.board`` -> ``core``; the root's own modules -> ``sweeper``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in FIRST_PARTY else ROOT_NAME


def _loop(graph: dict[str, set[str]]) -> list[str] | None:
    """One import loop of ``graph``, or None if it has none."""
    try:
        graphlib.TopologicalSorter(graph).prepare()
    except graphlib.CycleError as loop:
        return list(loop.args[1])
    return None


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


def test_package_data_is_found_under_the_one_root() -> None:
    """``resources.files("practice")`` would find another distribution's ``practice``, or
    none once installed: data is looked up by the package's name under ``sweeper``."""
    bare = sorted(
        f"{source.relative_to(ROOT)} looks up {node.args[0].value!r}"
        for source in _sources()
        for node in ast.walk(ast.parse(source.read_text(), str(source)))
        if isinstance(node, ast.Call) and ast.unparse(node.func).endswith("resources.files")
        and node.args and isinstance(node.args[0], ast.Constant)
        and str(node.args[0].value).split(".")[0] != ROOT_NAME
    )
    assert not bare, bare


@pytest.mark.parametrize("package", sorted(MAY_IMPORT))
def test_a_package_imports_only_what_it_may(package: str) -> None:
    wrong = {
        f"{source.relative_to(ROOT)} imports {name}"
        for source in (ROOT / package).rglob("*.py")
        for name in _imported_packages(source) - MAY_IMPORT[package] - {package}
    }
    assert not wrong, sorted(wrong)


def test_the_layers_have_no_loop() -> None:
    """The allowed imports themselves stack: each layer stands only on the ones below."""
    assert _loop({package: set(allowed) for package, allowed in MAY_IMPORT.items()}) is None


def test_no_import_loop_between_packages() -> None:
    between: dict[str, set[str]] = {}
    for module, targets in _import_graph().items():
        package = _package_of(module)
        between.setdefault(package, set()).update(
            _package_of(target) for target in targets if _package_of(target) != package)
    assert _loop(between) is None


@pytest.mark.parametrize("package", sorted(FIRST_PARTY | {ROOT_NAME}))
def test_no_import_loop_inside_a_package(package: str) -> None:
    inside = {
        module: {target for target in targets if _package_of(target) == package}
        for module, targets in _import_graph().items()
        if _package_of(module) == package
    }
    assert _loop(inside) is None


def test_only_the_composition_root_benchmarks_and_tests_import_the_practice_arena() -> None:
    wrong = sorted(
        f"{source.relative_to(ROOT)} imports {name}"
        for source in _product()
        for name in _imported_packages(source)
        if name == "practice" and _owner(source) != "practice"
        and source.relative_to(ROOT).as_posix() != COMPOSITION_ROOT
    )
    assert not wrong, wrong
    assert "practice" in _imported_packages(ROOT / COMPOSITION_ROOT)


def test_the_graph_sees_the_imports_the_rules_are_about() -> None:
    """The rules above judge a graph read from the files: it must hold the edges it should."""
    graph = _import_graph()
    assert "sweeper.core" in graph["sweeper.recognizer.geometry"]
    assert "sweeper.analyzer.endgame" in graph["sweeper.analyzer.guess"]
    assert {"sweeper.practice", "sweeper.coordinator"} <= graph["sweeper.cli"]
    assert _loop({"a": {"b"}, "b": {"a"}}) is not None


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
    passed_on = {name: home for name, home in homes.items()
                 if not home.startswith(f"{ROOT_NAME}.{package}.")}
    assert not passed_on, f"{package} passes on names of other packages: {passed_on}"
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
