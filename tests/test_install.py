"""The wheel, installed as a user installs it: into a fresh virtual environment, run from
outside the checkout, with nothing of the source tree on the path."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("analyzer", "coordinator", "core", "effector", "practice", "recognizer", "serving",
            "templates")
SOURCES = ("pyproject.toml", "README.md", "LICENSE", "sweeper", *PACKAGES)
# distributions of others that install these generic names, already in the user's environment
OTHERS = ("analyzer", "templates", "effector", "coordinator")
SCREENSHOT = ROOT / "docs" / "screenshots" / "game-cell24-mid"


def _run(*command: str | Path, cwd: Path, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    return subprocess.run([str(part) for part in command], cwd=cwd, env=env, text=True,
                          capture_output=True, timeout=timeout, check=False)


def _checked(result: subprocess.CompletedProcess[str]) -> subprocess.CompletedProcess[str]:
    assert result.returncode == 0, f"{result.args} failed:\n{result.stdout}\n{result.stderr}"
    return result


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path]]:
    """``(sweeper command, a working folder outside the checkout)`` of a wheel built from a
    copy of the sources and installed, with its dependencies, into a new environment."""
    base = tmp_path_factory.mktemp("install")
    source = base / "source"
    source.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", "build")
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=ignore, symlinks=True)
        else:
            shutil.copy2(ROOT / name, source / name)
    _checked(_run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", base / "dist",
                  source, cwd=base))
    wheel = next((base / "dist").glob("sweeper-*.whl"))
    shutil.rmtree(source)  # nothing may come from the sources from here on
    venv = base / "venv"
    _checked(_run(sys.executable, "-m", "venv", venv, cwd=base))
    for name in OTHERS:
        _checked(_run(venv / "bin" / "python", "-m", "pip", "install", "-q", "--no-deps",
                      _other_distribution(base / "others", name), cwd=base))
    _checked(_run(venv / "bin" / "python", "-m", "pip", "install", "-q", wheel, cwd=base))
    work = base / "work"
    work.mkdir()
    yield venv / "bin" / "sweeper", work


def _other_distribution(folder: Path, name: str) -> Path:
    """A source tree of someone else's distribution that installs the import name ``name``."""
    tree = folder / name
    (tree / name).mkdir(parents=True)
    (tree / name / "__init__.py").write_text(f"OWNER = 'other-{name}'\n")
    (tree / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["setuptools>=68"]\nbuild-backend = "setuptools.build_meta"\n'
        f'[project]\nname = "other-{name}"\nversion = "1.0"\n'
        f'[tool.setuptools]\npackages = ["{name}"]\n')
    return tree


def test_the_wheel_adds_one_import_name_beside_others_of_the_same_names(
        installed: tuple[Path, Path]) -> None:
    sweeper, work = installed
    python = sweeper.parent / "python"
    owners = "; ".join(f"import {name}; print({name}.OWNER)" for name in OTHERS)
    result = _checked(_run(python, "-c", owners, cwd=work))
    assert result.stdout.split() == [f"other-{name}" for name in OTHERS]
    record = next(sweeper.parent.parent.glob("lib/python*/site-packages/sweeper-*.dist-info"))
    tops = {line.split("/")[0] for line in (record / "RECORD").read_text().splitlines()}
    assert {top for top in tops if not top.endswith(".dist-info") and top != ".."} == {"sweeper"}
    assert _checked(_run(sweeper, "templates", "list", cwd=work)).stdout.strip()


def test_the_wheel_is_typed_licensed_and_knows_its_version(installed: tuple[Path, Path]) -> None:
    sweeper, work = installed
    site = next(sweeper.parent.parent.glob("lib/python*/site-packages"))
    assert (site / "sweeper" / "py.typed").is_file()
    record = next(site.glob("sweeper-*.dist-info"))
    assert "MIT License" in (record / "licenses" / "LICENSE").read_text()
    assert "License-Expression: MIT" in (record / "METADATA").read_text()
    version = _checked(_run(sweeper, "--version", cwd=work)).stdout.split()
    assert version[0] == "sweeper" and version[1][0].isdigit()


def test_the_wheel_holds_no_editable_path(installed: tuple[Path, Path]) -> None:
    sweeper, work = installed
    python = sweeper.parent / "python"
    result = _checked(_run(python, "-c", "import sweeper.recognizer.skins as s,"
                           " sweeper.practice.server as p;"
                           " print(s.TEMPLATES_DIR); print(p.WEB_DIR)",
                           cwd=work))
    templates, web = (Path(line) for line in result.stdout.split())
    assert ROOT not in templates.parents and ROOT not in web.parents
    assert (templates / "classic-24" / "manifest.json").is_file()
    assert (web / "index.html").is_file() and (web / "game.js").is_file()


def test_recognize_reads_a_shipped_screenshot(installed: tuple[Path, Path]) -> None:
    sweeper, work = installed
    truth = json.loads(SCREENSHOT.with_suffix(".json").read_text())
    result = _checked(_run(sweeper, "recognize", "--json", SCREENSHOT.with_suffix(".png"),
                           cwd=work))
    read = json.loads(result.stdout)
    assert read["board"] == truth["board"]
    assert read["status"] == truth["status"]


def test_simulate_plays_twenty_games(installed: tuple[Path, Path]) -> None:
    sweeper, work = installed
    result = _checked(_run(sweeper, "simulate", "--games", "20", "--json", cwd=work))
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    assert figures["games"] == 20


def test_demo_plays_a_game_of_the_bundled_page(installed: tuple[Path, Path]) -> None:
    sweeper, work = installed
    result = _checked(_run(sweeper, "demo", "--games", "1", "--json", cwd=work))
    assert "Traceback" not in result.stderr
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert summary["games"] == 1 and not summary["errors"]
    assert (work / "recordings" / "demo").is_dir()


def test_games_recorded_without_a_display_become_a_gif(installed: tuple[Path, Path]) -> None:
    from PIL import Image, ImageSequence

    sweeper, work = installed
    no_display = {key: value for key, value in os.environ.items()
                  if key not in ("PYTHONPATH", "DISPLAY")}
    for command in (("simulate", "--games", "3", "--record", "r"),
                    ("replay", "r", "--gif", "g.gif")):
        _checked(subprocess.run([str(sweeper), *command], cwd=work, env=no_display, text=True,
                                capture_output=True, timeout=600, check=False))
    assert len(list((work / "r").glob("game-*/replay.html"))) == 3
    with Image.open(work / "g.gif") as gif:
        frames = sum(1 for _ in ImageSequence.Iterator(gif))
    assert frames == len(list((work / "r").glob("game-*/step-*.json")))
