"""Where a board sits in a screenshot: its cell lattice and the screen point of each cell.

A lattice is the list of its column boundaries and the list of its row boundaries, so it
can describe what real games draw: cells wider than tall, a gap between rows, and
columns that drift by a pixel along a row at a fractional device scale.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from sweeper.core import Rect

HALF_SLACK = 1e-6  # px: a line this short of a half pixel is taken as on it (a lattice's
# lines add up a pitch at a time, and 164.5 came out 164.4999999999998)


@dataclass(frozen=True)
class BoardGeometry:
    """A board's lattice in image pixels, plus the image's offset on the screen.

    Cell ``(row, col)`` covers ``[xs[col], xs[col + 1])`` horizontally and
    ``[ys[row], ys[row + 1])`` vertically (its top/left grid line or gap included).
    ``origin`` is the screen point of the image's top-left pixel, so cell centres come
    out in screen points.
    """

    xs: tuple[float, ...]
    ys: tuple[float, ...]
    origin: tuple[int, int] = (0, 0)

    def __post_init__(self) -> None:
        if len(self.xs) < 2 or len(self.ys) < 2:
            raise ValueError("a lattice needs at least one row and one column")
        if np.any(np.diff(self.xs) <= 0) or np.any(np.diff(self.ys) <= 0):
            raise ValueError("lattice lines must increase")

    @classmethod
    def regular(
        cls, *, left: float, top: float, pitch_x: float, pitch_y: float, rows: int, cols: int,
        origin: tuple[int, int] = (0, 0),
    ) -> BoardGeometry:
        """Evenly spaced columns ``pitch_x`` apart and rows ``pitch_y`` apart."""
        return cls(_evenly(left, pitch_x, cols), _evenly(top, pitch_y, rows), origin)

    @property
    def rows(self) -> int:
        return len(self.ys) - 1

    @property
    def cols(self) -> int:
        return len(self.xs) - 1

    @property
    def left(self) -> float:
        return self.xs[0]

    @property
    def top(self) -> float:
        return self.ys[0]

    @property
    def width(self) -> float:
        return self.xs[-1] - self.xs[0]

    @property
    def height(self) -> float:
        return self.ys[-1] - self.ys[0]

    @property
    def pitch_x(self) -> float:
        """The mean distance between column boundaries."""
        return self.width / self.cols

    @property
    def pitch_y(self) -> float:
        """The mean distance between row boundaries."""
        return self.height / self.rows

    @property
    def pitch(self) -> float:
        """The mean cell size along both axes (for distances around the board)."""
        return (self.pitch_x + self.pitch_y) / 2

    @property
    def rect(self) -> Rect:
        """The board's rectangle on the image, in whole pixels."""
        x, y = round(self.left), round(self.top)
        return Rect(left=x, top=y, width=round(self.xs[-1]) - x, height=round(self.ys[-1]) - y)

    def centre(self, row: int, col: int) -> tuple[int, int]:
        """The screen point at the middle of cell ``(row, col)``."""
        x = self.origin[0] + (self.xs[col] + self.xs[col + 1]) / 2
        y = self.origin[1] + (self.ys[row] + self.ys[row + 1]) / 2
        return int(np.floor(x)), int(np.floor(y))

    def centres(self) -> npt.NDArray[np.int64]:
        """Screen points of every cell centre, shape ``(rows, cols, 2)`` as ``(x, y)``."""
        xs, ys = np.asarray(self.xs), np.asarray(self.ys)
        cols = np.floor(self.origin[0] + (xs[:-1] + xs[1:]) / 2)
        rows = np.floor(self.origin[1] + (ys[:-1] + ys[1:]) / 2)
        grid_x, grid_y = np.meshgrid(cols, rows)
        return np.stack([grid_x, grid_y], axis=-1).astype(np.int64)

    def cell_at(self, x: float, y: float) -> tuple[int, int] | None:
        """The cell under screen point ``(x, y)``, or None off the board."""
        col = int(np.searchsorted(self.xs, x - self.origin[0], side="right")) - 1
        row = int(np.searchsorted(self.ys, y - self.origin[1], side="right")) - 1
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return row, col
        return None

    def cell_box(self, row: int, col: int) -> tuple[int, int, int, int]:
        """``(x0, y0, x1, y1)``: the whole image pixels cell ``(row, col)`` covers.

        A line half a pixel off a whole one (a lattice of tiles fitted through their
        middles) goes to the next pixel, the same way for every line: Python's ``round``
        takes halves to the even number, which at an odd pitch cuts the cells 40 and 42
        px wide by turns, each starting a pixel off the one before."""
        return (_pixel(self.xs[col]), _pixel(self.ys[row]),
                _pixel(self.xs[col + 1]), _pixel(self.ys[row + 1]))

    def shifted(self, dx: float, dy: float) -> BoardGeometry:
        """The same lattice moved by ``(dx, dy)`` image pixels."""
        return replace(self, xs=tuple(x + dx for x in self.xs), ys=tuple(y + dy for y in self.ys))

    def with_origin(self, x: int, y: int) -> BoardGeometry:
        """The same lattice for an image whose top-left pixel is screen point ``(x, y)``."""
        return replace(self, origin=(x, y))

    def part(self, rows: slice, cols: slice) -> BoardGeometry:
        """The lattice of a block of whole rows and columns (``slice`` of cell indices)."""
        row_lines = self.ys[rows.start or 0:(rows.stop if rows.stop is not None else self.rows) + 1]
        col_lines = self.xs[cols.start or 0:(cols.stop if cols.stop is not None else self.cols) + 1]
        return replace(self, xs=col_lines, ys=row_lines)

    def to_json(self) -> dict[str, object]:
        """``rows``, ``cols``, ``pitch`` (x and y) and ``rect`` (the board on the image)."""
        rect = self.rect
        return {
            "rows": self.rows, "cols": self.cols,
            "pitch": {"x": round(self.pitch_x, 3), "y": round(self.pitch_y, 3)},
            "rect": {"x": rect.left, "y": rect.top, "width": rect.width, "height": rect.height},
        }


def _evenly(start: float, pitch: float, cells: int) -> tuple[float, ...]:
    return tuple(float(start + k * pitch) for k in range(cells + 1))


def lines_from(values: Sequence[float] | npt.NDArray[np.float64]) -> tuple[float, ...]:
    """Lattice lines as a tuple of plain floats (the hashable form the lattice keeps)."""
    return tuple(float(v) for v in values)


def _pixel(line: float) -> int:
    """The whole pixel a lattice line falls on, halves rounded up (never to even)."""
    return math.floor(line + 0.5 + HALF_SLACK)
