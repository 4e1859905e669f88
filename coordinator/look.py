"""Finding the board on the screen once, then capturing and reading it there.

The :class:`Looker` owns where the board is (its :class:`Placement`) and the reader that
learned its skin. It takes screenshots and hands back what the reader saw in them
(a :class:`Shot`); whether a shot can be believed is for the look until stable
(:mod:`coordinator.watch`) to say.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from sweeper.coordinator.screen import Screen
from sweeper.core import Cell, Rect, SweeperError
from sweeper.effector import ScreenInfo
from sweeper.recognizer import (
    SEARCH_ROWS,
    BoardGeometry,
    BoardReader,
    Recognition,
    find_new_game_control,
    find_yellow_face,
    locate_and_read,
    mine_count_area,
    read_mine_count,
)

MAX_COVERED_WHEN_FOUND = 4  # cells a board may have covered when found (by a tooltip
# at the pointer: the cover is then answered like any other) ...
COVERED_SHARE_WHEN_FOUND = 0.05  # ... and at most this share of them (a keypad or
# calendar whose keys do not all read as tiles is never taken for a board)
MIN_LOCATE_LOOKS = 3  # looks before the board is given up on, however long each took (a
# full-screen look on a loaded machine can outlast the timeout, taken while a page paints)
LOCATE_TIMEOUT_S = 5.0  # how long the board is looked for: a window still opening or
# being laid out shows it within a few seconds
LOCATE_POLL_S = 0.1  # pause between two looks for the board (a look costs ~50 ms of CPU)


class WatchError(SweeperError, RuntimeError):
    """The board could not be seen reliably; the message says what was wrong."""


@dataclass(frozen=True)
class Placement:
    """Where the board is: the watched ``region`` of the screen (the board, a cell's
    margin round it and the strip above it where the face sits) and the board's
    ``geometry`` in the region's image (its origin is the region's top-left point)."""

    region: Rect
    geometry: BoardGeometry

    @property
    def board_rect(self) -> Rect:
        """The board's rectangle on the screen (clicks on cells must stay inside it)."""
        return self.geometry.rect.moved(self.region.left, self.region.top)

    def box_on_screen(self, box: Rect) -> Rect:
        """``box`` (in the region's image) on the screen."""
        return box.moved(self.region.left, self.region.top)


@dataclass(frozen=True)
class Shot:
    """One screenshot of the watched region and what the reader saw in it;
    ``requested_at`` is when it was asked for (``time.monotonic()``)."""

    recognition: Recognition
    image: npt.NDArray[np.uint8]
    requested_at: float


@dataclass(frozen=True)
class SkinMark:
    """How many pictures the reader of a located board had learned at one moment."""

    reader: BoardReader
    pictures: int


class Looker:
    """Finds the board on a screen and reads it there."""

    def __init__(self, screen: Screen, skins: list[str] | None = None,
                 area: Rect | None = None) -> None:
        self.screen = screen  # where the board is shown
        self.skin_names = skins
        self.area = area  # where on the screen to look for the board (default: everywhere)
        self.screen_info: ScreenInfo | None = None  # asked for when the board is first located
        self.placement: Placement | None = None
        self.reader: BoardReader | None = None  # reads the board, learning its skin
        self.last: Shot | None = None  # the last shot taken
        self._sure_reading: tuple[int | None, Shot] | None = None  # the last shot, if its
        # reading was sure of everything, and the mine count it was read with
        self._face_box: Rect | None = None  # where the face was seen
        self._control: Rect | None = None  # where the new-game control's label was read
        self.covered_when_found: list[Cell] = []  # cells covered when the board was found

    @property
    def placed(self) -> Placement:
        """Where the board is (an error before it was found)."""
        if self.placement is None or self.reader is None:
            raise WatchError("the board has not been located yet")
        return self.placement

    def locate(self, stated_mines: int | None = None,
               timeout_s: float = LOCATE_TIMEOUT_S) -> Placement:
        """Find the board anywhere in the search area, looking again until found.

        A board counts as found only when two looks in a row place and read it
        identically, so a window still being drawn or resized is never taken for the board,
        nor a tile caught half drawn learned as part of its skin. A few of its cells may be
        covered (a tooltip at the pointer): they are kept in ``covered_when_found``.
        """
        deadline = time.monotonic() + timeout_s
        self.screen_info = self.screen_info or self.screen.screen()
        bounds = self._search_bounds()
        where = "on the screen" if self.area is None else f"in the area {bounds.describe()}"
        message = "no Minesweeper board found"
        previous: tuple[object, ...] | None = None
        looks = 0
        while True:
            looks += 1
            image = self.screen.screenshot(bounds)
            found, reader = locate_and_read(
                image, self.skin_names, origin=(bounds.left, bounds.top),
                total_mines=stated_mines)
            if found.geometry is not None and reader is not None and (
                    found.board is not None or _lightly_covered(found)):
                placement = (found.geometry.rect, found.geometry.rows, found.geometry.cols,
                             str(found.board), tuple(found.unreadable))
                if placement == previous:
                    self.covered_when_found = list(found.unreadable)
                    return self._watch_region(found.geometry, reader)
                previous = placement
                continue
            previous = None
            message = found.message or message
            if time.monotonic() >= deadline and looks >= MIN_LOCATE_LOOKS:
                raise WatchError(f"{message} (looked {where} for {timeout_s:.0f} s)")
            time.sleep(LOCATE_POLL_S)

    def snap(self) -> tuple[npt.NDArray[np.uint8], float]:
        """A screenshot of the watched region, and when it was asked for
        (``time.monotonic()``), for :meth:`shoot` to read if it is worth reading."""
        requested_at = time.monotonic()
        return self.screen.screenshot(self.placed.region), requested_at

    def shoot(self, mines: int | None,
              snapped: tuple[npt.NDArray[np.uint8], float] | None = None) -> Shot:
        """Capture the watched region once (or take the screenshot ``snapped``) and
        read the board in it (``mines``: the game's mine count, if known); new pictures
        are learned only once they hold still. A screenshot the same to the pixel as
        the last one, whose reading was sure of everything, is that reading again
        without the work (while a page has not yet drawn the clicks, most looks are
        such)."""
        placement = self.placed
        assert self.reader is not None
        image, requested_at = snapped or self.snap()
        again = self._sure_reading
        if again is not None and again[0] == mines and np.array_equal(image, again[1].image):
            recognition = again[1].recognition
        else:
            recognition = self.reader.read(image, placement.geometry, mines,
                                           learn_when_stable=True)
        self.last = Shot(recognition, image, requested_at)
        self._sure_reading = (mines, self.last) if recognition.sure else None
        return self.last

    def skin_mark(self) -> SkinMark | None:
        """How many pictures the reader knows now (None before the board is found)."""
        reader = self.reader
        return None if reader is None else SkinMark(reader, reader.skin.mark)

    def forget_opened_since(self, mark: SkinMark | None) -> None:
        """Forget the opened-cell pictures learned since ``mark`` (what a game's final
        turn showed: its end screen, a dialog over it, the restart), if the reader is
        still the one marked."""
        if mark is not None and mark.reader is self.reader:
            mark.reader.forget_opened_since(mark.pictures)
            self._sure_reading = None  # read with what is forgotten

    def shown_mine_count(self) -> int | None:
        """The mine count the game shows round the located board (on its counter, or
        written above, below or beside it), read from a screenshot of that area; None
        if it shows none that reads for sure. Meant for a fresh board."""
        around = self._surroundings()
        return None if around is None else read_mine_count(*around)

    def find_new_game_control(self) -> Rect | None:
        """Where on the screen the game's own new-game control is ("New game",
        "Restart", ...: its label read round the board), remembered for the next games;
        None if none reads."""
        around = self._surroundings()
        if around is None:
            return None
        image, geometry = around
        box = find_new_game_control(image, geometry)
        if box is not None:
            self._control = box.moved(*geometry.origin)
        return self._control

    def _surroundings(self) -> tuple[npt.NDArray[np.uint8], BoardGeometry] | None:
        """A screenshot of the area round the located board where a game shows its
        count and controls, and the board's geometry in it (its origin the area's
        top-left point on the screen)."""
        geometry = self.placed.geometry
        wanted = mine_count_area(geometry).moved(*geometry.origin)
        area = self._search_bounds().intersection(wanted)
        if area is None:
            return None
        image = self.screen.screenshot(area)
        return image, replace(
            geometry.shifted(geometry.origin[0] - area.left, geometry.origin[1] - area.top),
            origin=(area.left, area.top))

    def new_game_point(self, image: npt.NDArray[np.uint8]) -> tuple[Rect, tuple[int, int]] | None:
        """The new-game control's rectangle and centre on the screen: the face, or
        the control found by its label; None if neither was seen."""
        face = self.face_point(image)
        if face is not None or self._control is None:
            return face
        rect = self._control
        return rect, (rect.left + rect.width // 2, rect.top + rect.height // 2)

    def face_point(self, image: npt.NDArray[np.uint8]) -> tuple[Rect, tuple[int, int]] | None:
        """The face button's rectangle and centre on the screen, if one is shown."""
        if self.placement is None:
            return None
        found = find_yellow_face(image, self.placement.geometry) or self._face_box
        if found is None:
            return None
        self._face_box = found  # a face of another colour (a dead one) stays where it was
        rect = self.placement.box_on_screen(found)
        return rect, (rect.left + rect.width // 2, rect.top + rect.height // 2)

    def _search_bounds(self) -> Rect:
        """The screen, or the part of the search area on it (an error if there is none)."""
        assert self.screen_info is not None
        if self.area is None:
            return self.screen_info
        bounds = self.screen_info.intersection(self.area)
        if bounds is None:
            raise WatchError(
                f"the search area ({self.area.describe()}) is off the screen "
                f"({self.screen_info.describe()})"
            )
        return bounds

    def _watch_region(self, geometry: BoardGeometry, reader: BoardReader) -> Placement:
        """Watch the board plus the strip above it where the face sits, and nothing more
        (never beyond the search area)."""
        margin, face_strip = round(geometry.pitch), round((SEARCH_ROWS + 0.5) * geometry.pitch)
        rect = geometry.rect
        x, y, width, height = rect.left, rect.top, rect.width, rect.height
        wanted = Rect(
            left=geometry.origin[0] + x - margin,
            top=geometry.origin[1] + y - face_strip,
            width=width + 2 * margin,
            height=face_strip + height + margin,
        )
        region = self._search_bounds().intersection(wanted)
        assert region is not None, "the board was found inside the search area"
        self.placement = Placement(region, replace(
            geometry.shifted(geometry.origin[0] - region.left, geometry.origin[1] - region.top),
            origin=(region.left, region.top),
        ))
        self.reader = reader
        self._sure_reading = None
        self._face_box = None
        return self.placement


def _lightly_covered(found: Recognition) -> bool:
    """Whether ``found``, a lattice read but for some cells, is a board with a few cells
    covered: readable elsewhere, too few covered to be a widget not made of tiles."""
    covered = len(found.unreadable)
    cells = 0 if found.geometry is None else found.geometry.rows * found.geometry.cols
    return (found.codes is not None and 0 < covered <= MAX_COVERED_WHEN_FOUND
            and covered <= COVERED_SHARE_WHEN_FOUND * cells)
