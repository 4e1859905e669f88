"""``sweeper replay``: re-run the recognizer and analyzer on a recording offline, or
animate it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from sweeper.core import CommandError


def add_replay_command(commands: Any) -> None:
    """Add ``replay`` to the ``sweeper`` command line."""
    replay = commands.add_parser(
        "replay",
        help="re-run the recognizer and analyzer on a recording offline, or animate it",
        description="Re-read every recorded screenshot and re-analyse every recorded "
        "board; report any difference from what was recorded. With --gif or --mp4, write "
        "the annotated games as an animation instead.",
    )
    replay.add_argument("directory", type=Path, help="a --record directory or one game in it")
    replay.add_argument("--gif", type=Path, metavar="OUT", help="write the games as a GIF")
    replay.add_argument(
        "--mp4", type=Path, metavar="OUT",
        help="write the games as an MP4 video (needs: pip install 'sweeper[video]')")
    replay.add_argument(
        "--fps", metavar="F",
        help="steps shown per second in the animation (default 4; the end of each game "
        "stays 2 s)")
    replay.set_defaults(handler=run_replay)


def run_replay(args: argparse.Namespace) -> int:
    """Compare a recording with a fresh offline run of the recognizer and analyzer, or
    write it as an animation."""
    from sweeper.coordinator.recording import RecordingError

    if args.gif is not None or args.mp4 is not None or args.fps is not None:
        return _animate(args)
    from sweeper.coordinator.replay import count_steps, replay_differences

    try:
        steps = count_steps(args.directory)
        differences = list(replay_differences(args.directory))
    except (FileNotFoundError, RecordingError) as error:
        raise CommandError(str(error)) from None
    for line in differences:
        print(line)
    print(f"{steps} step(s) replayed, {len(differences)} difference(s)")
    return 1 if differences else 0


def _animate(args: argparse.Namespace) -> int:
    """``sweeper replay DIR --gif OUT / --mp4 OUT``: write the recording as animations."""
    from sweeper.coordinator.animation import (
        DEFAULT_FPS,
        MAX_FPS,
        MIN_FPS,
        AnimationError,
        recorded_shots,
        write_gif,
        write_mp4,
    )
    from sweeper.coordinator.recording import RecordingError

    try:
        fps = DEFAULT_FPS if args.fps is None else _number("--fps", args.fps)
        if not MIN_FPS <= fps <= MAX_FPS:  # also refuses nan
            raise AnimationError(f"--fps must be {MIN_FPS:g} to {MAX_FPS:g}, not {fps:g}")
        if args.gif is None and args.mp4 is None:
            raise AnimationError("--fps goes with --gif OUT or --mp4 OUT")
        shots = recorded_shots(args.directory)
        for out, write in ((args.gif, write_gif), (args.mp4, write_mp4)):
            if out is not None:
                _check_output(out)
                write(shots, out, fps)
                games = shots[-1].game if shots else 0
                print(f"{out}: {len(shots)} frames of {games} game(s), "
                      f"{out.stat().st_size / 1024:.0f} KB")
    except (FileNotFoundError, RecordingError, AnimationError) as error:
        print(f"sweeper replay: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"sweeper replay: cannot write the animation: {error.strerror or error}",
              file=sys.stderr)
        return 2
    return 0


def _number(option: str, text: str) -> float:
    """``text`` as a number (raise AnimationError naming the option if it is none)."""
    from sweeper.coordinator.animation import AnimationError

    try:
        return float(text)
    except ValueError:
        raise AnimationError(f"{option} must be a number, not {text!r}") from None


def _check_output(out: Path) -> None:
    """Refuse an output that is a directory or whose folder does not exist."""
    from sweeper.coordinator.animation import AnimationError

    if out.is_dir():
        raise AnimationError(f"{out} is a directory; give a file name")
    if not out.parent.is_dir():
        raise AnimationError(f"{out}: the folder {out.parent} does not exist")
