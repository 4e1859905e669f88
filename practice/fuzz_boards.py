"""Hypothesis strategies for well-formed but adversarial ``POST /analyze`` requests.

For the fuzz tests and ``benchmarks/fuzz_services.py`` (hypothesis is a dev dependency).
Every strategy draws a request body ``{"board", "total_mines", "rules"}`` of a kind that
has broken or slowed the analyzer, or that sits at a limit:

- :func:`sparse`: a few numbers on a large empty board (deep endgames, huge unknown areas);
- :func:`dense`: high numbers (8s above all) packed close (forced mines, contradictions);
- :func:`checkerboard`: a number on every other cell (one huge entangled component);
- :func:`at_limits`: shapes at the cell limit (100x100, 1x10000, 10000x1) and just over;
- :func:`played`: positions of real games, random safe cells revealed (always consistent);
- :func:`noisy`: random cells of every kind, flags and revealed mines included.

The boards are drawn from a seed with numpy (drawing 10,000 cells one by one would be
slow for hypothesis); the mine count is drawn around the counts that matter: 0, the
unopened cells, one more, and anything in between or far beyond.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from hypothesis import strategies as st

from sweeper.analyzer import MAX_CELLS
from sweeper.coordinator import Game
from sweeper.core import FLAG, MINE, RULES, UNOPENED, Board, format_board

Grid = npt.NDArray[np.int8]
Request = dict[str, Any]
SEEDS = st.integers(0, 2**32 - 1)
# How the mine count is drawn: mostly a count the board can hold, often one at an edge.
MINE_COUNT_KINDS = ("fitting",) * 5 + ("every cell", "one too many", "none", "anything")


def requests(checkerboard_most: int = 100) -> st.SearchStrategy[Request]:
    """Any of the kinds below."""
    return st.one_of(
        sparse(), dense(), checkerboard(checkerboard_most), at_limits(), played(), noisy()
    )


def sparse() -> st.SearchStrategy[Request]:
    """Up to 6 numbers on an otherwise unopened board of up to 100x100."""
    return _with_mines(st.builds(_sparse, _sides(), _sides(), st.integers(1, 6), SEEDS))


def dense() -> st.SearchStrategy[Request]:
    """Numbers 5-8 (mostly 8) on up to 60% of a board of up to 40x40."""
    return _with_mines(st.builds(_dense, _sides(40), _sides(40), st.floats(0.01, 0.6), SEEDS))


def checkerboard(most: int = 100) -> st.SearchStrategy[Request]:
    """A number on every other cell of a board of up to ``most`` x ``most`` (1s, or 1-4)."""
    return _with_mines(
        st.builds(_checkerboard, _sides(most), _sides(most), st.booleans(), SEEDS)
    )


def at_limits() -> st.SearchStrategy[Request]:
    """Boards of exactly the cell limit in several shapes, or one row or column over."""
    shapes = st.sampled_from([(100, 100), (1, MAX_CELLS), (MAX_CELLS, 1), (50, 200), (101, 99),
                              (100, 101), (1, MAX_CELLS + 1)])
    return _with_mines(st.builds(_at_limit, shapes, st.floats(0.0, 0.3), SEEDS))


def played() -> st.SearchStrategy[Request]:
    """A real game's position: a random layout, some safe cells revealed (with cascades)."""
    return _with_mines(st.builds(
        _played, _sides(60), _sides(60), st.floats(0.05, 0.35), st.integers(1, 40), SEEDS
    ))


def noisy() -> st.SearchStrategy[Request]:
    """Random cells of every kind on a board of up to 30x30."""
    return _with_mines(st.builds(_noisy, _sides(30), _sides(30), SEEDS))


def _sides(most: int = 100) -> st.SearchStrategy[int]:
    return st.one_of(st.integers(1, 8), st.integers(1, most), st.just(most))


@st.composite
def _with_mines(draw: st.DrawFn, grids: st.SearchStrategy[Grid]) -> Request:
    """A request for a board drawn from ``grids``, with a mine count and rules."""
    grid = draw(grids)
    unknown = int(np.count_nonzero(grid == UNOPENED))
    marked = int(np.count_nonzero((grid == FLAG) | (grid == MINE)))
    total = draw(_mine_count(marked, unknown))
    text = format_board(Board(grid))
    if draw(st.booleans()):
        text = text.replace("\n", "\r\n")
    return {"board": text, "total_mines": total, "rules": draw(st.sampled_from(RULES))}


def _mine_count(marked: int, unknown: int) -> st.SearchStrategy[int]:
    kind = st.sampled_from(MINE_COUNT_KINDS)
    counts = {
        "fitting": st.integers(marked, marked + unknown),
        "every cell": st.just(marked + unknown),
        "one too many": st.just(marked + unknown + 1),
        "none": st.just(0),
        "anything": st.integers(-(10**12), 10**12),
    }
    return kind.flatmap(lambda name: counts[name])


def _sparse(width: int, height: int, numbers: int, seed: int) -> Grid:
    rng = np.random.default_rng(seed)
    grid = np.full((height, width), UNOPENED, np.int8)
    for _ in range(numbers):
        row, col = int(rng.integers(height)), int(rng.integers(width))
        around = (min(row + 2, height) - max(row - 1, 0)) * (min(col + 2, width) - max(col - 1, 0))
        grid[row, col] = rng.integers(0, around)  # at most the neighbours it has
    return grid


def _dense(width: int, height: int, share: float, seed: int) -> Grid:
    rng = np.random.default_rng(seed)
    grid = np.full((height, width), UNOPENED, np.int8)
    chosen = rng.random((height, width)) < share
    grid[chosen] = rng.choice([5, 6, 7, 8, 8, 8], size=int(chosen.sum()))
    return grid


def _checkerboard(width: int, height: int, mixed: bool, seed: int) -> Grid:
    rng = np.random.default_rng(seed)
    rows, cols = np.indices((height, width))
    grid = np.full((height, width), UNOPENED, np.int8)
    on = (rows + cols) % 2 == 0
    grid[on] = rng.integers(1, 5, size=int(on.sum())) if mixed else 1
    return grid


def _at_limit(shape: tuple[int, int], share: float, seed: int) -> Grid:
    height, width = shape
    rng = np.random.default_rng(seed)
    grid = np.full((height, width), UNOPENED, np.int8)
    chosen = rng.random((height, width)) < share
    grid[chosen] = rng.integers(0, 4, size=int(chosen.sum()))
    return grid


def _played(width: int, height: int, density: float, reveals: int, seed: int) -> Grid:
    rng = np.random.default_rng(seed)
    cells = width * height
    mines = min(cells - 1, int(cells * density))
    flat = np.zeros(cells, bool)
    flat[rng.choice(cells, size=mines, replace=False)] = True
    layout = flat.reshape(height, width)
    game = Game.with_layout(layout)
    safe = np.argwhere(~layout)
    for index in rng.permutation(len(safe))[:reveals]:
        if game.status != "playing":
            break
        game.open(int(safe[index][0]), int(safe[index][1]))
    return np.array(game.board.cells, np.int8)


def _noisy(width: int, height: int, seed: int) -> Grid:
    rng = np.random.default_rng(seed)
    codes = np.array([UNOPENED] * 6 + [FLAG, MINE] + list(range(9)), np.int8)
    return rng.choice(codes, size=(height, width))
