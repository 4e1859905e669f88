"""What the recognizer saw: the board, its status and geometry, and what it could not read."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from sweeper.core import Board, Cell, GameStatus, format_board
from sweeper.recognizer.geometry import BoardGeometry

# what a screenshot shows: a game status, or "unknown" when it could not be told
Status = Literal[GameStatus, "unknown"]
MAX_LISTED = 20  # unreadable cells a message names (a line a person still reads)


@dataclass(frozen=True)
class Recognition:
    """One reading of a screenshot.

    ``board`` is None when no board was found or some cells could not be read (they are
    listed in ``unreadable``); ``message`` then says why. ``codes`` holds what each cell
    looked most like (meaningful only where readable), ``distance`` each cell's colour
    distance to the template it was read as. ``learned`` names the tile types
    whose pictures were learned from this screenshot: a reading that taught the skin
    something new deserves a second look before it is acted on.
    """

    board: Board | None
    status: Status
    geometry: BoardGeometry | None
    skin: str | None
    unreadable: list[Cell] = field(default_factory=list)
    codes: npt.NDArray[np.int8] | None = None
    distance: npt.NDArray[np.float32] | None = None
    learned: tuple[str, ...] = ()
    message: str = ""

    @property
    def ok(self) -> bool:
        return self.board is not None

    @property
    def sure(self) -> bool:
        """Whether every cell and the status were read and no picture was learned: the
        same pixels read again can only give this reading again."""
        return self.board is not None and self.status != "unknown" and not self.learned

    def to_json(self) -> dict[str, Any]:
        """The ``sweeper recognize --json`` shape."""
        answer: dict[str, Any] = {
            "board": format_board(self.board) if self.board is not None else None,
            "status": self.status,
        }
        if self.geometry is not None:
            answer |= self.geometry.to_json()
        answer["skin"] = self.skin
        answer["unreadable"] = [list(cell) for cell in self.unreadable]
        if self.message:
            answer["message"] = self.message
        return answer


def nothing_found(message: str) -> Recognition:
    """The recognition of a screenshot without a readable board."""
    return Recognition(None, "unknown", None, None, message=message)


def cells_read(geometry: BoardGeometry, codes: npt.NDArray[np.int8],
               readable: npt.NDArray[np.bool_], impossible: bool) -> Recognition:
    """The board read (None if any cell is unreadable), with a message naming the cells
    (``impossible``: some were ruled out by the game's rules)."""
    rows, cols = np.nonzero(~readable)
    unreadable = [(int(r), int(c)) for r, c in zip(rows, cols, strict=True)]
    board = Board(codes.copy()) if not unreadable else None
    message = ""
    if unreadable:
        listed = ", ".join(f"({r}, {c})" for r, c in unreadable[:MAX_LISTED])
        more = (f" and {len(unreadable) - MAX_LISTED} more"
                if len(unreadable) > MAX_LISTED else "")
        message = f"{len(unreadable)} cell(s) could not be read confidently: {listed}{more}"
        if impossible:
            message += (" (some read as an opened 0 next to an unopened cell, or as a digit "
                        "with too few covered neighbours: a pressed or half-drawn tile?)")
    return Recognition(board, "unknown", geometry, None, unreadable, codes.copy(),
                       message=message)
