"""``sweeper recognize`` and ``sweeper templates``: the recognizer's commands.

Heavy imports (OpenCV, numpy) happen inside the handlers so that ``sweeper --help``
stays fast.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from sweeper.core import CommandError

EXIT_UNREADABLE = 1
EXIT_BAD_INPUT = 2


def add_commands(commands: Any, serve_commands: Any) -> None:
    """Add ``recognize`` and ``templates`` to the ``sweeper`` command line."""
    recognize = commands.add_parser(
        "recognize", help="read the Minesweeper board in a screenshot",
        description="Find the board anywhere in a screenshot and print it as board text. "
        "Exit code 1 when no board is found or some cells cannot be read confidently "
        "(the message names them), 2 for a bad image or option.",
    )
    recognize.add_argument("image", help="PNG or JPEG screenshot ('-' reads it from stdin)")
    recognize.add_argument("--json", action="store_true",
                           help="print JSON: board, status, rows, cols, pitch, rect, ...")
    recognize.add_argument("--skin", action="append", metavar="NAME",
                           help="tile set to read with (repeatable; default: every shipped one)")
    recognize.set_defaults(handler=run_recognize)

    templates = commands.add_parser("templates", help="build and list tile sets (skins)")
    actions = templates.add_subparsers(dest="templates_command", required=True, metavar="ACTION")
    capture = actions.add_parser(
        "capture", help="learn a skin's tile set from screenshots of a game",
        description="Read the screenshots in order as the bot reads a game, learning each "
        "new tile picture, and save one PNG per picture plus manifest.json. Where a "
        "screenshot's true board is given (--board files, IMAGE.json's 'board' and "
        "'status', or IMAGE.txt), it teaches the pictures the classic rules cannot name "
        "and must agree with what was learned.",
    )
    capture.add_argument("images", nargs="+", help="screenshots of one game at one cell size")
    capture.add_argument("--name", required=True, help="the new skin's name")
    capture.add_argument("--board", action="append", metavar="FILE",
                         help="board text for each screenshot, in the same order")
    capture.add_argument("--out", type=Path,
                         help="folder to write (default: NAME in your skins folder, "
                         "$SWEEPER_SKINS or ~/.local/share/sweeper/skins)")
    capture.add_argument("--notes", default="", help="free text for the manifest")
    capture.add_argument("--force", action="store_true", help="overwrite an existing folder")
    capture.set_defaults(handler=run_capture)
    listing = actions.add_parser("list", help="list the shipped skins")
    listing.set_defaults(handler=run_list)


def run_recognize(args: argparse.Namespace) -> int:
    """Handler of ``sweeper recognize``."""
    from sweeper.recognizer.api import recognize
    from sweeper.recognizer.image_io import ImageError
    from sweeper.recognizer.skins import SkinError

    source: bytes | str = sys.stdin.buffer.read() if args.image == "-" else args.image
    try:
        recognition = recognize(source, skins=args.skin)
    except (ImageError, SkinError, ValueError) as error:
        raise CommandError(str(error), EXIT_BAD_INPUT) from None
    if args.json:
        print(json.dumps(recognition.to_json()))
    elif recognition.board is not None:
        print(str(recognition.board), end="")
    if recognition.board is None:
        raise CommandError(f"{args.image}: {recognition.message}", EXIT_UNREADABLE)
    return 0


def run_capture(args: argparse.Namespace) -> int:
    """Handler of ``sweeper templates capture``."""
    from sweeper.recognizer.capture import CaptureError, capture_skin
    from sweeper.recognizer.image_io import ImageError
    from sweeper.recognizer.skins import SkinError

    folder = _capture_folder(args)
    if args.board is not None and len(args.board) != len(args.images):
        raise CommandError(f"{len(args.images)} screenshot(s) but {len(args.board)} --board "
                           "file(s); give one board per screenshot, in order")
    try:
        samples = [_labelled_sample(Path(image), args.board[i] if args.board else None)
                   for i, image in enumerate(args.images)]
        result = capture_skin(samples, args.name, folder, notes=args.notes)
    except (CaptureError, ImageError, SkinError, ValueError, OSError) as error:
        raise CommandError(str(error)) from None
    faces = {f"face {status}": files for status, files in result.faces.items()}
    for kind, files in {**result.tiles, **faces}.items():
        print(f"{kind:>12}: {', '.join(files)}")
    if result.missing:
        print(f"not seen (learned when they appear): {', '.join(result.missing)}")
    width, height = result.size
    print(f"saved skin {args.name!r} ({width}x{height} px tiles) in {folder}")
    return 0


def _capture_folder(args: argparse.Namespace) -> Path:
    """Where ``templates capture`` writes: ``--out``, else the skin's name in the user's
    skins folder; a plain name, and a folder that is free (or ``--force``)."""
    from sweeper.recognizer.skins import SkinError, available_skins, check_skin_name, user_skins_dir

    try:
        check_skin_name(args.name)
    except SkinError as error:
        raise CommandError(f"--name: {error}") from None
    if args.out is None and args.name in available_skins():
        raise CommandError(f"a shipped skin is named {args.name!r}; choose another --name "
                           "(or give --out)")
    folder: Path = args.out or user_skins_dir() / args.name
    try:
        if folder.exists() and not folder.is_dir():
            raise CommandError(
                f"{folder} is not a folder; give --out a folder to write the skin in")
        if folder.is_dir() and any(folder.iterdir()) and not args.force:
            raise CommandError(
                f"{folder} already exists and is not empty (use --force to overwrite)")
    except OSError as error:
        raise CommandError(f"cannot use {folder} ({error.strerror or error})") from None
    return folder


def run_list(args: argparse.Namespace) -> int:
    """Handler of ``sweeper templates list``: every skin that loads, then one error line
    naming those that do not."""
    from sweeper.recognizer.image_io import ImageError
    from sweeper.recognizer.skins import (
        SkinError,
        available_skins,
        load_skin,
        user_skins,
        user_skins_dir,
    )

    yours = user_skins()
    broken = []
    for name in [*available_skins(), *yours]:
        try:
            skin = load_skin(name)
        except (SkinError, ImageError) as error:
            broken.append(str(error))
            continue
        faces = ", ".join(sorted(skin.faces)) or "none"
        width, height = skin.size
        print(f"{name:16} {width:3d}x{height:<3d} px, {len(skin.tiles):2d} tile pictures, "
              f"faces: {faces}")
    if yours:
        print(f"(the last {len(yours)} are yours, from {user_skins_dir()}; "
              "used only with --skin NAME)")
    if broken:
        raise CommandError(f"{len(broken)} skin(s) cannot be used: {'; '.join(broken)}")
    return 0


def _labelled_sample(image: Path, board_file: str | None) -> Any:
    """A capture sample with its board text and status from the best source available."""
    from sweeper.core import parse_board
    from sweeper.recognizer.capture import CaptureError, Sample
    from sweeper.recognizer.image_io import load_image

    picture = load_image(image)
    status = None
    if board_file is not None:
        text = Path(board_file).read_text()
    elif image.with_suffix(".json").is_file():
        truth = json.loads(image.with_suffix(".json").read_text())
        if "board" not in truth:
            raise CaptureError(f"{image.with_suffix('.json')}: no 'board' key")
        text, status = truth["board"], truth.get("status")
    elif image.with_suffix(".txt").is_file():
        text = image.with_suffix(".txt").read_text()
    else:
        return Sample(picture, None, None, image.name)
    try:
        board = parse_board(text)
    except ValueError as error:
        raise CaptureError(f"{image}: bad board text: {error}") from None
    return Sample(picture, board, status, image.name)
