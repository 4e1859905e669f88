"""``sweeper replay --gif/--mp4``: a recording as an animation, one frame per step.

Each frame is the step's screenshot with the decision drawn over the board as the replay
page draws it (green squares on cells proved safe, red crosses on proved mines, a yellow
ring and the mine probability on a guess), above a caption line. The screen a game ended
on is shown as it was recorded, held for a moment before the next game. GIFs are written
with Pillow; MP4s with imageio and its ffmpeg plugin (the optional ``video`` extra).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from sweeper.coordinator.recording import StepRecord, load_steps
from sweeper.coordinator.replay import game_folders
from sweeper.core import SweeperError

MIN_FPS, MAX_FPS = 0.2, 50.0  # a GIF shows a frame for 20 ms at the least
DEFAULT_FPS = 4.0
END_HOLD_S = 2.0  # how long the screen a game ended on stays
CAPTION_HEIGHT = 22  # px of caption line under the screenshot
BACKGROUND = (192, 192, 192)  # round screenshots smaller than the frame, and the caption's
SAFE_COLOUR, MINE_COLOUR, GUESS_COLOUR = (0, 170, 0), (221, 0, 0), (204, 153, 0)
TEXT_COLOUR, LABEL_BACKGROUND = (0, 0, 0), (32, 32, 32)
MP4_BLOCK = 16  # H.264 frames are padded to a multiple of this


class AnimationError(SweeperError, ValueError):
    """The animation cannot be made as asked; the message says why."""


@dataclass(frozen=True)
class Shot:
    """One step to animate: the game it belongs to, the step and its screenshot."""

    game: int
    steps_in_game: int
    step: StepRecord
    screenshot: Path


def recorded_shots(root: Path) -> list[Shot]:
    """Every recorded step of every game under ``root``, in order."""
    shots: list[Shot] = []
    for number, folder in enumerate(game_folders(root), start=1):
        steps = load_steps(folder)
        shots += [Shot(number, len(steps), step, screenshot) for step, screenshot in steps]
    return shots


def frame_seconds(shots: list[Shot], fps: float) -> list[float]:
    """How long each frame shows: ``1 / fps``, the screen a game ended on longer."""
    step_s = 1.0 / fps
    return [max(step_s, END_HOLD_S) if shot.step.is_end else step_s for shot in shots]


def frames(shots: list[Shot]) -> Iterator[Image.Image]:
    """The annotated frame of each shot (RGB), all of one size."""
    size = _frame_size(shots)
    font = ImageFont.load_default(size=13)
    games = shots[-1].game if shots else 0
    for shot, before in zip(shots, [None, *shots[:-1]], strict=True):
        frame = Image.new("RGB", size, BACKGROUND)
        frame.paste(_screenshot(shot), (0, 0))
        draw = ImageDraw.Draw(frame)
        draw.fontmode = "1"  # no blended edges: the frame keeps the game's few colours
        _draw_decision(draw, shot.step, font)
        last = before.step if before is not None and before.game == shot.game else None
        caption = f"game {shot.game}/{games}  step {shot.step.index}/{shot.steps_in_game}  " \
            + describe(shot.step, last)
        draw.text((6, size[1] - CAPTION_HEIGHT + 4), caption, fill=TEXT_COLOUR, font=font)
        yield frame


def describe(step: StepRecord, before: StepRecord | None = None) -> str:
    """The caption of a step: what the bot did on it, or how the game ended (after the
    step ``before``)."""
    if step.is_end:
        guess = None if before is None or before.safe else before.move
        if step.status == "lost" and guess is not None:
            return f"lost: the guess at ({guess['row']}, {guess['col']}) was a mine"
        return {"won": "won!", "lost": "lost: a mine went off"}.get(step.status, step.status)
    move = step.move
    if step.safe:
        opened = f"opens {len(step.safe)} cell{'s' if len(step.safe) > 1 else ''} proved safe"
        return opened + (f", {len(step.mines)} mines proved" if step.mines else "")
    if move is not None and move["p_mine"] == 0:
        return f"opens ({move['row']}, {move['col']}): certainly safe"
    if move is not None:
        return f"guesses ({move['row']}, {move['col']}): {100 * move['p_mine']:.1f}% mine"
    return "flags the mines left" if step.mines else "no move"


def write_gif(shots: list[Shot], out: Path, fps: float) -> None:
    """The animation as a looping GIF (Pillow)."""
    if not shots:
        raise AnimationError("the recording holds no step to animate")
    durations = [round(1000 * seconds) for seconds in frame_seconds(shots, fps)]
    pictures = frames(shots)
    first = next(pictures)
    first.save(out, format="GIF", save_all=True, append_images=pictures, duration=durations,
               loop=0, optimize=False, disposal=1)


def write_mp4(shots: list[Shot], out: Path, fps: float) -> None:
    """The animation as an H.264 MP4 (imageio with ffmpeg): frames are repeated so that
    each shows as long as in the GIF, at ``fps`` (at least 1) frames per second."""
    try:
        import imageio.v2 as imageio
    except ImportError:
        raise AnimationError(
            "--mp4 needs imageio and imageio-ffmpeg: pip install 'sweeper[video]'") from None
    if not shots:
        raise AnimationError("the recording holds no step to animate")
    rate = max(1.0, fps)
    repeats = [max(1, round(seconds * rate)) for seconds in frame_seconds(shots, fps)]
    try:
        # imageio's stubs type the writer as its base class, without append_data
        writer: Any = imageio.get_writer(out, format="FFMPEG", mode="I", fps=rate,
                                         codec="libx264", macro_block_size=1,
                                         output_params=["-f", "mp4"])
    except (RuntimeError, OSError, ValueError) as error:
        raise AnimationError(f"cannot write a video to {out}: {error}") from None
    with writer:
        for frame, times in zip(frames(shots), repeats, strict=True):
            pixels = _padded(np.asarray(frame), MP4_BLOCK)
            for _ in range(times):
                writer.append_data(pixels)


def _frame_size(shots: list[Shot]) -> tuple[int, int]:
    """The frame's size: the largest screenshot's, and the caption line under it."""
    width = height = 0
    for shot in shots:
        screenshot = _screenshot(shot)
        width, height = max(width, screenshot.width), max(height, screenshot.height)
    return width, height + CAPTION_HEIGHT


def _screenshot(shot: Shot) -> Image.Image:
    """The shot's screenshot in RGB (raise AnimationError naming a file it cannot read)."""
    try:
        with Image.open(shot.screenshot) as recorded:
            return recorded.convert("RGB")
    except OSError as error:
        raise AnimationError(
            f"{shot.screenshot}: cannot read the screenshot ({error.strerror or error})"
        ) from None


def _padded(pixels: np.ndarray, block: int) -> np.ndarray:
    """The pixels padded with the background to a multiple of ``block`` each way."""
    height, width = pixels.shape[:2]
    padded = np.empty((-(-height // block) * block, -(-width // block) * block, 3), np.uint8)
    padded[:] = BACKGROUND
    padded[:height, :width] = pixels
    return padded


def _draw_decision(draw: ImageDraw.ImageDraw, step: StepRecord,
                   font: ImageFont.FreeTypeFont | ImageFont.ImageFont) -> None:
    """Safe cells, proved mines and the guess, drawn over the board as on the page."""
    move = step.move
    safe_move = [] if move is None or move["p_mine"] > 0 else [(move["row"], move["col"])]
    for row, col in step.safe or safe_move:  # a first click is safe by the rules alone
        x, y, w, h = _cell_box(step, row, col)
        draw.rectangle((x + 2, y + 2, x + w - 3, y + h - 3), outline=SAFE_COLOUR, width=2)
    for row, col in step.mines:
        x, y, w, h = _cell_box(step, row, col)
        draw.line((x + 3, y + 3, x + w - 4, y + h - 4), fill=MINE_COLOUR, width=2)
        draw.line((x + w - 4, y + 3, x + 3, y + h - 4), fill=MINE_COLOUR, width=2)
    if move is not None and move["p_mine"] > 0:
        x, y, w, h = _cell_box(step, move["row"], move["col"])
        centre_x, centre_y, radius = x + w / 2, y + h / 2, max(w, h) * 0.7
        draw.ellipse((centre_x - radius, centre_y - radius, centre_x + radius, centre_y + radius),
                     outline=GUESS_COLOUR, width=3)
        label = f"{100 * move['p_mine']:.1f}%"
        spot = (centre_x, max(18.0, centre_y - radius - 4))
        box = draw.textbbox(spot, label, font=font, anchor="mb")
        draw.rectangle((box[0] - 3, box[1] - 2, box[2] + 2, box[3] + 2), fill=LABEL_BACKGROUND)
        draw.text(spot, label, fill=GUESS_COLOUR, font=font, anchor="mb")


def _cell_box(step: StepRecord, row: int, col: int) -> tuple[float, float, float, float]:
    """The cell's box ``(x, y, width, height)`` in the screenshot."""
    left, top, width, height = step.board_rect
    pitch_x, pitch_y = width / step.cols, height / step.rows
    return left + col * pitch_x, top + row * pitch_y, pitch_x, pitch_y
