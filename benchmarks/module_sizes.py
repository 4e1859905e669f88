"""The largest modules and classes of the product, by lines, as the tables of
docs/design.md show them.

    .venv/bin/python benchmarks/module_sizes.py              # the 12 largest of each
    .venv/bin/python benchmarks/module_sizes.py --top 20
    .venv/bin/python benchmarks/module_sizes.py --root /tmp/old   # a checkout of another commit

A module is one ``.py`` file of a package folder (the links in ``sweeper/`` are not counted
twice); a class spans from its ``class`` line to its last line.
"""

from __future__ import annotations

import argparse
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("analyzer", "coordinator", "core", "effector", "practice", "recognizer", "serving")
TOP = 12  # rows of each table: the modules a newcomer meets first


def modules(root: Path) -> list[tuple[int, str]]:
    """``(lines, path)`` of every module of the packages and of the root's own modules."""
    sources = [path for package in PACKAGES for path in (root / package).rglob("*.py")]
    sources += list((root / "sweeper").glob("*.py"))
    return [(len(path.read_text().splitlines()), path.relative_to(root).as_posix())
            for path in sources]


def classes(root: Path) -> list[tuple[int, str]]:
    """``(lines, "path Class")`` of every class of those modules."""
    found = []
    for _, name in modules(root):
        tree = ast.parse((root / name).read_text(), name)
        found += [(node.end_lineno - node.lineno + 1, f"{name} `{node.name}`")
                  for node in ast.walk(tree)
                  if isinstance(node, ast.ClassDef) and node.end_lineno is not None]
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description="The largest modules and classes, by lines.")
    parser.add_argument("--top", type=int, default=TOP, help=f"rows per table (default {TOP})")
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="the checkout to measure (default: this one)")
    args = parser.parse_args()
    for title, rows in (("module", modules(args.root)), ("class", classes(args.root))):
        print(f"| {title} | lines |\n|---|---:|")
        for lines, name in sorted(rows, key=lambda row: (-row[0], row[1]))[:args.top]:
            print(f"| {name if title == 'class' else f'`{name}`'} | {lines} |")
        print()


if __name__ == "__main__":
    main()
