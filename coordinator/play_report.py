"""What ``sweeper play`` shows while it plays and when it ends: the progress bar or a line
per turn, the summary table, and what it saves beside a recording."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sweeper.coordinator.outcome import RunSummary
    from sweeper.coordinator.play import Player


def save_stop_picture(folder: Path, image: Any) -> None:
    """Keep what the bot saw last when it stopped, beside the recording."""
    import cv2

    folder.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(folder / "stopped.png"), image)
    print(f"what the bot saw when it stopped: {folder / 'stopped.png'}", file=sys.stderr)


def save_skin(player: Player, folder: Path) -> None:
    reader = player.looker.reader
    if reader is None or not reader.skin.templates:
        print("no skin was learned: no board was read", file=sys.stderr)
        return
    reader.skin.save(folder, "learned while playing")
    print(f"saved the learned skin ({len(reader.skin.templates)} tile pictures) in {folder}")


def log_turns(verbosity: int) -> None:
    """Write the play loop's log to stderr: a line per turn (``-v``), and more (``-vv``)."""
    import logging

    from sweeper.coordinator.play_log import log

    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s.%(msecs)03d %(message)s", "%H:%M:%S"))
    log.addHandler(handler)
    log.setLevel(logging.INFO if verbosity == 1 else logging.DEBUG)


def play_with_progress(player: Player, games: int) -> RunSummary:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    columns = (
        TextColumn("playing"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[wins]} won"),
    )
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("games", total=games, wins=0)
        wins = 0

        def advance(result: Any) -> None:
            nonlocal wins
            wins += result.result == "won"
            progress.update(task, advance=1, wins=wins)

        return player.play(on_game_end=advance)


# where a game's mine count came from (GameFacts.mines_from), as the summary says it
MINES_FROM = {"stated": "given with --mines", "standard": "the standard count of its size",
              "screen": "read from the screen", "unknown": "unknown"}


def _mines_row(summary: RunSummary) -> list[tuple[str, str]]:
    """The mine count the first game was played with and where it came from."""
    if not summary.results:
        return []
    first = summary.results[0]
    return [("mines", f"{first.mines} ({MINES_FROM.get(first.mines_from, first.mines_from)})")]


def report(summary: RunSummary, args: argparse.Namespace) -> None:
    from sweeper.coordinator.stats import print_table

    data = summary.to_json()
    rate = f"{summary.wins / len(summary.results):.0%}" if summary.results else "-"
    median = data["median_won_s"]
    print_table(
        "sweeper play",
        [
            ("games", str(data["games"])),
            ("wins", str(data["wins"])),
            ("losses", str(data["losses"])),
            ("win rate", rate),
            ("median won game", "-" if median is None else f"{median:.2f} s"),
            ("clicks", str(data["clicks"])),
            ("errors", str(data["errors"])),
            *_mines_row(summary),
        ],
    )
    for number, game in enumerate(summary.results, start=1):
        for note in game.notes:
            print(f"game {number}: {note}", file=sys.stderr)
    command = getattr(args, "command_name", "sweeper play")
    for error in summary.errors:
        print(f"{command}: error: stopped: {error}", file=sys.stderr)
    if args.record:
        pages = sorted(Path(args.record).glob("game-*/replay.html"))
        if pages:
            print(f"annotated replay: {pages[-1]} (and {len(pages)} game(s) in {args.record})")
    if args.json:
        print(json.dumps(data))
