"""Comparing a board's cells with the skin's templates, and learning the pictures no
template explains.

Cells no template explains, or read as a tile the board's rules rule out, are grouped
into clusters of look-alikes; each cluster's
first picture is named (:mod:`recognizer.picture_naming`) and, if the name fits the
board (:mod:`recognizer.rules`), becomes a new template, kept only if the board read
with it still breaks no rule (a template reads more cells than the look-alikes it was
named with). A cluster the rules refuse is split by the shape of its members' ink and
named again (look-alikes at the matching size may be digits apart); one that shares its
middle with a bigger one, its border drawn over (a focus ring), is left out where it
alone made the names break the rules. Later passes name
what the first ones' templates make clear; cells drawn a little off their lattice place
are cut again (:mod:`recognizer.realign`) before each pass. Anything left unexplained is
unreadable, never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from sweeper.core import UNOPENED
from sweeper.recognizer.close_calls import settle_close_calls
from sweeper.recognizer.families import OPENED, FaceEvidence, frame, one_family, plain
from sweeper.recognizer.far_reads import OWN_PICTURE, doubt_far_reads, same_shape
from sweeper.recognizer.geometry import BoardGeometry
from sweeper.recognizer.image_io import Image
from sweeper.recognizer.learned import CODES, SAME_PICTURE_LEAD, LearnedSkin, Matches
from sweeper.recognizer.looks import TileLook, look_at
from sweeper.recognizer.middles import MIDDLE_MATCH, middles_of, read_by_middles
from sweeper.recognizer.picture_memo import digest
from sweeper.recognizer.picture_naming import fits_family, name_picture
from sweeper.recognizer.places import named_by_place
from sweeper.recognizer.realign import Realignments, realigned
from sweeper.recognizer.rules import impossible_cells
from sweeper.recognizer.sampling import cell_look, native_cell
from sweeper.recognizer.skins import TILE_CODES

CLUSTER_DISTANCE = 5.0  # cells this close to a cluster's first picture join the cluster
# (a thin digit lies 6 to 9 from a plain tile, the same tile drawn twice within 6)
MAX_CLUSTERS = 48  # new pictures named per pass at most
LEARNING_PASSES = 3  # later passes name what the first ones' templates make clear (a flat look
# whose opened region draws a border line: each digit by the sides its border runs on)
PLAIN_KINDS = ("unopened", "0")  # the faces without a symbol on them
FORGET_READ_SHARE = 0.5  # a picture an opened cell taught is forgotten only in a reading
# of this share of the board at least: a tint over the whole board (tejj-neon's red flash at
# a loss, held 0.6 s) changes every cell at once, and its 0s' and digits' pictures, forgotten
# then, let its tinted closed cells be named 0s; a reveal animation changes a few cells


MAX_LEFT_OUT = 2  # clusters left out in turn, the smallest first, where the names break
# the rules: a ring round one cell makes a small cluster, found among the first; each try
# names the whole board again, and a dialog's words over the board make a hundred
MAX_TOGETHER = 4  # unnamed clusters placed together, at most: one icon a pixel apart makes
# a few; a dialog over the board makes many, each named by place again for every try
PLACED_TOGETHER = ("flag", "mine")  # kinds several clusters may be named together by their
# place: those the numbers count exactly; never 0s, where a lone enclosed picture (the
# pointer over a closed mine, words over a cell) must stay unnamed


@dataclass(frozen=True)
class _Cluster:
    leader: int  # index of the cell whose picture names the cluster
    members: npt.NDArray[np.int64]


def match_and_learn(skin: LearnedSkin, picture: Image, geometry: BoardGeometry,
                    vectors: npt.NDArray[np.float32], steady: npt.NDArray[np.bool_],
                    *, realignments: Realignments | None = None,
                    ) -> tuple[Matches, list[str]]:
    """How ``skin`` reads the cells (``vectors``) once it has learned what it can from
    them (only from ``steady`` cells), and the tile types it learned (``realignments``:
    what earlier readings found for cells drawn off their place)."""
    matches = match(skin, picture, geometry, vectors)
    learned: list[str] = []
    for passes in range(LEARNING_PASSES + 1):
        if not matches.confident.all() and skin.templates:
            vectors = realigned(skin, picture, geometry, vectors, ~matches.confident,
                                memory=realignments)
            matches = match(skin, picture, geometry, vectors)
        ruled_out = _ruled_out(matches, geometry)
        if (matches.confident.all() and not ruled_out.any()) or passes == LEARNING_PASSES:
            break
        if matches.confident.mean() >= FORGET_READ_SHARE and _forget_passing(
                skin, geometry, vectors, steady & ~matches.confident,
                in_use=set(matches.templates[matches.confident].tolist())):
            matches = match(skin, picture, geometry, vectors)
            continue
        new = learn(skin, picture, geometry, vectors, matches, steady=steady & (
            ~matches.confident | ruled_out))
        if not new:
            break
        learned += new
        matches = match(skin, picture, geometry, vectors)
    return matches, learned


def _forget_passing(skin: LearnedSkin, geometry: BoardGeometry,
                    vectors: npt.NDArray[np.float32], unexplained: npt.NDArray[np.bool_], *,
                    in_use: set[int]) -> bool:
    """Forget the opened pictures no cell is read as (``in_use``: the templates that
    read a cell) taught by cells of ``geometry`` that now show another (beyond
    ``OWN_PICTURE``) which no template explains (``unexplained``, steady), and say
    whether any was. An opened cell never changes in a game: such a cell taught a
    picture it passed through (a reveal animation's light face, held still on a busy
    machine), which, as the opened cells' face, kept the settled one from fitting the
    family. A picture other cells show is kept: the cell may have taught it in an
    earlier game."""
    cells = set(np.nonzero(unexplained)[0].tolist())
    passing = set[int]()
    for index, template in enumerate(skin.templates):
        if template.kind in OPENED and template.taught_at is not None and (
                index not in in_use):
            taught_on, cell = template.taught_at
            if taught_on == geometry and cell in cells and _rms(
                    template.vector, vectors[cell]) > OWN_PICTURE:
                passing.add(index)
    skin.discard(passing)
    return bool(passing)


def _rms(a: npt.NDArray[np.float32], b: npt.NDArray[np.float32]) -> float:
    """The root-mean-square difference of two cells' vectors."""
    return float(np.sqrt(np.mean((a - b) ** 2)))


def match(skin: LearnedSkin, picture: Image, geometry: BoardGeometry,
          vectors: npt.NDArray[np.float32]) -> Matches:
    """How the skin reads the cells (``vectors``), close calls looked at closer, digits
    read from afar named again, and the cells no template explains whole read by their
    middles."""
    matches = settle_close_calls(picture, geometry, skin, vectors, skin.match(vectors))
    matches = doubt_far_reads(picture, geometry, skin, vectors, matches)
    return read_by_middles(skin, vectors, matches)


def learn(skin: LearnedSkin, picture: Image, geometry: BoardGeometry,
          vectors: npt.NDArray[np.float32], matches: Matches, *,
          steady: npt.NDArray[np.bool_]) -> list[str]:
    """Name the clusters of the ``steady`` cells no template explains, or whose reading
    the board's rules rule out (``matches``: how the skin reads ``vectors`` now); keep
    the names the board allows."""
    unexplained = np.nonzero(steady)[0]
    if unexplained.size == 0:
        return []
    clusters = _clusters(vectors, unexplained)
    looks = [cell_look(picture, geometry, cluster.leader) for cluster in clusters]
    shape = (geometry.rows, geometry.cols)
    codes = CODES[matches.kinds].copy()
    readable = matches.confident.copy()
    # a fresh board: every cell unlike anything known, and all alike (one picture, or
    # the plain faces of one family: a checkerboard's two shades)
    fresh = len(unexplained) == codes.size and (len(clusters) == 1 or one_family(looks))
    named, faulty = _named_by_either_shade(skin, clusters, looks, codes, readable,
                                           shape=shape, fresh=fresh)
    split = _split_refused(picture, geometry, clusters, looks, faulty)
    if split is not None:
        # clusters of look-alikes the rules refused, split by shape: taken where the
        # parts, named, break no rule (a number caught fading in, split off the drawn
        # ones and learned, kept the drawn board unreadable)
        split_named, split_faulty = _named_by_either_shade(skin, *split, codes, readable,
                                                           shape=shape, fresh=fresh)
        if not split_faulty.any():
            named, faulty = split_named, split_faulty
    if faulty.any():
        # a picture drawn over at its border only (a focus ring round the cell last
        # clicked), named from its border, broke the rules for its look-alikes' cells:
        # left out, it is read by its middle once they are learned
        kept = _without_overdrawn(skin, vectors, clusters, looks, codes=codes,
                                  readable=readable, shape=shape, fresh=fresh)
        if kept is not None:
            named, faulty = kept
    named = [(cluster, kind) for cluster, kind in named
             if not faulty[cluster.members].any()
             and not confusable(skin, kind, vectors[cluster.leader])]
    skin.make_room(len(named))
    known = len(skin.templates)
    learned = []
    for cluster, kind in named:
        if skin.full:
            break
        skin.add(kind, vectors[cluster.leader],
                 native_cell(picture, geometry, *divmod(cluster.leader, geometry.cols)),
                 taught_at=(geometry, cluster.leader))
        learned.append(kind)
    misleading = misreading_templates(skin, picture, geometry, vectors, since=known)
    skin.discard(misleading)
    return [kind for index, kind in enumerate(learned, start=known) if index not in misleading]


def _named_by_either_shade(skin: LearnedSkin, clusters: list[_Cluster],
                           looks: list[TileLook], codes: npt.NDArray[np.int8],
                           readable: npt.NDArray[np.bool_], *, shape: tuple[int, int],
                           fresh: bool) -> tuple[list[tuple[_Cluster, str]],
                                                 npt.NDArray[np.bool_]]:
    """:func:`_named`'s names and the cells the rules refuse; a plain face a shade off the
    opened ones (another opened shade, or the closed face) is taken as closed where only
    that reading breaks no rule."""
    named, faulty, shaded = _named(skin, clusters, looks, codes, readable, shape=shape,
                                   fresh=fresh)
    if shaded and faulty.any():
        again = _named(skin, clusters, looks, codes, readable, shape=shape, fresh=fresh,
                       shade_closed=True)
        if not again[1].any():
            named, faulty, _ = again
    return named, faulty


def _named(skin: LearnedSkin, clusters: list[_Cluster], looks: list[TileLook],
           codes: npt.NDArray[np.int8], readable: npt.NDArray[np.bool_], *,
           shape: tuple[int, int], fresh: bool, shade_closed: bool = False,
           ) -> tuple[list[tuple[_Cluster, str]], npt.NDArray[np.bool_], bool]:
    """Each cluster named (its leader's ``looks``) where it can be, the cells the board's
    rules then rule out (``codes`` and ``readable``: how the skin reads the board), and
    whether a plain picture's face was a shade off the opened ones (named closed with
    ``shade_closed``, else opened)."""
    codes, readable = codes.copy(), readable.copy()
    evidence = FaceEvidence.of(skin.named_looks)
    evidence.shade_closed = shade_closed
    shaded = False
    # pictures with something on them first: their faces tell a flat look's closed
    # cells from its opened ones, which the plain pictures then need
    order = sorted(range(len(clusters)), key=lambda i: plain(looks[i]))
    named: list[tuple[_Cluster, str]] = []
    unnamed: list[int] = []
    for i in order:
        if not fresh and plain(looks[i]) and evidence.shade_off(looks[i].face, frame(looks[i])):
            shaded = True
        kind = "unopened" if fresh else name_picture(skin, looks[i], evidence)
        if kind is None:
            unnamed.append(i)
            continue
        evidence.add(kind, looks[i])
        codes[clusters[i].members] = TILE_CODES[kind]
        readable[clusters[i].members] = True
        named.append((clusters[i], kind))
    # what no meaning names, named by its place once the rest is named (each naming may
    # enclose another)
    while unnamed and not fresh:
        placed: list[tuple[int, str]] = []
        for i in unnamed:
            kind = _placed(skin, clusters[i], looks[i], evidence, codes=codes,
                           readable=readable, shape=shape)
            if kind is not None:
                placed.append((i, kind))
        if not placed:
            placed = _placed_together(skin, [clusters[i] for i in unnamed],
                                      [looks[i] for i in unnamed], unnamed, evidence,
                                      codes=codes, readable=readable, shape=shape)
        for i, kind in placed:
            evidence.add(kind, looks[i])
            codes[clusters[i].members] = TILE_CODES[kind]
            readable[clusters[i].members] = True
            named.append((clusters[i], kind))
            unnamed.remove(i)
        if not placed:
            break
    faulty = impossible_cells(codes.reshape(shape), readable.reshape(shape)).ravel()
    return named, faulty, shaded


def _placed(skin: LearnedSkin, cluster: _Cluster, look: TileLook, evidence: FaceEvidence,
            *, codes: npt.NDArray[np.int8], readable: npt.NDArray[np.bool_],
            shape: tuple[int, int]) -> str | None:
    """The type a cluster's picture (``look``) no meaning names has by its place on the
    board as it reads now (:mod:`recognizer.places`); where closed cells are left, a
    flag's face must fit its family and its frame a closed tile's (``evidence``); with
    none left, the numbers that count its cells as their mines vouch for it: an emoji
    look's 🚧 lies on its 🐣's white ground."""
    kind = named_by_place(look, cluster.members, codes, readable, shape)
    if kind != "flag" or not np.any((codes == UNOPENED) & readable):
        return kind
    fits = fits_family(skin, kind, look) and evidence.framed_as_closed(look)
    return kind if fits else None


def _placed_together(skin: LearnedSkin, clusters: list[_Cluster], looks: list[TileLook],
                     indices: list[int], evidence: FaceEvidence, *, codes: npt.NDArray[np.int8],
                     readable: npt.NDArray[np.bool_], shape: tuple[int, int],
                     ) -> list[tuple[int, str]]:
    """``clusters`` (``indices`` into the clusters named) placed as one picture: each
    ``looks`` named the same by the place of them all (:func:`_placed`), a kind of
    ``PLACED_TOGETHER``, or none. One icon drawn a pixel apart here and there makes
    clusters of its own, none of which, alone, its neighbours name: the flags a game
    puts on its mines at a win, each cluster leaving the numbers beside it short of the
    flags the others hold."""
    if not 2 <= len(clusters) <= MAX_TOGETHER:
        return []
    together = _Cluster(clusters[0].leader, np.concatenate([c.members for c in clusters]))
    kinds = {_placed(skin, together, look, evidence, codes=codes, readable=readable,
                     shape=shape) for look in looks}
    kind = kinds.pop() if len(kinds) == 1 else None
    return [(i, kind) for i in indices] if kind in PLACED_TOGETHER else []


def _without_overdrawn(skin: LearnedSkin, vectors: npt.NDArray[np.float32],
                       clusters: list[_Cluster], looks: list[TileLook], *,
                       codes: npt.NDArray[np.int8], readable: npt.NDArray[np.bool_],
                       shape: tuple[int, int], fresh: bool,
                       ) -> tuple[list[tuple[_Cluster, str]], npt.NDArray[np.bool_]] | None:
    """The clusters named (:func:`_named_by_either_shade`) without one whose middle is a bigger
    cluster's or a known template's (within ``MIDDLE_MATCH``: the same tile, its border
    drawn over), when leaving it out leaves no cell the rules refuse; the smallest such
    cluster first. None if there is none. A cell left out is unreadable, never read
    otherwise: a focus ring round an opened 0, named a closed tile from its outline,
    made the 0s beside it break the rules, and not one 0 was learned. The odd one out
    is the smaller: a ring is drawn round one cell, the tile it is drawn over on many."""
    middles = middles_of(vectors[[cluster.leader for cluster in clusters]])
    known = (middles_of(skin.vectors)
             if skin.templates else np.empty((0, middles.shape[1]), np.float32))
    sizes = np.array([cluster.members.size for cluster in clusters])
    tries = 0
    for i in np.argsort(sizes, kind="stable").tolist():
        others = np.concatenate([middles[sizes > sizes[i]], known])
        if others.size == 0:
            continue
        distance = np.sqrt(((others - middles[i]) ** 2).mean(axis=1)).min()
        if distance > MIDDLE_MATCH:
            continue
        tries += 1
        if tries > MAX_LEFT_OUT:
            return None
        named, faulty = _named_by_either_shade(
            skin, clusters[:i] + clusters[i + 1:], looks[:i] + looks[i + 1:], codes,
            readable, shape=shape, fresh=fresh)
        if not faulty.any():
            return named, faulty
    return None


def _split_refused(picture: Image, geometry: BoardGeometry, clusters: list[_Cluster],
                   looks: list[TileLook], faulty: npt.NDArray[np.bool_],
                   ) -> tuple[list[_Cluster], list[TileLook]] | None:
    """``clusters`` (with their leaders' ``looks``), those holding cells the board's
    rules refuse as named (``faulty``) split where a member's ink is shaped unlike its
    leader's (:func:`~recognizer.far_reads.same_shape`); None if none is split. Where a
    light border round every opened cell outweighs the digits, white 1s, 2s and 3s on
    navy lie 2 to 3 levels apart at the matching size and gather in one cluster; named
    as its first picture, the rest broke the rules and none was learned. Only such
    clusters are split, and :func:`learn` keeps a split only where the parts break no
    rule: a number caught fading in is shaped unlike the drawn one, and learned apart it
    kept the drawn board unreadable."""
    if not faulty.any():
        return None
    split: list[_Cluster] = []
    split_looks: list[TileLook] = []
    seen: dict[bytes, TileLook] = {}  # a member's look, by its picture's digest

    def look_of(cell: int) -> TileLook:
        tile = native_cell(picture, geometry, *divmod(cell, geometry.cols))
        key = digest(tile)
        if key not in seen:
            seen[key] = look_at(tile)
        return seen[key]

    pending = list(zip(clusters, looks, strict=True))
    while pending and len(split) < MAX_CLUSTERS:
        cluster, look = pending.pop(0)
        members = cluster.members
        if look.shape is not None and members.size > 1 and faulty[members].any():
            alike = np.array([cell == cluster.leader or same_shape(look_of(int(cell)), look)
                              for cell in members])
            if not alike.all():
                rest = members[~alike]
                pending.append((_Cluster(int(rest[0]), rest), look_of(int(rest[0]))))
                members = members[alike]
        split.append(_Cluster(cluster.leader, members))
        split_looks.append(look)
    return (split, split_looks) if len(split) > len(clusters) else None


def _ruled_out(matches: Matches, geometry: BoardGeometry) -> npt.NDArray[np.bool_]:
    """The cells read with confidence as a tile the board's rules rule out: a picture
    no template was learned from, taken for the nearest one (a thin digit first shown
    under the pointer's highlight lies within reach of the lit opened 0 the first click
    left there; read as a 0 next to closed cells, it is ruled out, and would never be
    learned)."""
    shape = (geometry.rows, geometry.cols)
    return impossible_cells(CODES[matches.kinds].reshape(shape),
                            matches.confident.reshape(shape)).ravel()


def misreading_templates(skin: LearnedSkin, picture: Image, geometry: BoardGeometry,
                         vectors: npt.NDArray[np.float32], since: int) -> set[int]:
    """The templates learned since the first ``since`` that read a cell of this board
    as a tile the rules rule out. A template reads every cell within its reach, not only
    the look-alikes it was named with: a number caught fading in, learned before any
    opened plain tile, reads every blank opened cell as that number, and such a cell,
    confidently misread, is never looked at again."""
    if len(skin.templates) <= since:
        return set()
    matches = match(skin, picture, geometry, vectors)
    shape = (geometry.rows, geometry.cols)
    readable = matches.confident
    ruled_out = impossible_cells(CODES[matches.kinds].reshape(shape),
                                 readable.reshape(shape)).ravel()
    culprits = matches.templates[ruled_out & readable & (matches.templates >= since)]
    return {int(index) for index in culprits}


def confusable(skin: LearnedSkin, kind: str, vector: npt.NDArray[np.float32]) -> bool:
    """Whether ``vector``, named ``kind``, lies within ``SAME_PICTURE_LEAD`` of a known
    picture on the other side of the line between plain faces (unopened, 0) and faces
    with a symbol: a number caught while it fades in, nearly blank, named as its digit.
    Beside it neither picture could be read with confidence, so learning it would only
    make the cells of the known one unreadable."""
    plain_kind = kind in PLAIN_KINDS
    others = [i for i, template in enumerate(skin.templates)
              if (template.kind in PLAIN_KINDS) != plain_kind]
    if not others:
        return False
    distances = skin.distances(vector[None, :].astype(np.float32))[0]
    return bool(distances[others].min() < SAME_PICTURE_LEAD)


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
