"""Answering what covers the board, as a person would: a dialog, a tooltip at the pointer.

Cells that stay unreadable may be covered by a dialog (answered with Enter, the pointer
resting on what it covers, or with a click on its OK) or by something the page draws at
the pointer (the pointer is moved off the board, to a rest point inside the game's
window: :mod:`coordinator.rest`). The :class:`CoverAnswerer` tries these in turn; once
the pointer had to be moved away, it rests there after every batch. Keys go to the game,
clicks only to a dialog's button over the board, moves never leave the watched region.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from sweeper.coordinator.look import Placement, Shot
from sweeper.coordinator.rest import rest_point
from sweeper.coordinator.screen import Screen
from sweeper.core import Cell
from sweeper.effector import Action, ClickAction, KeyAction, MoveAction, PauseAction
from sweeper.recognizer import BoardGeometry, Button, Recognition, find_buttons

LATTICE_SLACK = 2  # px a box's sides may be off the lattice's lines and still be on them
POINTER_HIDES = 4  # cells a pointer's highlight or tooltip may hide; more are a dialog's,
# or an animation's that passes
POINTER_REACH = 4  # cells from the pointer's a thing drawn at it covers (a tooltip; a
# dialog reaches further)


Remedy = Callable[[Recognition, Placement, npt.NDArray[np.uint8]], str]


class CoverAnswerer:
    """Answers dialogs and pointer overlays over the board with the keyboard and mouse."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        # the rest point off the board and the placement it was chosen for, once needed
        self._rest: tuple[Placement, tuple[int, int]] | None = None

    def answer(self, attempt: int, shot: Shot, placement: Placement, *,
               pointer_first: bool = False) -> str:
        """Try the ``attempt``-th remedy (they take turns) for the unreadable cells of
        ``shot``; say what was done. ``pointer_first``: the pointer moves away before a
        dialog is answered (see :meth:`drawn_at_pointer`)."""
        return self._remedy(attempt, pointer_first)(shot.recognition, placement, shot.image)

    def presses(self, attempt: int, *, pointer_first: bool = False) -> bool:
        """Whether the ``attempt``-th remedy presses a key or a button (which may close a
        message that tells the game's end) rather than only moving the pointer."""
        return self._remedy(attempt, pointer_first) != self.rest_pointer

    def _remedy(self, attempt: int, pointer_first: bool) -> Remedy:
        """The ``attempt``-th remedy: Enter for a dialog, the pointer to its rest point,
        a dialog's OK, in turn (the first two swapped with ``pointer_first``)."""
        remedies: list[Remedy] = [self.answer_dialog, self.rest_pointer, self.press_ok]
        if pointer_first:
            remedies[:2] = remedies[1::-1]
        return remedies[attempt % len(remedies)]

    def drawn_at_pointer(self, placement: Placement, pointer: Cell | None,
                         covered: Sequence[Cell]) -> bool:
        """Whether ``covered`` cells are likelier something drawn at the pointer (a
        tooltip) than a dialog: they all lie round ``pointer``, the cell the pointer was
        left on, and the pointer has no rest point off the board yet."""
        return (pointer is not None and self.rest_move(placement) is None
                and _around(pointer, covered))

    def rest_move(self, placement: Placement) -> MoveAction | None:
        """The move to the rest point, once an overlay made one needed (None before, or
        after the board moved)."""
        if self._rest is None or self._rest[0] != placement:
            return None
        x, y = self._rest[1]
        return MoveAction(x=x, y=y)

    def answer_dialog(self, recognition: Recognition | None, placement: Placement | None,
                      image: npt.NDArray[np.uint8] | None = None) -> str:
        """Press Enter, as a person answers a dialog: with the pointer on the part of the
        board the dialog covers (some desktops send keys to the window under the
        pointer), never outside the board."""
        actions: list[Action] = []
        if recognition is not None and recognition.unreadable and placement is not None:
            geometry = placement.geometry
            hidden = unreadable_centres(geometry, recognition)
            x, y = (int(v) for v in np.median(hidden, axis=0))
            row_col = geometry.cell_at(x, y) or recognition.unreadable[0]
            x, y = geometry.centre(*row_col)
            far_x, far_y = farthest_cell(geometry, recognition)
            # arrive from elsewhere, so the dialog sees the pointer come in
            actions += [MoveAction(x=far_x, y=far_y), MoveAction(x=x, y=y),
                        PauseAction(ms=50)]
        actions.append(KeyAction(key="enter"))
        bounds = placement.board_rect if len(actions) > 1 and placement is not None else None
        self.screen.actions(actions, bounds=bounds)
        return "answered a dialog with Enter"

    def rest_pointer(self, recognition: Recognition, placement: Placement,
                     image: npt.NDArray[np.uint8]) -> str:
        """Move the pointer off the board to a point where two screenshots show no change
        (a tooltip or a highlight under the pointer goes away when it leaves), or, with
        no such point, to the board cell farthest from the unreadable ones."""
        if not recognition.unreadable:
            return "nothing to move the pointer away from"
        again = self.screen.screenshot(placement.region)
        point = rest_point(image, again, placement.geometry)
        if point is None:
            x, y = farthest_cell(placement.geometry, recognition)
            self.screen.actions([MoveAction(x=x, y=y)], bounds=placement.board_rect)
            return f"moved the pointer to the cell at ({x}, {y})"
        self._rest = placement, point
        self.screen.actions([MoveAction(x=point[0], y=point[1])], bounds=placement.region)
        return f"moved the pointer off the board to ({point[0]}, {point[1]})"

    def press_ok(self, recognition: Recognition, placement: Placement,
                 image: npt.NDArray[np.uint8]) -> str:
        """Click the OK of a dialog over the board (see :meth:`press_dialog_button`)."""
        if not recognition.unreadable:
            return "no dialog button to press"
        if not self.press_dialog_button(recognition, placement, image):
            return "found no dialog button to press"
        return "pressed a dialog's button"

    def press_dialog_button(self, recognition: Recognition, placement: Placement,
                            image: npt.NDArray[np.uint8]) -> bool:
        """Click, of the buttons round the unreadable cells that are not tiles (sides off
        the lattice), the one with the shortest label, one over the board before one
        beside it (the game's own controls, which a modal may hold); whether there was one."""
        if not recognition.unreadable:
            return False
        geometry = placement.geometry
        cells = np.array(recognition.unreadable)
        rows, cols = cells[:, 0], cells[:, 1]
        x0, y0, _, _ = geometry.cell_box(int(rows.min()), int(cols.min()))
        _, _, x1, y1 = geometry.cell_box(int(rows.max()), int(cols.max()))
        margin = round(geometry.pitch)
        height, width = image.shape[:2]
        left, top = max(x0 - margin, 0), max(y0 - margin, 0)
        area = image[top:min(y1 + margin, height), left:min(x1 + margin, width)]
        buttons = [button for button in (find_buttons(area) if area.size else [])
                   if not on_lattice(geometry, left + button.x, top + button.y,
                                     button.width, button.height)]
        if not buttons:
            return False
        board = geometry.rect

        def off_board(button: Button) -> bool:  # a control beside the board, not a dialog's
            x, y = button.centre
            return not board.contains_point(left + x, top + y)

        button = min(buttons, key=lambda b: (off_board(b), b.label_width, -b.x))
        x, y = button.centre
        rect = button.rect.moved(placement.region.left + left, placement.region.top + top)
        click = ClickAction(x=placement.region.left + left + x,
                            y=placement.region.top + top + y)
        self.screen.actions([click], bounds=rect)
        return True


def _around(cell: Cell, cells: Sequence[Cell]) -> bool:
    """Whether all of ``cells`` (at least one) lie within ``POINTER_REACH`` of ``cell``."""
    return bool(cells) and all(max(abs(row - cell[0]), abs(col - cell[1])) <= POINTER_REACH
                               for row, col in cells)


def on_lattice(geometry: BoardGeometry, x: int, y: int, width: int, height: int) -> bool:
    """Whether the box ``(x, y, width, height)`` (in the watched image) has its sides on
    the board's lattice lines: a tile or two that look like a button, not a button on
    a dialog over the board."""
    near = LATTICE_SLACK
    xs, ys = np.asarray(geometry.xs), np.asarray(geometry.ys)
    return bool(np.abs(xs - x).min() <= near and np.abs(xs - (x + width)).min() <= near
                and np.abs(ys - y).min() <= near)


def farthest_cell(geometry: BoardGeometry, recognition: Recognition) -> tuple[int, int]:
    """The screen centre of the cell farthest from the unreadable ones."""
    centres = geometry.centres().reshape(-1, 2)
    hidden = unreadable_centres(geometry, recognition)
    distance = np.abs(centres[:, None, :] - hidden[None, :, :]).sum(axis=2).min(axis=1)
    x, y = (int(v) for v in centres[int(np.argmax(distance))])
    return x, y


def unreadable_centres(geometry: BoardGeometry,
                       recognition: Recognition) -> npt.NDArray[np.int64]:
    """``(N, 2)`` screen centres of the cells ``recognition`` could not read."""
    return np.array([geometry.centre(*cell) for cell in recognition.unreadable])
