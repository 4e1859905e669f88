"""The package's public names: each comes from the module that defines it, and importing
the package alone stays light (no Starlette), so command lines start fast."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

from sweeper import serving

ROOT = Path(__file__).resolve().parents[2]


def test_every_public_name_is_its_modules_own() -> None:
    modules = [importlib.import_module(f"sweeper.serving.{info.name}")
               for info in pkgutil.iter_modules(serving.__path__)]
    defined = sorted(name for module in modules for name in module.__all__)
    assert sorted(serving.__all__) == defined
    for module in modules:
        for name in module.__all__:
            assert getattr(serving, name) is getattr(module, name)


def test_the_package_and_its_argparse_types_import_no_web_framework() -> None:
    probe = ("import sys, sweeper.serving.arguments;"
             " print([m for m in sys.modules if 'starlette' in m])")
    finished = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                              text=True, check=True, timeout=60)
    assert finished.stdout.strip() == "[]"
