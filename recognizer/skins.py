"""Tile sets ("skins"): one folder per look under ``templates/``, one PNG per tile image.

A skin folder holds ``manifest.json``::

    {"name": "classic-16", "pitch": 16,
     "tiles": {"unopened": ["unopened.png"], "flag": ["flag.png", "flag_wrong.png"],
               "mine": ["mine.png", "mine_exploded.png"], "0": ["0.png"], ..., "8": ["8.png"]},
     "faces": {"playing": ["face_playing.png"], "won": ["face_won.png"],
               "lost": ["face_lost.png"]},
     "fallback": "classic-16",
     "notes": "free text"}

``pitch`` is the cell pitch (px) the tiles were cut at, or ``[width, height]`` for cells
that are not square; every tile image is a crop of one cell of that size, its top/left
grid line included. A tile type may list
several images (an exploded mine is still a mine, a wrongly placed flag shown at the end
of a lost game is still a flag, a question mark is still an unopened cell). Tile types the
skin lacks are borrowed from its ``fallback`` skin. Faces are optional.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import cv2

from sweeper.core import FLAG, GAME_STATUSES, MINE, UNOPENED, SweeperError
from sweeper.recognizer.image_io import Image, ImageError, as_image, load_image

TEMPLATES_DIR = Path(str(resources.files("sweeper.templates")))  # installed with the package
MANIFEST = "manifest.json"
SKIN_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")  # a folder name, never a path
SKIN_FILE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,127}")  # a tile's file in its folder
TILE_SIDES = (6, 128)  # px a tile set's pitch may be: half the smallest pitch located,
# twice the largest

TILE_TYPES: tuple[str, ...] = ("unopened", "flag", "mine", *(str(n) for n in range(9)))
TILE_CODES: dict[str, int] = {"unopened": UNOPENED, "flag": FLAG, "mine": MINE} | {
    str(n): n for n in range(9)
}


class SkinError(SweeperError, ValueError):
    """A skin folder or manifest that cannot be used; the message names the file."""


@dataclass(frozen=True)
class TileImage:
    """One tile picture and the tile type it shows."""

    kind: str  # one of TILE_TYPES
    name: str  # file name, for messages
    pixels: Image


@dataclass(frozen=True, eq=False)
class Skin:
    """A loaded tile set."""

    name: str
    size: tuple[int, int]  # (width, height) of every tile picture
    tiles: tuple[TileImage, ...]
    faces: dict[str, tuple[Image, ...]] = field(default_factory=dict)
    notes: str = ""

    @property
    def kinds(self) -> set[str]:
        return {tile.kind for tile in self.tiles}


def user_skins_dir() -> Path:
    """Where the skins a user captured are kept: ``$SWEEPER_SKINS``, else
    ``$XDG_DATA_HOME/sweeper/skins`` (``~/.local/share/sweeper/skins``)."""
    if os.environ.get("SWEEPER_SKINS"):
        return Path(os.environ["SWEEPER_SKINS"])
    data_home = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(data_home) / "sweeper" / "skins"


def check_skin_name(name: str) -> str:
    """``name`` if it is a plain skin name (letters, digits, '.', '_' and '-', starting
    with a letter or digit, at most 64 characters): one folder inside a skins folder,
    never a path out of it. Raises :class:`SkinError` otherwise."""
    if not SKIN_NAME.fullmatch(name):
        raise SkinError(
            f"{name!r} is not a skin name: use letters, digits, '.', '_' and '-' (starting "
            "with a letter or digit, at most 64 characters), no '/' and no spaces")
    return name


def skin_dir(name_or_path: str | Path) -> Path:
    """The folder of a skin given by path, or by name: shipped (under ``templates/``),
    else one of the user's (:func:`user_skins_dir`)."""
    path = Path(name_or_path)
    if _is_folder(path):
        return path
    name = str(name_or_path)
    for root in (TEMPLATES_DIR, user_skins_dir()) if SKIN_NAME.fullmatch(name) else ():
        candidate = root / name
        if (candidate / MANIFEST).is_file():
            return candidate
    known = ", ".join([*available_skins(), *user_skins()]) or "none"
    raise SkinError(f"no skin named {name!r} (known skins: {known})")


def _is_folder(path: Path) -> bool:
    """Whether ``path`` is a folder (False for a name the system cannot even look up, such
    as one too long)."""
    try:
        return path.is_dir()
    except OSError:
        return False


def available_skins() -> list[str]:
    """Names of the skins shipped under ``templates/``."""
    return _skins_in(TEMPLATES_DIR)


def user_skins() -> list[str]:
    """Names of the skins the user captured (:func:`user_skins_dir`) that no shipped skin
    shadows; they are read only when asked for by name."""
    shipped = set(available_skins())
    return [name for name in _skins_in(user_skins_dir()) if name not in shipped]


def _skins_in(root: Path) -> list[str]:
    if not root.is_dir():
        return []
    return sorted(p.name for p in root.iterdir() if (p / MANIFEST).is_file())


@lru_cache(maxsize=32)
def load_skin(name_or_path: str | Path) -> Skin:
    """Load a skin (cached), borrowing missing tile types from its fallback skin."""
    return _load_skin(name_or_path, ())


def _load_skin(name_or_path: str | Path, borrowers: tuple[str, ...]) -> Skin:
    """Load a skin for the chain of skins ``borrowers`` that fall back on it."""
    folder = skin_dir(name_or_path)
    manifest = read_manifest(folder)
    tiles = [
        TileImage(kind, file_name, _load_tile(folder, file_name, _tile_size(manifest)))
        for kind, file_names in manifest["tiles"].items()
        for file_name in file_names
    ]
    fallback = manifest.get("fallback")
    if fallback and fallback != folder.name:
        if fallback in borrowers:
            chain = " -> ".join([*borrowers, folder.name, fallback])
            raise SkinError(f"{folder / MANIFEST}: the fallbacks go round in a circle ({chain})")
        have = {tile.kind for tile in tiles}
        borrowed = _load_skin(fallback, (*borrowers, folder.name))
        tiles += [tile for tile in borrowed.tiles if tile.kind not in have]
    faces = {
        status: tuple(_load_face(folder, file_name) for file_name in file_names)
        for status, file_names in manifest.get("faces", {}).items()
    }
    return Skin(
        name=str(manifest["name"]), size=_tile_size(manifest), tiles=tuple(tiles),
        faces=faces, notes=str(manifest.get("notes", "")),
    )


def read_manifest(folder: Path) -> dict[str, Any]:
    """Read and check a skin's ``manifest.json``."""
    path = folder / MANIFEST
    try:
        manifest = json.loads(path.read_text())
    except FileNotFoundError:
        raise SkinError(f"{path}: missing (every skin folder needs a manifest)") from None
    except json.JSONDecodeError as error:
        raise SkinError(f"{path}: not valid JSON ({error})") from None
    if not isinstance(manifest, dict):
        raise SkinError(f"{path}: expected a JSON object")
    for key in ("name", "pitch", "tiles"):
        if key not in manifest:
            raise SkinError(f"{path}: missing key {key!r}")
    pitch = manifest["pitch"]
    sides = pitch if isinstance(pitch, list) and len(pitch) == 2 else [pitch]
    low, high = TILE_SIDES
    if not all(isinstance(side, int) and low <= side <= high for side in sides):
        raise SkinError(f"{path}: 'pitch' must be a whole number of pixels ({low}..{high}), "
                        "or [width, height]")
    _check_names(path, "tiles", manifest["tiles"], TILE_TYPES)
    _check_names(path, "faces", manifest.get("faces", {}), GAME_STATUSES)
    fallback = manifest.get("fallback")
    if fallback is not None and not (isinstance(fallback, str) and SKIN_NAME.fullmatch(fallback)):
        raise SkinError(f"{path}: 'fallback' must be the name of another skin, not {fallback!r}")
    return manifest


def write_manifest(folder: Path, manifest: dict[str, Any]) -> None:
    """Write a manifest with a stable key order."""
    (folder / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n")


def _check_names(path: Path, key: str, mapping: object, allowed: tuple[str, ...]) -> None:
    if not isinstance(mapping, dict):
        raise SkinError(f"{path}: {key!r} must map names to lists of PNG files")
    for name, files in mapping.items():
        if name not in allowed:
            raise SkinError(f"{path}: unknown {key} entry {name!r} (allowed: {', '.join(allowed)})")
        if not isinstance(files, list) or not all(_is_file_name(f) for f in files):
            raise SkinError(f"{path}: {key}[{name!r}] must be a list of file names in the "
                            "skin's folder")


def _is_file_name(name: object) -> bool:
    """Whether ``name`` names a file right inside a folder (no path, no '..')."""
    return isinstance(name, str) and bool(SKIN_FILE.fullmatch(name))


def _tile_size(manifest: dict[str, Any]) -> tuple[int, int]:
    pitch = manifest["pitch"]
    return (int(pitch[0]), int(pitch[1])) if isinstance(pitch, list) else (int(pitch), int(pitch))


def _load_tile(folder: Path, file_name: str, size: tuple[int, int]) -> Image:
    try:
        tile = load_image(folder / file_name)
    except ImageError as error:
        raise SkinError(str(error)) from None
    if tile.shape[1::-1] != size:
        raise SkinError(
            f"{folder / file_name}: tile is {tile.shape[1]}x{tile.shape[0]} px "
            f"but the manifest's pitch is {size[0]}x{size[1]}"
        )
    return tile


def _load_face(folder: Path, file_name: str) -> Image:
    try:
        return load_image(folder / file_name)
    except ImageError as error:
        raise SkinError(str(error)) from None


def scaled(image: Image, factor: float) -> Image:
    """``image`` resized by ``factor`` (area averaging when shrinking)."""
    height, width = image.shape[:2]
    size = (max(1, round(width * factor)), max(1, round(height * factor)))
    interpolation = cv2.INTER_AREA if factor < 1 else cv2.INTER_LINEAR
    return as_image(cv2.resize(image, size, interpolation=interpolation))
