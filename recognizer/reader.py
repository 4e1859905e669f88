"""Read every cell of a located board, learning the game's tile pictures as they appear.

A :class:`BoardReader` keeps a :class:`~recognizer.learned.LearnedSkin` across the
screenshots of a game. Each reading cuts the cells at the lattice and matches them
against the templates learned so far. Cells no template explains are grouped into
clusters of look-alikes; each cluster's first picture is named by the classic meanings
(:mod:`recognizer.naming`) and, if the name fits the board (no opened 0 beside an
unopened cell, no digit with fewer covered neighbours than it counts), becomes a new
template. Anything left unexplained is unreadable, never guessed.

The game's status follows from the board where it can: a revealed mine means lost, and
with the mine count known, a board whose every safe cell is open is won. The face above
the board, where there is one, decides otherwise; faces of a look never seen before are
learned from the boards whose status is certain.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

import cv2
import numpy as np
import numpy.typing as npt

from sweeper.core import FLAG, MINE, UNOPENED, Board, game_status, mine_count
from sweeper.recognizer.close_calls import settle_close_calls
from sweeper.recognizer.faces import (
    KnownFaces,
    face_signature,
    find_yellow_face,
    mood_of,
    shipped_faces,
)
from sweeper.recognizer.families import COVERED, OPENED, FaceEvidence, one_family, plain
from sweeper.recognizer.geometry import BoardGeometry
from sweeper.recognizer.image_io import Image, ImageSource, load_image
from sweeper.recognizer.learned import LearnedSkin, Matches, features, from_tile_set
from sweeper.recognizer.looks import TileLook, look_at
from sweeper.recognizer.naming import MIN_DARK_CORE, name_tile, red_face
from sweeper.recognizer.recognition import Recognition, Status
from sweeper.recognizer.rereading import CellVectors
from sweeper.recognizer.sampling import cut_boxes, native_cell
from sweeper.recognizer.skins import TILE_CODES, TILE_TYPES, Skin

CLUSTER_DISTANCE = 5.0  # cells this close to a cluster's first picture join the cluster
# (a thin digit lies 6 to 9 from a plain tile, the same tile drawn twice within 6)
STEADY_CHANGE = 4.0  # a cell that changed less since the last reading shows one picture
STEADY_SPAN_S = 0.15  # ... held this long at least: two readings a few ms apart both catch
# a tile fading in (a number appearing over 0.3 s), whose picture must not be learned
DRIFT = 5  # px a cell may be drawn off its lattice place along its row ...
DRIFT_ACROSS = 2  # ... and along its column
MAX_REALIGNED = 120  # cells re-cut per reading at most
MAX_CLUSTERS = 48  # new pictures named per pass at most
LEARNING_PASSES = 3  # later passes name what the first ones' templates make clear (a flat look
# whose opened region draws a border line: each digit by the sides its border runs on)
PRIOR_SIZE_TOLERANCE = 0.2  # a tile set is tried on cells this close to its tile size
MIN_PRIOR_SHARE = 0.3  # of the cells a tile set must read to be adopted
MAX_FACES = 3  # face pictures kept per status
# tile types drawn alike (a face colour; for covered tiles a bevel too): a new picture
# must look like its family
FAMILIES = (COVERED, OPENED)
FACE_TOLERANCE = 24.0  # largest channel difference between faces of one family
BEVEL_RATIO = (0.55, 1.8)  # how much weaker or stronger a band of a covered tile's bevel may be

CODES = np.array([TILE_CODES[kind] for kind in TILE_TYPES], dtype=np.int8)
NEIGHBOURS = np.ones((3, 3), np.float32)
BoolGrid = npt.NDArray[np.bool_]


@dataclass(frozen=True)
class _Cluster:
    leader: int  # index of the cell whose picture names the cluster
    members: npt.NDArray[np.int64]


class BoardReader:
    """Reads boards of one game, learning its skin as it goes."""

    def __init__(self, priors: Sequence[Skin] = (), adopt_all: bool = False) -> None:
        """``priors`` are tile sets to start from (adopted when they read the board, or
        always with ``adopt_all``)."""
        self.skin = LearnedSkin()
        self.priors = list(priors)
        self.adopt_all = adopt_all
        self.faces: KnownFaces = {}
        self._priors_tried = False
        # per cell of the lattice last read, the picture it has held and since when
        self._held: tuple[BoardGeometry, npt.NDArray[np.float32],
                          npt.NDArray[np.float64]] | None = None
        self._cells = CellVectors()  # cut again only where the screenshot changed

    def read(self, image: ImageSource, geometry: BoardGeometry, total_mines: int | None = None,
             *, learn_when_stable: bool = False) -> Recognition:
        """Read the board at ``geometry`` in ``image``.

        ``total_mines`` (known for the standard sizes) lets the status say won. With
        ``learn_when_stable``, a new picture is learned only once a cell has held it for
        ``STEADY_SPAN_S`` over the readings (a tile caught half drawn or fading in is
        never learned)."""
        picture = load_image(image)
        vectors = self._cells.of(picture, geometry)
        if not self._priors_tried:
            self._adopt_priors(vectors, geometry)
        matches = self._match(picture, geometry, vectors)
        learned: list[str] = []
        steady = (self._steady(geometry, vectors) if learn_when_stable
                  else np.ones(vectors.shape[0], dtype=np.bool_))
        for passes in range(LEARNING_PASSES + 1):
            if not matches.confident.all() and self.skin.templates:
                vectors = self._realigned(picture, geometry, vectors, ~matches.confident)
                matches = self._match(picture, geometry, vectors)
            if matches.confident.all() or passes == LEARNING_PASSES:
                break
            new = self._learn(picture, geometry, vectors, matches, steady)
            if not new:
                break
            learned += new
            matches = self._match(picture, geometry, vectors)
        shape = (geometry.rows, geometry.cols)
        codes = CODES[matches.kinds].reshape(shape)
        readable = matches.confident.reshape(shape)
        impossible = impossible_cells(codes, readable)
        readable &= ~impossible
        exploded = self._exploded(matches.templates, readable.ravel())
        status = self._status(picture, geometry, codes, readable, exploded,
                              total_mines=total_mines)
        return replace(_recognition(geometry, codes, readable, bool(impossible.any())),
                       skin=self.skin.name,
                       status=status, learned=tuple(learned),
                       distance=np.minimum(matches.distance, 255).reshape(shape))

    def _match(self, picture: Image, geometry: BoardGeometry,
               vectors: npt.NDArray[np.float32]) -> Matches:
        """How the skin reads the cells (``vectors``), close calls looked at closer."""
        return settle_close_calls(picture, geometry, self.skin, vectors,
                                  self.skin.match(vectors))

    def forget_opened_since(self, count: int) -> None:
        """Forget the opened-cell pictures (0 to 8) learned after the first ``count``
        templates. What a game's end showed must not teach the next game how its opened
        cells look: a dialog's plain inside reads as a 0, and an opened cell whose face
        is unlike that 0's would never be named again."""
        self.skin.forget(OPENED, since=count)

    # ------------------------------------------------------------ learning

    def _adopt_priors(self, vectors: npt.NDArray[np.float32], geometry: BoardGeometry) -> None:
        """Start from the tile sets that read the board well (or all, if so asked)."""
        self._priors_tried = True
        for prior in self.priors:
            width, height = prior.size
            if not self.adopt_all and (
                    abs(geometry.pitch_x / width - 1) > PRIOR_SIZE_TOLERANCE
                    or abs(geometry.pitch_y / height - 1) > PRIOR_SIZE_TOLERANCE):
                continue
            candidate = from_tile_set(prior)
            share = float(candidate.match(vectors).confident.mean())
            if self.adopt_all or share >= MIN_PRIOR_SHARE:
                self.skin.adopt(candidate.templates)
                self.skin.name = prior.name if self.skin.name == "learned" else self.skin.name

    def _steady(self, geometry: BoardGeometry,
                vectors: npt.NDArray[np.float32]) -> npt.NDArray[np.bool_]:
        """Which cells have held their picture (within ``STEADY_CHANGE`` of it, however
        slowly it drifts) for ``STEADY_SPAN_S`` over the readings of this lattice."""
        now = time.monotonic()
        if self._held is None or self._held[0] != geometry:
            self._held = geometry, vectors.copy(), np.full(vectors.shape[0], now)
            return np.zeros(vectors.shape[0], dtype=np.bool_)
        _, pictures, since = self._held
        change = np.sqrt(((vectors - pictures) ** 2).mean(axis=1))
        moved = change > STEADY_CHANGE
        pictures[moved] = vectors[moved]
        since[moved] = now
        return np.asarray(now - since >= STEADY_SPAN_S)

    def _learn(self, picture: Image, geometry: BoardGeometry, vectors: npt.NDArray[np.float32],
               matches: Matches, steady: npt.NDArray[np.bool_]) -> list[str]:
        """Name the clusters of unexplained cells (``matches``: how the skin reads
        ``vectors`` now); keep the names the board allows."""
        unexplained = np.nonzero(~matches.confident & steady)[0]
        if unexplained.size == 0:
            return []
        clusters = _clusters(vectors, unexplained)
        shape = (geometry.rows, geometry.cols)
        codes = CODES[matches.kinds].copy()
        readable = matches.confident.copy()
        looks = [look_at(native_cell(picture, geometry, *divmod(cluster.leader, geometry.cols)))
                 for cluster in clusters]
        # a fresh board: every cell unlike anything known, and all alike (one picture, or
        # the plain faces of one family: a checkerboard's two shades)
        fresh = len(unexplained) == codes.size and (len(clusters) == 1 or one_family(looks))
        evidence = FaceEvidence.of([(t.kind, t.look) for t in self.skin.templates])
        # pictures with something on them first: their faces tell a flat look's closed
        # cells from its opened ones, which the plain pictures then need
        order = sorted(range(len(clusters)), key=lambda i: plain(looks[i]))
        named: list[tuple[_Cluster, str]] = []
        for i in order:
            kind = "unopened" if fresh else self._name(looks[i], evidence)
            if kind is not None:
                evidence.add(kind, looks[i])
                codes[clusters[i].members] = TILE_CODES[kind]
                readable[clusters[i].members] = True
                named.append((clusters[i], kind))
        faulty = impossible_cells(codes.reshape(shape), readable.reshape(shape)).ravel()
        learned = []
        for cluster, kind in named:
            if faulty[cluster.members].any() or self.skin.full:
                continue
            self.skin.add(kind, vectors[cluster.leader],
                          native_cell(picture, geometry, *divmod(cluster.leader, geometry.cols)))
            learned.append(kind)
        return learned

    def _realigned(self, picture: Image, geometry: BoardGeometry,
                   vectors: npt.NDArray[np.float32], unexplained: npt.NDArray[np.bool_],
                   ) -> npt.NDArray[np.float32]:
        """``vectors`` with each unexplained cell cut again where it reads as a known tile,
        up to ``DRIFT`` px off its lattice place: some games lay a row out cell by cell,
        and a cell that is narrower when opened shifts the rest of its row a little. The
        cell moves along its row first, then along its column."""
        cells = np.nonzero(unexplained)[0][:MAX_REALIGNED]
        if cells.size == 0:
            return vectors
        boxes = np.array([geometry.cell_box(*divmod(int(i), geometry.cols)) for i in cells],
                         dtype=np.float64)
        best_dx = self._best_moves(picture, boxes, axis=0)
        boxes[:, [0, 2]] += best_dx[:, None]
        best_dy = self._best_moves(picture, boxes, axis=1, reach=DRIFT_ACROSS)
        boxes[:, [1, 3]] += best_dy[:, None]
        moved = (best_dx != 0) | (best_dy != 0)
        if not moved.any():
            return vectors
        recut = features(cut_boxes(picture, boxes[moved]))
        confident = self.skin.match(recut).confident
        vectors = vectors.copy()
        vectors[cells[moved][confident]] = recut[confident]
        return vectors

    def _best_moves(self, picture: Image, boxes: npt.NDArray[np.float64], axis: int,
                    reach: int = DRIFT) -> npt.NDArray[np.float64]:
        """Per box, the shift along ``axis`` (0: x, 1: y) at which its cut comes closest to
        a known tile."""
        shifts = np.arange(-reach, reach + 1, dtype=np.float64)
        tried = np.repeat(boxes, shifts.size, axis=0)
        tried[:, [axis, axis + 2]] += np.tile(shifts, len(boxes))[:, None]
        distance = self.skin.match(features(cut_boxes(picture, tried))).distance
        best = distance.reshape(len(boxes), shifts.size).argmin(axis=1)
        return np.asarray(shifts[best], dtype=np.float64)

    def _name(self, look: TileLook, evidence: FaceEvidence) -> str | None:
        """The tile type of a cluster's picture (``look``), given what is known of the
        look's faces."""
        look, known_bevel = self._relative_relief(look)
        unlit = evidence.unlit(look.face)
        if unlit is not None:
            look = replace(look, face=unlit)  # the tile under the pointer, as if unlit
        if not look.raised and evidence.closed_face(look.face):
            look = replace(look, raised=True)  # a flat look's closed face: as if raised
        if plain(look) and not look.raised:
            kind = evidence.plain_kind(look.face)
            if kind is None and look.faint_core >= MIN_DARK_CORE:
                kind = "mine"  # a faint disc on a face of its own: a flat look's mine
        else:
            kind = name_tile(look, known_bevel).kind
        if kind is None or not self._fits_family(kind, look):
            return None
        return kind

    def _relative_relief(self, look: TileLook) -> tuple[TileLook, bool]:
        """``look``, flat if this skin's unopened tiles are raised and its bevel is
        clearly not theirs (some games draw a thin bevel round opened cells too); and
        whether its bevel is theirs."""
        known = [other for other in self.skin.looks_of(frozenset({"unopened"})) if other.raised]
        if not look.raised or not known:
            return look, False
        if _bevel_like(look, known):
            return look, True
        return replace(look, raised=False), False

    def _fits_family(self, kind: str, look: TileLook) -> bool:
        """Whether a tile named ``kind`` looks like its family in this skin: opened tiles
        share one face colour, unopened ones and flags another face and one bevel. (A
        window or a tint over a cell changes its face, a tile caught half drawn its bevel;
        an exploded mine has a face of its own.)"""
        family = next((group for group in FAMILIES if kind in group), None)
        if family is None:
            return True
        known = [other for other in self.skin.looks_of(family)
                 if other.raised == look.raised or family is OPENED]
        if not known:
            return True
        face = np.median(np.stack([other.face for other in known]), axis=0)
        if float(np.abs(face - look.face).max()) > FACE_TOLERANCE:
            return False
        if family is not COVERED or not look.raised:
            return True
        return _bevel_like(look, known)

    # ------------------------------------------------------------ status

    def _exploded(self, templates: npt.NDArray[np.int64], readable: npt.NDArray[np.bool_]
                  ) -> bool:
        """Whether a readable cell shows a mine on a red face: the one that went off."""
        red = {index for index, template in enumerate(self.skin.templates)
               if template.kind == "mine" and red_face(template.look)}
        return bool(red) and bool(np.isin(templates[readable], list(red)).any())

    def _status(self, picture: Image, geometry: BoardGeometry, codes: npt.NDArray[np.int8],
                readable: BoolGrid, exploded: bool, *, total_mines: int | None) -> Status:
        """The status the board shows, or failing that, the face."""
        from_board = self._board_status(codes, readable, exploded, total_mines)
        face = find_yellow_face(picture, geometry)
        if face is None:
            return from_board or ("playing" if readable.all() else "unknown")
        seen = face_signature(picture, face)
        if from_board is not None:
            self._remember_face(from_board, seen)
            return from_board
        mood = game_status(mood_of(seen, self.faces) or mood_of(seen, shipped_faces()))
        if mood is not None:
            return mood
        return "playing" if readable.all() and total_mines is None else "unknown"

    def _board_status(self, codes: npt.NDArray[np.int8], readable: BoolGrid,
                      exploded: bool, total_mines: int | None) -> Status | None:
        """Won when every safe cell is open (with the mine count known; some games show
        the mines then), lost when a mine shows; playing on a fresh board or, with the
        mine count known, a board with safe cells left to open. A mine that went off
        (on red) means lost whatever else the board shows."""
        mine_shown = bool(np.any((codes == MINE) & readable))
        if exploded:
            return "lost"
        if not readable.all():
            return "lost" if mine_shown else None
        rows, cols = codes.shape
        total = mine_count(rows, cols, total_mines)
        covered = int(np.count_nonzero(codes < 0))
        if total is not None and covered == total:
            return "won"
        if mine_shown:
            return "lost"
        if total is not None:
            return "playing"
        if covered == codes.size:
            return "playing"
        return "won" if flagged_to_the_end(codes) else None

    def _remember_face(self, status: str, seen: npt.NDArray[np.float32]) -> None:
        known = self.faces.setdefault(status, [])
        if len(known) < MAX_FACES and all(float(seen @ other) < 0.98 for other in known):
            known.append(seen)


def _bevel_like(look: TileLook, known: Sequence[TileLook]) -> bool:
    """Whether ``look``'s bevel bands are as strong as the typical known look's (each
    within ``BEVEL_RATIO`` of the median)."""
    lift = float(np.median([other.lift for other in known]))
    drop = float(np.median([other.drop for other in known]))
    return _similar(look.lift, lift) and _similar(look.drop, drop)


def _similar(value: float, reference: float) -> bool:
    """Whether a bevel band's strength is within ``BEVEL_RATIO`` of a known one's."""
    ratio = value / max(reference, 1.0)
    return BEVEL_RATIO[0] <= ratio <= BEVEL_RATIO[1]


def _clusters(vectors: npt.NDArray[np.float32], indices: npt.NDArray[np.int64]) -> list[_Cluster]:
    """Groups of look-alike cells among ``indices``, the biggest first: each cell joins
    the first cluster whose leading picture is within ``CLUSTER_DISTANCE``."""
    clusters: list[_Cluster] = []
    remaining = indices
    size = vectors.shape[1]
    while remaining.size and len(clusters) < MAX_CLUSTERS:
        leader = vectors[remaining[0]]
        distance = np.sqrt(((vectors[remaining] - leader) ** 2).sum(axis=1) / size)
        near = distance <= CLUSTER_DISTANCE
        clusters.append(_Cluster(int(remaining[0]), remaining[near]))
        remaining = remaining[~near]
    clusters.sort(key=lambda cluster: -cluster.members.size)
    return clusters


def flagged_to_the_end(codes: npt.NDArray[np.int8]) -> bool:
    """Whether every closed cell is flagged and the numbers prove each flag a mine: every
    number counts exactly its flagged neighbours (it sees no other closed cell) and every
    flag touches a number. Such a game is won, whatever its mine count."""
    flags = codes == FLAG
    if not flags.any() or np.any(codes == UNOPENED) or np.any(codes == MINE):
        return False
    numbers = codes >= 0
    flagged = cv2.filter2D(flags.astype(np.float32), -1, NEIGHBOURS,
                           borderType=cv2.BORDER_CONSTANT)
    if np.any(numbers & (np.round(flagged) != codes)):
        return False
    beside = cv2.filter2D(numbers.astype(np.float32), -1, NEIGHBOURS,
                          borderType=cv2.BORDER_CONSTANT)
    return bool(np.all(beside[flags] > 0))


def impossible_cells(codes: npt.NDArray[np.int8], readable: BoolGrid) -> BoolGrid:
    """Readable cells the rules of the game rule out, so they were misread.

    An opened 0 opens its neighbours, so it never stays next to an unopened cell (a
    pressed tile looks like a 0); a digit never counts more mines than it has covered
    or unreadable neighbours, nor fewer than the mines shown next to it.
    """
    unopened = ((codes == UNOPENED) & readable).astype(np.uint8)
    next_to_unopened = cv2.dilate(unopened, np.ones((3, 3), np.uint8)) > 0
    zeros = (codes == 0) & readable & next_to_unopened
    covered = ((codes < 0) | ~readable | zeros).astype(np.float32)
    around = cv2.filter2D(covered, -1, NEIGHBOURS, borderType=cv2.BORDER_CONSTANT) - covered
    too_many = (codes > 0) & readable & (codes > np.round(around))
    shown = ((codes == MINE) & readable).astype(np.float32)
    mines_around = cv2.filter2D(shown, -1, NEIGHBOURS, borderType=cv2.BORDER_CONSTANT) - shown
    too_few = (codes >= 0) & readable & (codes < np.round(mines_around))
    return np.asarray(zeros | too_many | too_few)


def _recognition(geometry: BoardGeometry, codes: npt.NDArray[np.int8],
                 readable: BoolGrid, impossible: bool) -> Recognition:
    """The board read (None if any cell is unreadable), with a message naming the cells."""
    rows, cols = np.nonzero(~readable)
    unreadable = [(int(r), int(c)) for r, c in zip(rows, cols, strict=True)]
    board = Board(codes.copy()) if not unreadable else None
    message = ""
    if unreadable:
        listed = ", ".join(f"({r}, {c})" for r, c in unreadable[:20])
        more = f" and {len(unreadable) - 20} more" if len(unreadable) > 20 else ""
        message = f"{len(unreadable)} cell(s) could not be read confidently: {listed}{more}"
        if impossible:
            message += (" (some read as an opened 0 next to an unopened cell, or as a digit "
                        "with too few covered neighbours: a pressed or half-drawn tile?)")
    return Recognition(board, "unknown", geometry, None, unreadable, codes.copy(),
                       message=message)

