"""Looking at the game: find the board once, then re-read it until it is stable.

The watcher asks the screen (the effector's, or a simulated one) for pixels and the
recognizer for meaning. It never hands out a board it is unsure of: unreadable cells, a
board that contradicts the previous one, or a board that moved make it look again, and
past a deadline stop with a :class:`WatchError` that says what it saw.
"""

from __future__ import annotations

import time
from collections.abc import Collection
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from sweeper.coordinator.consistency import cells_mask, impossible_changes, too_few_closed
from sweeper.coordinator.screen import Screen
from sweeper.core import (
    FLAG,
    MINE,
    UNOPENED,
    Board,
    Cell,
    GameStatus,
    Rect,
    SweeperError,
    mine_count,
)
from sweeper.effector import Action, ClickAction, KeyAction, MoveAction, PauseAction, ScreenInfo
from sweeper.recognizer import (
    SEARCH_ROWS,
    BoardGeometry,
    BoardReader,
    Recognition,
    find_buttons,
    find_yellow_face,
    locate_and_read,
)

POLL_S = 0.005  # pause between two looks while waiting for the screen to settle
REMEDY_AFTER_S = 0.6  # unreadable this long: answer a dialog; twice: move the pointer away
COVERED_PATIENCE_S = 6.0  # how long a covered board is looked at before giving up
LATTICE_SLACK = 2  # px a box's sides may be off the lattice's lines and still be on them


class WatchError(SweeperError, RuntimeError):
    """The board could not be seen reliably; the message says what was wrong."""


@dataclass(frozen=True)
class Sight:
    """One confident reading of the board; ``captured_at`` is when its screenshot was
    requested (``time.monotonic()``)."""

    board: Board
    status: GameStatus
    recognition: Recognition
    image: npt.NDArray[np.uint8]
    captured_at: float


class BoardWatcher:
    """Finds the board on a screen and reads it there."""

    def __init__(
        self, screen: Screen, skins: list[str] | None = None, area: Rect | None = None,
        mines: int | None = None,
    ) -> None:
        self.screen = screen  # where the board is shown and clicked
        self.skin_names = skins
        self.area = area  # where on the screen to look for the board (default: everywhere)
        self.mines = mines  # the game's mine count, if not a standard board's
        self.found_mines: int | None = None  # the count this game was found to hold instead
        self.screen_info: ScreenInfo | None = None  # asked for when the board is first located
        self.region: Rect | None = None
        self.geometry: BoardGeometry | None = None  # in the coordinates of region's image
        self.reader: BoardReader | None = None  # reads the board, learning its skin
        self.last_recognition: Recognition | None = None  # what the last look saw ...
        self.last_image: npt.NDArray[np.uint8] | None = None  # ... and the picture it saw
        self._face_box: Rect | None = None  # where the face was seen

    @property
    def board_rect(self) -> Rect:
        """The board's rectangle on the screen (clicks on cells must stay inside it)."""
        if self.geometry is None:
            raise WatchError("the board has not been located yet")
        return self.geometry.rect.moved(*self.geometry.origin)

    def mine_total(self, board: Board) -> int | None:
        """The game's mine count: the one it was found to hold, the one given, or the
        standard one for the board's size."""
        if self.found_mines is not None:
            return self.found_mines
        return mine_count(board.height, board.width, self.mines)

    def recount(self, found_mines: int | None) -> None:
        """Take ``found_mines`` as this game's count (None: back to the usual one), for
        telling a won board too."""
        self.found_mines = found_mines
        if self.reader is not None:
            self.reader.total_mines = self.mines if found_mines is None else found_mines

    def locate(self, timeout_s: float = 5.0) -> Sight:
        """Find the board anywhere on the screen and read it, looking again until found.

        A board counts as found only when two looks in a row place and read it
        identically, so a window still being drawn or resized is never taken for the board,
        nor a tile caught half drawn learned as part of its skin.
        """
        deadline = time.monotonic() + timeout_s
        self.screen_info = self.screen_info or self.screen.screen()
        bounds = self._search_bounds()
        where = "on the screen" if self.area is None else f"in the area {bounds.describe()}"
        message = "no Minesweeper board found"
        previous: tuple[object, ...] | None = None
        while True:
            image = self.screen.screenshot(bounds)
            found, reader = locate_and_read(
                image, self.skin_names, origin=(bounds.left, bounds.top), total_mines=self.mines
            )
            if found.board is not None and found.geometry is not None and reader is not None:
                placement = (found.geometry.rect, found.geometry.rows, found.geometry.cols,
                             str(found.board))
                if placement == previous:
                    self._watch_region(found.geometry, reader)
                    sight = self.look_until_readable(deadline)
                    self.face_point(sight.image)  # where the face is, while it smiles
                    return sight
                previous = placement
                continue
            previous = None
            message = found.message or message
            if time.monotonic() >= deadline:
                raise WatchError(f"{message} (looked {where} for {timeout_s:.0f} s)")
            time.sleep(0.1)

    def look(self) -> tuple[Recognition, npt.NDArray[np.uint8], float]:
        """Capture the watched region once and read the board in it; also return the
        monotonic time at which the capture was requested."""
        if self.region is None or self.geometry is None or self.reader is None:
            raise WatchError("the board has not been located yet")
        requested_at = time.monotonic()
        image = self.screen.screenshot(self.region)
        self.last_recognition = self.reader.read(image, self.geometry)
        self.last_image = image
        return self.last_recognition, image, requested_at

    def look_until_readable(self, deadline: float, previous: Board | None = None,
                            pressed_safe: Collection[Cell] = ()) -> Sight:
        """Read until every cell and the status are confident, or raise past ``deadline``.

        A reading that taught the skin a new picture is read again before it is believed.
        Cells that stay unreadable may be covered by a dialog (answered with Enter, the
        pointer resting on what it covers, or with a click on its OK) or a tooltip (the
        pointer is moved to a cell far from them); these are tried in turn. A game over
        is taken with a few cells covered: lost when a mine shows, won when the covered
        cells were open on the ``previous`` board (or just pressed, proven safe:
        ``pressed_safe``) and the closed ones left are the mines.
        """
        started = time.monotonic()
        remedies_done = 0
        while True:
            recognition, image, requested_at = self.look()
            if recognition.unreadable:
                # a covered board gets the time to answer a dialog or two
                deadline = max(deadline, started + COVERED_PATIENCE_S)
            implausible = None if recognition.board is None else too_few_closed(
                recognition.board, self.mine_total(recognition.board))
            if recognition.board is not None and recognition.status != "unknown" and (
                    not recognition.learned and implausible is None):
                return Sight(
                    recognition.board, recognition.status, recognition, image, requested_at
                )
            lost = lost_under_cover(recognition, previous, pressed_safe)
            if lost is not None:
                # a mine went off: the game is over whatever covers a few cells (a "game
                # over" drawn over the board); nothing on it will be clicked again
                return Sight(lost, "lost", recognition, image, requested_at)
            won = (won_under_cover(recognition, previous, self.mine_total(previous),
                                   pressed_safe) if previous is not None else None)
            if won is not None:
                # a message drawn over an open part of the board after the last safe cell
                return Sight(won, "won", recognition, image, requested_at)
            if time.monotonic() >= deadline:
                problem = (implausible or recognition.message
                           or "the game's status (face) could not be read")
                raise WatchError(f"the board stayed unreadable: {problem}")
            if recognition.unreadable and (
                    time.monotonic() - started >= REMEDY_AFTER_S * (remedies_done + 1)):
                remedies = (self.answer_dialog, self._move_pointer_away, self._press_ok)
                remedies[remedies_done % len(remedies)](recognition)
                remedies_done += 1
            time.sleep(POLL_S)

    def _move_pointer_away(self, recognition: Recognition) -> None:
        """Rest the pointer on the board cell farthest from the unreadable ones (a tooltip
        under the pointer goes away when it moves)."""
        if self.geometry is None or not recognition.unreadable:
            return
        x, y = self._farthest_cell(recognition)
        self.screen.actions([MoveAction(x=x, y=y)], bounds=self.board_rect)

    def _press_ok(self, recognition: Recognition) -> None:
        """Click the OK of a dialog over the board: of the buttons round the unreadable
        cells that are not tiles (sides off the lattice), the one with the shortest label."""
        if self.geometry is None or self.region is None or self.last_image is None:
            return
        cells = np.array(recognition.unreadable)
        rows, cols = cells[:, 0], cells[:, 1]
        x0, y0, _, _ = self.geometry.cell_box(int(rows.min()), int(cols.min()))
        _, _, x1, y1 = self.geometry.cell_box(int(rows.max()), int(cols.max()))
        margin = round(self.geometry.pitch)
        height, width = self.last_image.shape[:2]
        left, top = max(x0 - margin, 0), max(y0 - margin, 0)
        area = self.last_image[top:min(y1 + margin, height), left:min(x1 + margin, width)]
        buttons = [button for button in (find_buttons(area) if area.size else [])
                   if not self._on_lattice(left + button.x, top + button.y,
                                           button.width, button.height)]
        if not buttons:
            return
        button = min(buttons, key=lambda b: (b.label_width, -b.x))
        x, y = button.centre
        rect = Rect(left=self.region.left + left + button.x, top=self.region.top + top + button.y,
                    width=button.width, height=button.height)
        click = ClickAction(x=self.region.left + left + x, y=self.region.top + top + y)
        self.screen.actions([click], bounds=rect)

    def _on_lattice(self, x: int, y: int, width: int, height: int) -> bool:
        """Whether the box ``(x, y, width, height)`` (in the watched image) has its sides on
        the board's lattice lines: a tile or two that look like a button, not a button on
        a dialog over the board."""
        assert self.geometry is not None
        near = LATTICE_SLACK
        xs, ys = np.asarray(self.geometry.xs), np.asarray(self.geometry.ys)
        return bool(np.abs(xs - x).min() <= near and np.abs(xs - (x + width)).min() <= near
                    and np.abs(ys - y).min() <= near)

    def _farthest_cell(self, recognition: Recognition) -> tuple[int, int]:
        """The centre of the cell farthest from the unreadable ones."""
        assert self.geometry is not None
        centres = self.geometry.centres().reshape(-1, 2)
        hidden = self._unreadable_centres(recognition)
        distance = np.abs(centres[:, None, :] - hidden[None, :, :]).sum(axis=2).min(axis=1)
        x, y = (int(v) for v in centres[int(np.argmax(distance))])
        return x, y

    def _unreadable_centres(self, recognition: Recognition) -> npt.NDArray[np.int64]:
        """``(N, 2)`` screen centres of the cells ``recognition`` could not read."""
        assert self.geometry is not None
        return np.array([self.geometry.centre(*cell) for cell in recognition.unreadable])

    def answer_dialog(self, recognition: Recognition | None = None) -> None:
        """Press Enter, as a person answers a dialog: with the pointer on the part of the
        board the dialog covers (some desktops send keys to the window under the
        pointer), never outside the board."""
        actions: list[Action] = []
        if recognition is not None and recognition.unreadable and self.geometry is not None:
            hidden = self._unreadable_centres(recognition)
            x, y = (int(v) for v in np.median(hidden, axis=0))
            row_col = self.geometry.cell_at(x, y) or recognition.unreadable[0]
            x, y = self.geometry.centre(*row_col)
            far_x, far_y = self._farthest_cell(recognition)
            # arrive from elsewhere, so the dialog sees the pointer come in
            actions += [MoveAction(x=far_x, y=far_y), MoveAction(x=x, y=y),
                        PauseAction(ms=50)]
        actions.append(KeyAction(key="enter"))
        self.screen.actions(actions, bounds=self.board_rect if len(actions) > 1 else None)

    def settle(
        self,
        previous: Board,
        clicked: Collection[Cell],
        flag_toggled: Collection[Cell] = (),
        timeout_s: float = 3.0,
        *,
        proven_safe: bool = False,
    ) -> Sight:
        """The board after clicks, checked to be able to follow ``previous``.

        ``proven_safe`` says the clicked cells were proven safe (no guess among them):
        one of them under a message drawn over a won game does not hide its end.

        A game in play is taken as soon as every click shows (clicked cells open, flags
        placed): it is then a state the game really reached. A finished game must read
        the same twice; past ``timeout_s`` so must a board on which the clicks never
        showed (the caller sees that nothing changed).
        """
        deadline = time.monotonic() + timeout_s
        last: Sight | None = None
        while True:
            sight = self.look_until_readable(
                deadline, previous, clicked if proven_safe else ())
            faulty = impossible_changes(
                previous, sight.board, flag_toggled, ended=sight.status != "playing",
                hidden=sight.recognition.unreadable,
            )
            if faulty and time.monotonic() >= deadline:
                raise WatchError(
                    "the board contradicts the previous one at "
                    + ", ".join(f"({r}, {c})" for r, c in faulty[:10])
                    + "; refusing to act on it"
                )
            if not faulty and _settled(sight, last, clicked, flag_toggled, deadline):
                return sight
            last = None if faulty else sight
            time.sleep(POLL_S)

    def wait_for_new_game(self, ended: Board, timeout_s: float = 5.0) -> Sight:
        """After a restart: the first stable board of a game in play that differs from
        the ended one (some clones open a few cells by themselves at the start)."""
        deadline = time.monotonic() + timeout_s
        while True:
            sight = self.look_until_readable(deadline)
            if is_new_game(sight, ended):
                return sight
            if time.monotonic() >= deadline:
                raise WatchError(f"no new game appeared within {timeout_s:.0f} s")
            time.sleep(0.02)

    def face_point(self, image: npt.NDArray[np.uint8]) -> tuple[Rect, tuple[int, int]] | None:
        """The face button's rectangle and centre on the screen, if one is shown."""
        if self.region is None or self.geometry is None:
            return None
        found = find_yellow_face(image, self.geometry) or self._face_box
        if found is None:
            return None
        self._face_box = found  # a face of another colour (a dead one) stays where it was
        rect = found.moved(self.region.left, self.region.top)
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

    def _watch_region(self, geometry: BoardGeometry, reader: BoardReader) -> None:
        """Watch the board plus the strip above it where the face sits, and nothing more
        (never beyond the search area); from now on, learn only pictures that hold still."""
        margin, face_strip = round(geometry.pitch), round((SEARCH_ROWS + 0.5) * geometry.pitch)
        board = geometry.rect.moved(*geometry.origin)
        wanted = Rect(
            left=board.left - margin,
            top=board.top - face_strip,
            width=board.width + 2 * margin,
            height=face_strip + board.height + margin,
        )
        region = self._search_bounds().intersection(wanted)
        assert region is not None, "the board was found inside the search area"
        self.region = region
        self.geometry = replace(
            geometry.shifted(geometry.origin[0] - region.left, geometry.origin[1] - region.top),
            origin=(region.left, region.top),
        )
        reader.learn_when_stable = True
        self.reader = reader
        self._face_box = None


def is_new_game(sight: Sight, ended: Board) -> bool:
    """Whether ``sight`` shows a game in play other than the ``ended`` one (or a fresh
    board, which a new game of a clone that repeats its mines may show)."""
    return sight.status == "playing" and (sight.board != ended or sight.board.is_fresh)


def won_under_cover(recognition: Recognition, previous: Board,
                    total_mines: int | None, pressed_safe: Collection[Cell] = ()) -> Board | None:
    """The board of a won game some cells of which are covered (a message or confetti
    drawn over it), or None if it is not one: each covered cell was open on ``previous``
    (an open cell never closes) or was just pressed, proven safe (``pressed_safe``: it is
    open now, or about to be), the cells open on ``previous`` read the same, and the
    closed cells but those pressed number the game's mines. A pressed cell stays unopened
    on the board returned: what it shows was not seen.

    Mines may show only after proven-safe presses (none went off: the game shows its
    mines on its win), and then a covered cell closed before counts as closed (a mine, if
    the game is won); otherwise such a cell leaves the game undecided (a dialog over the
    board is answered, and the cells read, first)."""
    if (total_mines is None or recognition.codes is None
            or not recognition.unreadable or recognition.codes.shape != previous.cells.shape):
        return None
    codes = recognition.codes.copy()
    pressed = set(pressed_safe)
    shows_mines = bool(np.any((codes == MINE) & ~cells_mask(codes.shape, recognition.unreadable)))
    if shows_mines and not pressed:
        return None
    hidden_safe = 0
    for cell in recognition.unreadable:
        if previous[cell] < 0 and cell not in pressed and not shows_mines:
            return None
        codes[cell] = previous[cell] if previous[cell] >= 0 else UNOPENED
        hidden_safe += cell in pressed
    closed = int(np.count_nonzero(codes < 0)) - hidden_safe
    if closed != total_mines:
        return None
    board = Board(codes)
    return None if impossible_changes(previous, board, ended=True) else board


def lost_under_cover(recognition: Recognition, previous: Board | None,
                     pressed_safe: Collection[Cell] = ()) -> Board | None:
    """The board of a lost game some cells of which are covered (a "game over" drawn over
    it), its covered cells taken for unopened ones; or None if it is not one: no mine
    shows, the last presses were all proven safe (``pressed_safe``: no mine went off;
    some games show their mines on a win), or the readable cells contradict ``previous``
    (a cell open before that reads otherwise now, such as a mine read where a dialog's
    corner covers an opened cell)."""
    if recognition.status != "lost" or recognition.codes is None or pressed_safe:
        return None
    board = _as_read(recognition)
    if previous is not None and impossible_changes(
            previous, board, ended=True, hidden=recognition.unreadable):
        return None
    return board


def _as_read(recognition: Recognition) -> Board:
    """The board as read, its unreadable cells taken for unopened ones."""
    assert recognition.codes is not None
    codes = recognition.codes.copy()
    for cell in recognition.unreadable:
        codes[cell] = UNOPENED
    return Board(codes)


def _settled(
    sight: Sight,
    last: Sight | None,
    clicked: Collection[Cell],
    flagged: Collection[Cell],
    deadline: float,
) -> bool:
    """Whether ``sight`` (consistent and readable) is the board to act on next."""
    if sight.status == "playing" and clicks_took_effect(sight, clicked, flagged):
        return True
    repeated = last is not None and sight.board == last.board and sight.status == last.status
    return repeated and (sight.status != "playing" or time.monotonic() >= deadline)


def clicks_took_effect(sight: Sight, clicked: Collection[Cell],
                       flagged: Collection[Cell] = ()) -> bool:
    """Whether every clicked cell is no longer unopened and every flagged one shows its
    flag, or the game is over."""
    if sight.status != "playing":
        return True
    return all(sight.board[cell] != UNOPENED for cell in clicked) and all(
        sight.board[cell] == FLAG for cell in flagged
    )
