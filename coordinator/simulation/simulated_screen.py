"""A screen with a game of the in-process engine on it, for the bot's own loop.

:class:`SimulatedScreen` answers what the effector answers (the screen's rectangle,
screenshots of a region, batches of actions inside bounds) by drawing the engine's board
with a shipped tile set and playing the clicks on the engine. The play loop, its look
and the recognizer run on it unchanged, so what is measured here is what plays live.
F2 deals the next game. Time does not pass: pauses and held buttons take none.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from sweeper.coordinator.simulation.engine import Game
from sweeper.core import FLAG, UNOPENED, Board, Cell, Rect, Rules
from sweeper.effector import (
    REFUSED_STATUS,
    Action,
    ActionBatch,
    BatchResult,
    ClickAction,
    EffectorError,
    InvalidBatchError,
    KeyAction,
    ScreenInfo,
    validate_batch,
)
from sweeper.recognizer import TILE_CODES, load_skin

SKIN = "classic-16"  # the tile set the board is drawn with
BACKGROUND = (192, 192, 192)  # the window around the board (BGR)
MARGIN = 24  # px of window on every side of the board
LOWEST_CODE = min(TILE_CODES.values())  # tile pictures are looked up by code - LOWEST_CODE

Image = npt.NDArray[np.uint8]


class SimulatedScreen:
    """A window showing engine games at ``origin`` on a screen of ``screen_size``.

    ``seeds`` gives the seed of each game dealt (the first one at once, the next on
    each F2). ``on_actions`` sees every batch before it runs (a test may raise from it).
    """

    def __init__(
        self,
        width: int,
        height: int,
        mines: int,
        rules: Rules,
        *,
        seeds: Callable[[], int | None] = lambda: None,
        screen_size: tuple[int, int] = (1280, 800),
        origin: tuple[int, int] = (40, 60),
    ) -> None:
        self.width, self.height, self.mines, self.rules = width, height, mines, rules
        self.seeds = seeds
        self.origin = origin
        self.pitch, self._tiles, self._tile_of_code = _tile_pictures()
        # the board as last drawn and the codes it shows: a screenshot redraws only the
        # cells whose code changed since (a turn opens a few cells of hundreds)
        self._drawn: tuple[npt.NDArray[np.int8], Image] | None = None
        self._grey: Image | None = None  # the window's background, as last shot
        # the screen grows to hold a big board with a window's margin round it
        screen_width = max(screen_size[0], origin[0] + width * self.pitch + MARGIN)
        screen_height = max(screen_size[1], origin[1] + height * self.pitch + MARGIN)
        whole = Rect(left=0, top=0, width=screen_width, height=screen_height)
        self.screen_rect = ScreenInfo(**whole.model_dump(), monitors=[whole])
        self.game = self.deal()
        self.on_actions: Callable[[Sequence[Action]], None] = lambda _: None
        self.clicks: list[tuple[int, int, str]] = []  # every click: x, y, button

    def deal(self, seed: int | None = None) -> Game:
        """Start a new game (with ``seed``, or the next of ``seeds``) and show it."""
        chosen = self.seeds() if seed is None else seed
        self.game = Game(self.width, self.height, self.mines, self.rules, chosen)
        return self.game

    @property
    def board_rect(self) -> Rect:
        """Where the board's tiles are on the screen."""
        left, top = self.origin
        return Rect(left=left, top=top, width=self.width * self.pitch,
                    height=self.height * self.pitch)

    def cell_at(self, x: int, y: int) -> Cell | None:
        """The board cell under the screen point ``(x, y)``, if any."""
        if not self.board_rect.contains_point(x, y):
            return None
        left, top = self.origin
        return (y - top) // self.pitch, (x - left) // self.pitch

    def shown_board(self) -> Board:
        """The board as drawn: the game's (a test may show another)."""
        return self.game.board

    # the effector's interface -------------------------------------------------------------

    def health(self) -> bool:
        """Always fine."""
        return True

    def screen(self) -> ScreenInfo:
        """The whole simulated screen."""
        return self.screen_rect

    def screenshot(self, region: Rect | None = None, image_format: str = "raw") -> Image:
        """The pixels of ``region`` (default: the whole screen), BGR."""
        area = region or self.screen_rect
        if not self.screen_rect.contains_rect(area):
            raise EffectorError(f"region ({area.describe()}) is not inside the screen",
                                REFUSED_STATUS)
        return self._picture(area)

    def actions(self, actions: Sequence[Action], bounds: Rect | None = None) -> BatchResult:
        """Run a batch as the effector would: checked whole first, then in order."""
        try:
            validate_batch(ActionBatch(actions=list(actions), bounds=bounds), self.screen_rect)
        except InvalidBatchError as error:
            raise EffectorError(str(error), REFUSED_STATUS) from None
        self.on_actions(actions)
        for action in actions:
            self._run(action)
        return BatchResult(executed=len(actions), elapsed_ms=0.0)

    def stop(self) -> bool:
        """Nothing ever runs in the background here."""
        return False

    # ------------------------------------------------------------------------------------------

    def _run(self, action: Action) -> None:
        if isinstance(action, KeyAction) and action.key == "f2":
            self.deal()
        elif isinstance(action, ClickAction):
            self.clicks.append((action.x, action.y, action.button))
            cell = self.cell_at(action.x, action.y)
            if cell is not None and self.game.status == "playing":
                self._press(cell, action.button)

    def _press(self, cell: Cell, button: str) -> None:
        visible = self.game.shows(*cell)
        if button == "left" and visible == UNOPENED:
            self.game.open(*cell)
        elif button == "right" and visible in (UNOPENED, FLAG):
            self.game.toggle_flag(*cell)

    def _picture(self, area: Rect) -> Image:
        """The pixels of ``area``: the window's grey, and the board where it shows."""
        picture = self._window(area.height, area.width).copy()
        board = self.board_rect
        shown = area.intersection(board)
        if shown is not None:
            tiles = self._board_picture(self.shown_board())
            picture[shown.top - area.top:shown.bottom - area.top,
                    shown.left - area.left:shown.right - area.left] = tiles[
                shown.top - board.top:shown.bottom - board.top,
                shown.left - board.left:shown.right - board.left]
        return picture

    def _window(self, height: int, width: int) -> Image:
        """The window's grey, ``height`` x ``width`` (kept: the same region is shot every
        turn)."""
        if self._grey is None or self._grey.shape[:2] != (height, width):
            self._grey = np.empty((height, width, 3), np.uint8)
            self._grey[:] = BACKGROUND
        return self._grey

    def _board_picture(self, board: Board) -> Image:
        """The tiles of ``board``, redrawn where its codes differ from the last drawing."""
        codes = board.cells
        if self._drawn is None or self._drawn[0].shape != codes.shape:
            self._drawn = codes.copy(), self._draw_all(codes)
            return self._drawn[1]
        drawn_codes, picture = self._drawn
        rows, cols = np.nonzero(codes != drawn_codes)
        if rows.size:
            pitch = self.pitch
            by_cell = picture.reshape(codes.shape[0], pitch, codes.shape[1], pitch, 3)
            by_cell[rows, :, cols] = self._tiles[
                self._tile_of_code[codes[rows, cols] - LOWEST_CODE]]
            drawn_codes[rows, cols] = codes[rows, cols]
        return picture

    def _draw_all(self, codes: npt.NDArray[np.int8]) -> Image:
        """Every tile of a board showing ``codes``."""
        tiles: Image = self._tiles[self._tile_of_code[codes - LOWEST_CODE]]
        rows, cols, pitch = codes.shape[0], codes.shape[1], self.pitch
        return np.ascontiguousarray(
            tiles.transpose(0, 2, 1, 3, 4).reshape(rows * pitch, cols * pitch, 3))


def _tile_pictures() -> tuple[int, Image, npt.NDArray[np.intp]]:
    """The tile set's pitch, one picture per tile type, and the picture of each cell code
    (at ``code - LOWEST_CODE``)."""
    skin = load_skin(SKIN)
    kinds = list(TILE_CODES)
    pictures: Image = np.stack([
        np.asarray(next(tile.pixels for tile in skin.tiles if tile.kind == kind), np.uint8)[..., :3]
        for kind in kinds])
    tile_of_code = np.zeros(max(TILE_CODES.values()) - LOWEST_CODE + 1, np.intp)
    for index, kind in enumerate(kinds):
        tile_of_code[TILE_CODES[kind] - LOWEST_CODE] = index
    return int(pictures.shape[1]), pictures, tile_of_code
