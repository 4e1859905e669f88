"""Recordings of played games: every step on disk, and an annotated replay page.

A recording directory holds one folder per game (``game-001/``) with, per step,
``step-0001.png`` (the board's screenshot) and ``step-0001.json`` (board text, status,
the decision with probabilities, clicks, timings), a ``game.json`` summary and
``replay.html``: one self-contained file (the screenshots inlined) that steps through the
screenshots with the proved-safe cells, proved mines and the guess's probability drawn
over the board. The last step is the screen the game ended on (the mine that went off, or
the win): its status is ``won`` or ``lost`` and it holds no decision.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt
from pydantic import TypeAdapter, ValidationError

from sweeper.coordinator.replay_page import render_replay_page
from sweeper.core import BoardError, GameStatus, Rect, Rules, SweeperError, parse_board

# A rectangle as a step file holds it: ``[left, top, width, height]`` of a :class:`Rect`.
RectInFile = tuple[int, int, int, int]


@dataclass
class StepRecord:
    """What the bot saw and did in one step of a game."""

    index: int
    board: str
    status: GameStatus
    board_rect: RectInFile  # the board in the screenshot
    rows: int
    cols: int
    total_mines: int
    rules: Rules
    safe: list[tuple[int, int]] = field(default_factory=list)
    mines: list[tuple[int, int]] = field(default_factory=list)
    probabilities: list[list[float | None]] | None = None
    move: dict[str, Any] | None = None
    clicks: list[dict[str, Any]] = field(default_factory=list)
    timings_ms: dict[str, float] = field(default_factory=dict)

    @property
    def is_end(self) -> bool:
        """Whether this is the screen the game ended on (no decision was taken on it)."""
        return self.status != "playing"


def rect_in_file(rect: Rect) -> RectInFile:
    """``rect`` as a step file holds it."""
    return rect.left, rect.top, rect.width, rect.height


MAX_STEP_BYTES = 4 << 20  # a step of a board at the analyzer's cell limit takes under 1 MB


class RecordingError(SweeperError, ValueError):
    """A recorded step that cannot be read back; the message names the file and the fault."""


class GameRecorder:
    """Writes the steps of one game into its own folder, then the replay page."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.folder.mkdir(parents=True, exist_ok=True)
        self.steps: list[StepRecord] = []

    def add(self, step: StepRecord, screenshot: npt.NDArray[np.uint8]) -> None:
        """Save one step's screenshot (BGR) and its record."""
        stem = f"step-{step.index:04d}"
        ok, png = cv2.imencode(".png", screenshot)
        if not ok:
            raise OSError(f"could not encode the screenshot of {stem} as PNG")
        (self.folder / f"{stem}.png").write_bytes(png.tobytes())
        (self.folder / f"{stem}.json").write_text(json.dumps(asdict(step), indent=1))
        self.steps.append(step)

    def finish(self, summary: dict[str, Any]) -> Path:
        """Write ``game.json`` and ``replay.html``; return the replay page's path."""
        (self.folder / "game.json").write_text(json.dumps(summary, indent=1))
        page = self.folder / "replay.html"
        screenshots = [self.folder / f"step-{step.index:04d}.png" for step in self.steps]
        page.write_text(
            render_replay_page([asdict(step) for step in self.steps], screenshots, summary))
        return page


class RunRecorder:
    """A recording directory with one :class:`GameRecorder` per game.

    Games already recorded in ``root`` are kept: numbering goes on after them, or from
    ``next_game`` if given (processes recording one run side by side each number theirs).
    """

    def __init__(self, root: Path, *, next_game: int | None = None) -> None:
        self.root = root
        self.root.mkdir(parents=True, exist_ok=True)
        self.games = recorded_games(root) if next_game is None else next_game - 1

    def new_game(self) -> GameRecorder:
        """Start the folder of the next game."""
        self.games += 1
        return GameRecorder(self.root / f"game-{self.games:03d}")


def recorded_games(root: Path) -> int:
    """The highest game number recorded in ``root`` (0 if none)."""
    numbers = [int(path.name[5:]) for path in root.glob("game-[0-9]*") if path.name[5:].isdigit()]
    return max(numbers, default=0)


def load_steps(game_folder: Path) -> list[tuple[StepRecord, Path]]:
    """Read back a game's step records with the path of each screenshot, in order."""
    if not game_folder.is_dir():
        raise FileNotFoundError(f"no recorded game at {game_folder}")
    return [
        (_read_step(record_path), record_path.with_suffix(".png"))
        for record_path in sorted(game_folder.glob("step-*.json"))
    ]


_STEP_RECORD = TypeAdapter(StepRecord)


def _read_step(path: Path) -> StepRecord:
    """One step record, checked field by field (raise :class:`RecordingError` naming the
    file and the first fault). Like the analyzer's service, it takes no more than
    :data:`MAX_STEP_BYTES` bytes and a board of at most its cell limit."""
    try:
        if path.stat().st_size > MAX_STEP_BYTES:
            raise RecordingError(f"{path}: the file is over the limit of {MAX_STEP_BYTES} bytes")
        step = _STEP_RECORD.validate_json(path.read_bytes())
        board = parse_board(step.board)
    except OSError as error:
        raise RecordingError(f"{path}: cannot read it ({error.strerror or error})") from None
    except ValidationError as error:
        raise RecordingError(f"{path}: {_first_fault(error)}") from None
    except BoardError as error:
        raise RecordingError(f"{path}: bad board text: {error}") from None
    fault = _step_fault(step, board.height, board.width)
    if fault is not None:
        raise RecordingError(f"{path}: {fault}")
    return step


def _step_fault(step: StepRecord, height: int, width: int) -> str | None:
    """What in ``step`` disagrees with its own board (``height`` x ``width``), or None."""
    if (step.rows, step.cols) != (height, width):
        return (f"rows and cols ({step.rows}x{step.cols}) are not the board's "
                f"({height}x{width})")
    move = step.move
    if move is None:
        return None
    place = (move.get("row"), move.get("col"))
    if not all(isinstance(value, int) and not isinstance(value, bool) for value in place):
        return f"move: needs whole-number 'row' and 'col', not {move!r}"[:200]
    if not (0 <= move["row"] < height and 0 <= move["col"] < width):
        return f"move: ({move['row']}, {move['col']}) is not on the {height}x{width} board"
    return None


def _first_fault(error: ValidationError) -> str:
    fault = error.errors()[0]
    where = ".".join(str(part) for part in fault["loc"])
    more = f" (and {error.error_count() - 1} more)" if error.error_count() > 1 else ""
    return f"{where + ': ' if where else ''}{fault['msg']}{more}"
