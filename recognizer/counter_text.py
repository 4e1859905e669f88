"""Which number of the text around a board is the game's mine count.

Games write it in many ways: "Mines: 99", "Mines left: 97", "UXB : 99", "99 mines",
"Mines: 0/10" or "99/99" (flags or mines left over the total: the total is the second),
a flag or a bomb icon beside "40", or just "99". A clock beside it ("000", "0:12",
"12.5") is never taken: a time-like number is skipped and, on a fresh board, a clock
shows 0, which is no count. The cues are weighed in that order (a word, a fraction, a
flag or bomb icon, a number alone); the first cue that names one count wins, and two
counts of the same weight name none. A lone number is taken only where it is the only
one and the share of mines it gives is a usual one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from sweeper.core import Rect

COUNT_WORD = r"(?:mines?|bombs?|flags?|uxb)"
NUMBER = r"(?<![\d.,:])(\d{1,4})(?!\d|[.,:]\d)"  # a whole number, not part of a time
LABELLED = (
    re.compile(COUNT_WORD + r"\b(?:\s*(?:left|remaining|total))?\W{0,4}?" + NUMBER + r"(?!\s*/)"),
    re.compile(NUMBER + r"\s*" + r"(?:mines?|bombs?)\b"),
)
FRACTION = re.compile(NUMBER + r"\s*/\s*" + NUMBER)
LABELLED_FRACTION = re.compile(COUNT_WORD + r"\b\D{0,16}?" + NUMBER + r"\s*/\s*" + NUMBER)
LONE_NUMBER = re.compile(r"^" + NUMBER + r"$")
TIME_WORDS = re.compile(r"time|timer|clock|sec|score|level|best|top|loc", re.IGNORECASE)
LONE_SHARE = (0.1, 0.3)  # shares of mines a number alone may give (10/81 .. 99/480 and on)
STRIPPED = " :;|!'\"()[]{}"  # punctuation OCR leaves round a word
LONE_CONFIDENCE = 80.0  # the OCR's least confidence in a number taken alone
ICON_REACH = 2.0  # text heights between a count's icon and its number
LINE_GAP = 3.0  # text heights between two words of one line, at most
UNDER_OVERLAP = 4  # a word under another may reach up into it by 1/UNDER_OVERLAP of its height
ICON_OVERLAP = 2  # px a number's box may reach back over its flag icon's (their outlines blur)


@dataclass(frozen=True)
class Word:
    """A word the OCR read and its box."""

    text: str
    box: Rect
    confidence: float = 100.0  # the OCR's, 0..100


def pick_mine_count(words: Sequence[Word], count_icons: Sequence[Rect], cells: int,
                    board_sizes: Iterable[int] = ()) -> int | None:
    """The mine count ``words`` state for a board of ``cells`` cells, or None if unsure.

    ``count_icons`` are boxes of icons that mark a count (a flag, a bomb);
    ``board_sizes`` (the board's rows and columns) are numbers a game shows that are not
    its count.
    """
    lines = _lines(words)
    for found in (_labelled(lines + _stacked(words)), _fractions(lines),
                  _beside_icons(words, count_icons), _lone(words, lines, cells, set(board_sizes))):
        counts = {count for count in found if 1 <= count < cells}
        if len(counts) == 1:
            return counts.pop()
        if len(counts) > 1:
            return None
    return None


def _lines(words: Sequence[Word]) -> list[str]:
    """Each line's text, its words left to right: a word is on a line when it is level
    with the line's last word and close after it (the OCR's own grouping of sparse text
    splits "Mines:" from its "99")."""
    lines: list[list[Word]] = []
    for word in sorted(words, key=lambda w: w.box.left):
        line = next((line for line in lines if _follows(line[-1].box, word.box)), None)
        if line is None:
            lines.append([word])
        else:
            line.append(word)
    return [" ".join(word.text for word in line) for line in lines]


def _stacked(words: Sequence[Word]) -> list[str]:
    """A count word and the word just under it, as one line (a panel's "Mines:" over
    its "99")."""
    labels = [word for word in words if re.search(COUNT_WORD, word.text, re.IGNORECASE)]
    return [f"{label.text} {word.text}" for label in labels for word in words
            if _under(label.box, word.box)]


def _under(above: Rect, below: Rect) -> bool:
    """Whether ``below`` sits just under ``above``, the two overlapping across."""
    across = min(above.right, below.right) - max(above.left, below.left)
    gap = below.top - above.bottom
    return across > 0 and -above.height / UNDER_OVERLAP <= gap <= above.height


def _follows(before: Rect, after: Rect) -> bool:
    """Whether ``after`` is level with ``before`` and close to its right."""
    overlap = min(before.bottom, after.bottom) - max(before.top, after.top)
    height = max(before.height, after.height)
    gap = after.left - before.right
    return overlap >= min(before.height, after.height) / 2 and gap <= LINE_GAP * height


def _labelled(lines: Sequence[str]) -> list[int]:
    """Numbers after a count word ("Mines left: 97", "UXB : 99") or before one
    ("99 mines"), and totals after one ("Mines: 0/10")."""
    found = []
    for line in lines:
        text = line.lower()
        found += [_total(match) for match in LABELLED_FRACTION.finditer(text)]
        for pattern in LABELLED:
            found += [int(match.group(1)) for match in pattern.finditer(text)]
    return [count for count in found if count is not None]


def _fractions(lines: Sequence[str]) -> list[int]:
    """Totals of ``x/y`` counters (flags placed or mines left over the total)."""
    found = [_total(match) for line in lines for match in FRACTION.finditer(line)]
    return [count for count in found if count is not None]


def _total(match: re.Match[str]) -> int | None:
    """The total of a fraction ``x/y``: ``y``, when ``x`` is at most ``y``."""
    part, whole = int(match.group(1)), int(match.group(2))
    return whole if part <= whole else None


def _beside_icons(words: Sequence[Word], count_icons: Sequence[Rect]) -> list[int]:
    """Numbers just right of an icon that marks a count (a flag, a bomb), on its level."""
    found = []
    for word in words:
        match = LONE_NUMBER.match(_bare(word.text))
        if match is None:
            continue
        if beside_an_icon(word.box, count_icons):
            found.append(int(match.group(1)))
    return found


def beside_an_icon(box: Rect, icons: Sequence[Rect]) -> bool:
    """Whether ``box`` is just right of one of ``icons``, on its level."""
    for icon in icons:
        gap = box.left - icon.right
        overlap = min(box.bottom, icon.bottom) - max(box.top, icon.top)
        if -ICON_OVERLAP <= gap <= ICON_REACH * box.height and overlap >= box.height / 2:
            return True
    return False


def _lone(words: Sequence[Word], lines: Sequence[str], cells: int,
          board_sizes: set[int]) -> list[int]:
    """The one whole number in the text, when there is one only, it is not beside a
    clock's word, and it gives a usual share of mines."""
    if any(TIME_WORDS.search(line) for line in lines if re.search(r"[1-9]", line)):
        return []
    numbers = {int(match.group(1)) for word in words
               if (match := LONE_NUMBER.match(_bare(word.text))) is not None
               and word.confidence >= LONE_CONFIDENCE}
    numbers -= {0} | board_sizes
    if len(numbers) != 1:
        return []
    count = numbers.pop()
    low, high = LONE_SHARE
    return [count] if low <= count / cells <= high else []


def _bare(text: str) -> str:
    """A word without the punctuation OCR leaves round it."""
    return text.strip(STRIPPED)
