"""A skin learned from the game on screen: named tile pictures, matched by template.

Each template is one cell's picture, resampled to ``CELL_SIZE`` and blurred a little,
with the tile type it was named. A cell is read as the type of its closest template when that
template is close (a root-mean-square colour difference of a few grey levels: the same
game draws the same tile the same way) and clearly closer than any template of another
type. Templates come from the game itself (:mod:`recognizer.reader` names new pictures
by the classic rules) or from a tile set saved earlier; ``save`` writes the learned
templates as a tile set for the next run.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from sweeper.recognizer.geometry import BoardGeometry
from sweeper.recognizer.image_io import Image, as_image
from sweeper.recognizer.looks import TileLook, look_at
from sweeper.recognizer.sampling import Cells, cut_tile
from sweeper.recognizer.skins import TILE_CODES, TILE_TYPES, Skin, write_manifest

MATCH_DISTANCE = 12.0  # RMS colour difference (0..255) of a cell read as its template
MIN_LEAD = 8.0  # how much further the closest template of another type must be ...
SAME_PICTURE = 2.0  # ... unless the cell is its template's very picture (this close) and
SAME_PICTURE_LEAD = 5.0  # ... every other type is this much further: thin digits in a
# plain font, blurred to the matching size, differ from each other by only 8 to 13
REACH_SHARE = 0.6  # of a symbol's distance from the nearest plain tile: how close a cell
# must come to its picture (bold classic digits lie 19 or more from a plain tile)
MAX_TEMPLATES = 96  # a skin holds no more pictures than this: a new one then takes the
# place of the one that read a cell longest ago (a canvas that draws its thin digits a
# pixel apart on two shades, lit and unlit, learns about 40 pictures a game)
BLUR_SIGMA = 1.0  # px (at CELL_SIZE) of blur before matching
PAD = 2  # px each cell is padded with its own edges before blurring
MOSAIC_WIDTH = 30  # cells per row of the mosaic they are blurred in

FloatArray = npt.NDArray[np.float32]
KIND_INDEX = {kind: index for index, kind in enumerate(TILE_TYPES)}
PLAIN_KINDS = [KIND_INDEX[kind] for kind in ("0", "unopened")]
CODES = np.array([TILE_CODES[kind] for kind in TILE_TYPES], dtype=np.int8)  # per kind index


@dataclass(frozen=True)
class Template:
    """One named tile picture."""

    kind: str  # one of TILE_TYPES
    vector: FloatArray  # the picture as matched (see :func:`features`)
    picture: Image  # the cell as the screen showed it, for saving
    source: str  # where it came from: "screen" or a tile set's name
    look: TileLook  # the classic facts of the picture (its face colour, its relief)
    taught_at: tuple[BoardGeometry, int] | None = None  # the lattice and cell it was
    # learned from, if from the screen


@dataclass(frozen=True)
class Matches:
    """Per cell: the closest template's type (index into TILE_TYPES) and index, its
    distance, and the distance to the closest template of another type."""

    kinds: npt.NDArray[np.int64]
    distance: FloatArray
    other: FloatArray
    templates: npt.NDArray[np.int64]
    reach: FloatArray  # how close a cell must be to its template to be read as it
    settled: npt.NDArray[np.bool_] | None = None  # close calls a finer look read
    doubted: npt.NDArray[np.bool_] | None = None  # read from afar, named otherwise
    by_middle: npt.NDArray[np.bool_] | None = None  # read by their middles alone

    @property
    def confident(self) -> npt.NDArray[np.bool_]:
        with np.errstate(invalid="ignore"):
            lead = np.nan_to_num(self.other - self.distance, nan=0.0, posinf=np.inf)
        clear = (self.distance <= self.reach) & (lead >= MIN_LEAD)
        same = (self.distance <= SAME_PICTURE) & (lead >= SAME_PICTURE_LEAD)
        settled = self.settled if self.settled is not None else False
        confident = np.asarray(clear | same | settled)
        if self.doubted is not None:
            confident &= ~self.doubted
        return confident if self.by_middle is None else confident | self.by_middle


@dataclass
class LearnedSkin:
    """Templates named so far; grows as new pictures are named."""

    name: str = "learned"
    templates: list[Template] = field(default_factory=list)
    _matrix: FloatArray | None = field(default=None, repr=False)
    _norms: FloatArray | None = field(default=None, repr=False)
    _kinds: npt.NDArray[np.int64] | None = field(default=None, repr=False)
    _reach: FloatArray | None = field(default=None, repr=False)
    # per template: its number in the order learned, and the last match it read a cell in
    _serials: list[int] = field(default_factory=list, repr=False)
    _last_read: list[int] = field(default_factory=list, repr=False)
    _added: int = 0  # templates ever learned
    _matches: int = 0  # matches made

    @property
    def full(self) -> bool:
        return len(self.templates) >= MAX_TEMPLATES

    @property
    def mark(self) -> int:
        """How many templates were ever learned: :meth:`forget` drops what came after."""
        return self._added

    @property
    def held(self) -> tuple[int, ...]:
        """The templates held now, each by its number in the order learned: a skin that
        holds the same ones matches every cell alike."""
        return tuple(self._serials)

    @property
    def picture_size(self) -> tuple[int, int]:
        """``(width, height)`` the pictures are saved at: the largest (tallest) one's."""
        height, width = max(t.picture.shape[:2] for t in self.templates)
        return width, height

    def add(self, kind: str, vector: FloatArray, picture: Image, source: str = "screen",
            taught_at: tuple[BoardGeometry, int] | None = None) -> None:
        """Learn one more named picture (``taught_at``: the lattice and cell it shows)."""
        self.adopt([Template(kind, vector, picture, source, look_at(picture), taught_at)])

    def adopt(self, templates: Sequence[Template]) -> None:
        """Learn pictures already named (another skin's templates)."""
        self.templates.extend(templates)
        self._serials.extend(range(self._added, self._added + len(templates)))
        self._last_read.extend([self._matches] * len(templates))
        self._added += len(templates)
        self._matrix = self._norms = self._kinds = self._reach = None

    def forget(self, kinds: frozenset[str], since: int) -> None:
        """Drop the templates of ``kinds`` learned after the first ``since`` ever learned
        (a :attr:`mark`)."""
        self._keep([i for i, (template, serial) in enumerate(zip(
            self.templates, self._serials, strict=True))
            if serial < since or template.kind not in kinds])

    def discard(self, indices: Collection[int]) -> None:
        """Drop the templates numbered ``indices``."""
        if indices:
            self._keep([i for i in range(len(self.templates)) if i not in indices])

    def make_room(self, count: int) -> None:
        """Drop the templates that read a cell longest ago (the oldest first among those
        alike) until ``count`` more fit."""
        surplus = len(self.templates) + count - MAX_TEMPLATES
        if surplus > 0:
            oldest = sorted(range(len(self.templates)),
                            key=lambda i: (self._last_read[i], self._serials[i]))
            self.discard(set(oldest[:surplus]))

    def _keep(self, indices: list[int]) -> None:
        """Keep only the templates numbered ``indices`` (in order)."""
        self.templates = [self.templates[i] for i in indices]
        self._serials = [self._serials[i] for i in indices]
        self._last_read = [self._last_read[i] for i in indices]
        self._matrix = self._norms = self._kinds = self._reach = None

    @property
    def named_looks(self) -> list[tuple[str, TileLook]]:
        """Every template's ``(kind, look)``."""
        return [(t.kind, t.look) for t in self.templates]

    def looks_of(self, kinds: frozenset[str]) -> list[TileLook]:
        """The looks of the templates of ``kinds``."""
        return [t.look for t in self.templates if t.kind in kinds]

    def match(self, vectors: FloatArray) -> Matches:
        """The closest templates of ``(N, features)`` cells (all unmatched without any)."""
        count = vectors.shape[0]
        if not self.templates:
            inf = np.full(count, np.inf, np.float32)
            none = np.zeros(count, np.int64)
            return Matches(none, inf, inf, none - 1, inf)
        _, _, kinds = self._stacked()
        distance = self.distances(vectors)
        best = distance.argmin(axis=1)
        best_kind = kinds[best]
        rows = np.arange(count)
        other = np.where(kinds[None, :] == best_kind[:, None], np.inf, distance).min(axis=1)
        matches = Matches(best_kind, distance[rows, best], other.astype(np.float32), best,
                          self._reaches()[best])
        self._matches += 1
        for index in np.unique(best[matches.confident]).tolist():
            self._last_read[index] = self._matches
        return matches

    def distances(self, vectors: FloatArray) -> FloatArray:
        """``(N, templates)``: each cell's RMS colour distance to each template."""
        matrix, norms, _ = self._stacked()
        # OpenCV's product: numpy's would go to a multi-threaded BLAS, whose threads can
        # wait milliseconds for a busy second core
        none = np.zeros((0, 0), np.float32)
        products = np.asarray(cv2.gemm(vectors, matrix, 1.0, none, 0.0, flags=cv2.GEMM_2_T))
        squared = (vectors * vectors).sum(axis=1)[:, None] + norms[None, :] - 2 * products
        return np.asarray(np.sqrt(np.maximum(squared, 0) / vectors.shape[1]), np.float32)

    @property
    def vectors(self) -> FloatArray:
        """The templates' vectors as rows (kept until the templates change)."""
        return self._stacked()[0]

    @property
    def kinds(self) -> npt.NDArray[np.int64]:
        """The templates' types (indices into TILE_TYPES), in order."""
        return self._stacked()[2]

    def kind_of(self, template: int) -> int:
        """The type (index into TILE_TYPES) of template number ``template``."""
        return KIND_INDEX[self.templates[template].kind]

    def save(self, folder: Path, notes: str = "") -> dict[str, list[str]]:
        """Write the learned templates as a tile set (one PNG per picture + manifest)."""
        folder.mkdir(parents=True, exist_ok=True)
        tiles: dict[str, list[str]] = {}
        width, height = self.picture_size
        for template in self.templates:
            names = tiles.setdefault(template.kind, [])
            suffix = f"_{len(names) + 1}" if names else ""
            file_name = f"{template.kind}{suffix}.png"
            picture = template.picture
            if picture.shape[:2] != (height, width):
                picture = as_image(cv2.resize(picture, (width, height),
                                              interpolation=cv2.INTER_AREA))
            cv2.imwrite(str(folder / file_name), picture)
            names.append(file_name)
        manifest: dict[str, object] = {
            "name": self.name, "pitch": width if width == height else [width, height],
            "tiles": {kind: tiles[kind] for kind in TILE_TYPES if kind in tiles},
            "notes": notes or "learned from the screen",
        }
        write_manifest(folder, manifest)
        return tiles

    def _reaches(self) -> FloatArray:
        """Per template, how close a cell must come to be read as it: ``MATCH_DISTANCE``,
        or less for a symbol that stands out little from a plain tile (a thin digit in a
        plain font differs from the next digit by only a few levels once blurred)."""
        if self._reach is None:
            matrix, _, kinds = self._stacked()
            plain = np.isin(kinds, PLAIN_KINDS)
            reach = np.full(len(kinds), MATCH_DISTANCE, np.float32)
            if plain.any():
                marked = ~plain
                apart = np.sqrt(((matrix[marked, None, :] - matrix[None, plain, :]) ** 2
                                 ).mean(axis=2)).min(axis=1)
                reach[marked] = np.minimum(MATCH_DISTANCE, REACH_SHARE * apart)
            self._reach = reach
        return self._reach

    def _stacked(self) -> tuple[FloatArray, FloatArray, npt.NDArray[np.int64]]:
        """The templates' vectors as rows, their squared norms and their type indices."""
        if self._matrix is None or self._norms is None or self._kinds is None:
            self._matrix = np.stack([t.vector for t in self.templates]).astype(np.float32)
            self._norms = (self._matrix * self._matrix).sum(axis=1)
            self._kinds = np.array([KIND_INDEX[t.kind] for t in self.templates], np.int64)
        return self._matrix, self._norms, self._kinds


def features(cells: Cells) -> FloatArray:
    """``(N, S, S, 3)`` cells as the vectors templates are matched on: each cell blurred on
    its own (its edges repeated, nothing from its neighbours), flattened to floats. The
    blur makes a cell resampled at another phase (a zoomed or stretched picture) still
    look like its template."""
    count, size = cells.shape[0], cells.shape[1]
    side = size + 2 * PAD
    rows = -(-count // MOSAIC_WIDTH)
    padded = np.zeros((rows * MOSAIC_WIDTH, side, side, 3), np.uint8)
    padded[:count, PAD:-PAD, PAD:-PAD] = cells
    padded[:count, :PAD, PAD:-PAD] = cells[:, :1]
    padded[:count, -PAD:, PAD:-PAD] = cells[:, -1:]
    padded[:, :, :PAD] = padded[:, :, PAD:PAD + 1]
    padded[:, :, -PAD:] = padded[:, :, -PAD - 1:-PAD]
    # blurred as one wide mosaic: OpenCV is much slower on a strip one cell wide
    mosaic = padded.reshape(rows, MOSAIC_WIDTH, side, side, 3).transpose(0, 2, 1, 3, 4)
    flat = np.ascontiguousarray(mosaic).reshape(rows * side, MOSAIC_WIDTH * side, 3)
    blurred = cv2.GaussianBlur(flat, (2 * PAD + 1, 2 * PAD + 1), BLUR_SIGMA)
    back = blurred.reshape(rows, side, MOSAIC_WIDTH, side, 3).transpose(0, 2, 1, 3, 4)
    inner = back.reshape(rows * MOSAIC_WIDTH, side, side, 3)[:count, PAD:-PAD, PAD:-PAD]
    return np.ascontiguousarray(inner).reshape(count, -1).astype(np.float32)


def from_tile_set(skin: Skin) -> LearnedSkin:
    """A learned skin holding a tile set's pictures (and nothing learned yet)."""
    learned = LearnedSkin(name=skin.name)
    learned.adopt(_tile_set_templates(skin))
    return learned


@lru_cache(maxsize=32)
def _tile_set_templates(skin: Skin) -> tuple[Template, ...]:
    """A tile set's pictures as templates, made once per loaded skin (skins are cached
    and never change, and every board located tries them)."""
    return tuple(Template(tile.kind, features(cut_tile(tile.pixels))[0], tile.pixels,
                          skin.name, look_at(tile.pixels)) for tile in skin.tiles)

