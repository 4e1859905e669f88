"""``sweeper replay``: re-run the recognizer and analyzer on a recording, offline.

Every recorded step is read again from its screenshot and analysed again from its
board (but the screen the game ended on, which holds no decision); any difference from
what was recorded is reported with the game and step.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from sweeper.analyzer import AnalysisError, AnalysisTimeoutError, analyze
from sweeper.coordinator.recording import RecordingError, StepRecord, load_steps
from sweeper.core import parse_board
from sweeper.recognizer import ImageError, recognize

STEP_TIME_LIMIT_S = 10.0  # each step's analysis, as the analyzer service's default limit


def game_folders(root: Path) -> list[Path]:
    """The game folders of a recording (or ``root`` itself if it is one game)."""
    try:
        if any(root.glob("step-*.json")):
            return [root]
        folders = sorted(path for path in root.glob("game-*") if path.is_dir())
    except OSError as error:
        raise RecordingError(f"{root}: cannot read it ({error.strerror or error})") from None
    if not folders:
        raise FileNotFoundError(f"{root} holds no recorded game (no game-*/step-*.json)")
    return folders


def replay_differences(root: Path) -> Iterator[str]:
    """One line per difference between the recording and a fresh offline run."""
    for folder in game_folders(root):
        for step, screenshot in load_steps(folder):
            where = f"{folder.name} step {step.index}"
            yield from (f"{where}: {line}" for line in _step_differences(step, screenshot))


def count_steps(root: Path) -> int:
    """How many steps the recording holds."""
    return sum(len(list(folder.glob("step-*.json"))) for folder in game_folders(root))


def _step_differences(step: StepRecord, screenshot: Path) -> Iterator[str]:
    if not screenshot.is_file():
        yield f"the screenshot {screenshot.name} is missing"
        return
    try:
        seen = recognize(screenshot)
    except ImageError as error:
        yield f"the screenshot cannot be read: {error}"
        return
    if seen.board is None:
        if not step.is_end:  # an end under a "game over" message is read with cells covered
            yield f"the screenshot is no longer readable: {seen.message}"
    elif str(seen.board) != step.board:
        yield "the recognizer now reads a different board:\n" + _side_by_side(
            step.board, str(seen.board)
        )
    if step.is_end:
        return  # no decision was taken on the screen the game ended on
    try:
        analysis = analyze(parse_board(step.board), step.total_mines, step.rules,
                           STEP_TIME_LIMIT_S)
    except AnalysisTimeoutError:
        yield f"the analysis did not finish within {STEP_TIME_LIMIT_S:g} s"
        return
    except (AnalysisError, ValueError) as error:
        yield f"the analyzer now refuses the recorded board: {error}"
        return
    if sorted(map(tuple, step.safe)) != sorted(analysis.safe):
        yield f"safe cells differ: recorded {len(step.safe)}, now {len(analysis.safe)}"
    if sorted(map(tuple, step.mines)) != sorted(analysis.mines):
        yield f"proved mines differ: recorded {len(step.mines)}, now {len(analysis.mines)}"
    if not step.safe and step.move is not None and analysis.move is not None:
        recorded = (step.move["row"], step.move["col"])
        now = (analysis.move.row, analysis.move.col)
        if recorded != now:
            yield f"the guess differs: recorded {recorded}, now {now}"


def _side_by_side(recorded: str, now: str) -> str:
    rows = zip(recorded.splitlines(), now.splitlines(), strict=False)
    return "\n".join(f"  {a}   {b}{'   <' if a != b else ''}" for a, b in rows)
