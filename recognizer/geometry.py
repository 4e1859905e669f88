"""Where a board sits in a screenshot: its cell lattice and the screen point of each cell."""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt


@dataclass(frozen=True)
class BoardGeometry:
    """A board's lattice in image pixels, plus the image's offset on the screen.

    Cell ``(row, col)`` covers ``[left + col*pitch, left + (col+1)*pitch)`` horizontally
    (likewise vertically from ``top``), its top/left grid line included. ``origin`` is the
    screen point of the image's top-left pixel, so cell centres come out in screen points.
    """

    left: float
    top: float
    pitch: float
    rows: int
    cols: int
    origin: tuple[int, int] = (0, 0)

    @property
    def width(self) -> float:
        return self.cols * self.pitch

    @property
    def height(self) -> float:
        return self.rows * self.pitch

    @property
    def rect(self) -> tuple[int, int, int, int]:
        """The board's rectangle on the image: ``(x, y, width, height)`` in whole pixels."""
        x, y = round(self.left), round(self.top)
        return x, y, round(self.left + self.width) - x, round(self.top + self.height) - y

    def centre(self, row: int, col: int) -> tuple[int, int]:
        """The screen point at the middle of cell ``(row, col)``."""
        x = self.origin[0] + self.left + (col + 0.5) * self.pitch
        y = self.origin[1] + self.top + (row + 0.5) * self.pitch
        return int(np.floor(x)), int(np.floor(y))

    def centres(self) -> npt.NDArray[np.int64]:
        """Screen points of every cell centre, shape ``(rows, cols, 2)`` as ``(x, y)``."""
        cols = self.origin[0] + self.left + (np.arange(self.cols) + 0.5) * self.pitch
        rows = self.origin[1] + self.top + (np.arange(self.rows) + 0.5) * self.pitch
        grid_x, grid_y = np.meshgrid(np.floor(cols), np.floor(rows))
        return np.stack([grid_x, grid_y], axis=-1).astype(np.int64)

    def cell_at(self, x: float, y: float) -> tuple[int, int] | None:
        """The cell under screen point ``(x, y)``, or None off the board."""
        col = int(np.floor((x - self.origin[0] - self.left) / self.pitch))
        row = int(np.floor((y - self.origin[1] - self.top) / self.pitch))
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return row, col
        return None

    def shifted(self, dx: float, dy: float) -> BoardGeometry:
        """The same lattice moved by ``(dx, dy)`` image pixels."""
        return replace(self, left=self.left + dx, top=self.top + dy)

    def with_origin(self, x: int, y: int) -> BoardGeometry:
        """The same lattice for an image whose top-left pixel is screen point ``(x, y)``."""
        return replace(self, origin=(x, y))

    def to_json(self) -> dict[str, object]:
        """``rows``, ``cols``, ``pitch`` and ``rect`` (the board's rectangle on the image)."""
        x, y, width, height = self.rect
        return {
            "rows": self.rows, "cols": self.cols, "pitch": round(self.pitch, 3),
            "rect": {"x": x, "y": y, "width": width, "height": height},
        }
