"""The game's own new-game control, found by the words written on it.

A game without a face starts a new game with a button or link labelled "New game",
"Restart", "Reset", "Try again" or "Play again". The words round the board are read by
the OCR (:func:`recognizer.mine_counter.text_around`); the control is the labelled word
nearest the board. Icons alone (a round arrow) are not read: for those the user gives
the control's place.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from sweeper.core import Rect
from sweeper.recognizer.counter_text import STRIPPED, Word
from sweeper.recognizer.geometry import BoardGeometry
from sweeper.recognizer.image_io import Image
from sweeper.recognizer.mine_counter import text_around

ONE_WORD_LABELS = re.compile(r"^(?:new(?:game)?|restart|reset|retry|replay)$")
TWO_WORD_LABELS = re.compile(r"^(?:new game|try again|play again|start again)$")
MIN_LABEL_CONFIDENCE = 60.0  # the OCR's least confidence in a control's word
PAIR_GAP = 1.5  # word heights between the two words of one label, at most


def find_new_game_control(image: Image, geometry: BoardGeometry) -> Rect | None:
    """The box, in ``image``'s pixels, of the label of the game's new-game control
    written round the board, or None if none reads."""
    text = text_around(image, geometry)
    if text is None:
        return None
    board = geometry.rect.moved(-text.region.left, -text.region.top)
    label = nearest_label(text.words, board)
    return None if label is None else label.moved(text.region.left, text.region.top)


def nearest_label(words: Sequence[Word], board: Rect) -> Rect | None:
    """The box of the new-game label among ``words`` nearest to ``board``."""
    labels = _labels([word for word in words if word.confidence >= MIN_LABEL_CONFIDENCE])
    if not labels:
        return None
    return min(labels, key=lambda box: (_distance(box, board), -box.width))


def _labels(words: Sequence[Word]) -> list[Rect]:
    """Boxes of the labels: a word alone ("Restart") or two on one line ("Try again")."""
    found = [word.box for word in words if ONE_WORD_LABELS.match(_plain(word.text))]
    for first in words:
        for second in words:
            if _next_on_line(first.box, second.box) and TWO_WORD_LABELS.match(
                    f"{_plain(first.text)} {_plain(second.text)}"):
                found.append(first.box.union(second.box))
    return found


def _plain(text: str) -> str:
    """A word lower-cased without the punctuation OCR leaves round it."""
    return text.strip(STRIPPED + ".,!?").lower()


def _next_on_line(first: Rect, second: Rect) -> bool:
    """Whether ``second`` follows ``first`` on its line, a word's gap after it."""
    height = max(first.height, second.height)
    overlap = min(first.bottom, second.bottom) - max(first.top, second.top)
    gap = second.left - first.right
    return overlap >= min(first.height, second.height) / 2 and 0 <= gap <= PAIR_GAP * height


def _distance(box: Rect, board: Rect) -> float:
    """Pixels between ``box`` and ``board`` (0 where they touch)."""
    across = max(board.left - box.right, box.left - board.right, 0)
    down = max(board.top - box.bottom, box.top - board.bottom, 0)
    return float((across * across + down * down) ** 0.5)
