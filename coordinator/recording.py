"""Recordings of played games: every step on disk, and an annotated replay page.

A recording directory holds one folder per game (``game-001/``) with, per step,
``step-0001.png`` (the board's screenshot) and ``step-0001.json`` (board text, status,
the decision with probabilities, clicks, timings), a ``game.json`` summary and
``replay.html``: a self-contained page that steps through the screenshots with the
proved-safe cells, proved mines and the guess's probability drawn over the board.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from coordinator.replay_page import render_replay_page


@dataclass
class StepRecord:
    """What the bot saw and did in one step of a game."""

    index: int
    board: str
    status: str
    board_rect: tuple[int, int, int, int]  # left, top, width, height in the screenshot
    rows: int
    cols: int
    total_mines: int
    rules: str
    safe: list[tuple[int, int]] = field(default_factory=list)
    mines: list[tuple[int, int]] = field(default_factory=list)
    probabilities: list[list[float | None]] | None = None
    move: dict[str, Any] | None = None
    clicks: list[dict[str, Any]] = field(default_factory=list)
    timings_ms: dict[str, float] = field(default_factory=dict)


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
        page.write_text(render_replay_page([asdict(step) for step in self.steps], summary))
        return page


class RunRecorder:
    """A recording directory with one :class:`GameRecorder` per game.

    Games already recorded in ``root`` are kept: numbering goes on after them.
    """

    def __init__(self, root: Path) -> None:
        self.root = root
        self.root.mkdir(parents=True, exist_ok=True)
        numbers = [
            int(path.name[5:]) for path in root.glob("game-[0-9]*") if path.name[5:].isdigit()
        ]
        self.games = max(numbers, default=0)

    def new_game(self) -> GameRecorder:
        """Start the folder of the next game."""
        self.games += 1
        return GameRecorder(self.root / f"game-{self.games:03d}")


def load_steps(game_folder: Path) -> list[tuple[StepRecord, Path]]:
    """Read back a game's step records with the path of each screenshot, in order."""
    if not game_folder.is_dir():
        raise FileNotFoundError(f"no recorded game at {game_folder}")
    steps = []
    for record_path in sorted(game_folder.glob("step-*.json")):
        data = json.loads(record_path.read_text())
        data["board_rect"] = tuple(data["board_rect"])
        data["safe"] = [tuple(cell) for cell in data["safe"]]
        data["mines"] = [tuple(cell) for cell in data["mines"]]
        steps.append((StepRecord(**data), record_path.with_suffix(".png")))
    return steps
