"""A run's results file (``sweeper simulate --out FILE.jsonl``): one JSON line per game.

Each line is written and flushed as its game ends, so a run stopped at any moment keeps
every finished game, and running the same command again plays only the seeds the file
lacks. A line names the board and rules, the guessing-policy preset and the seed, then how
the game went::

    {"seed": 7, "result": "won", "clicks": 131, "guesses": 2, "steps": 24,
     "analyzer_ms": 41.2, "policy": "default", "width": 30, "height": 16, "mines": 99,
     "rules": "safe"}

A line cut short (the run was killed while writing it) is dropped when the file is
read, and cut off before new lines are appended; any other unreadable line is an error
naming the line.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from sweeper.coordinator.simulate import Config, SeededGame
from sweeper.core import RULES, BoardSize, SweeperError

TAIL_BLOCK = 65536  # bytes read at a time, backwards, to find the last complete line


class GameLogError(SweeperError, ValueError):
    """The results file cannot be read or written; the message says where and why."""


@dataclass(frozen=True)
class LoggedGame:
    """One line of a results file: the kind of game and how it went."""

    config: Config
    game: SeededGame


def game_line(config: Config, game: SeededGame) -> str:
    """The JSON line of ``game`` (no newline)."""
    return json.dumps({
        "seed": game.seed,
        "result": "won" if game.won else "lost",
        "clicks": game.clicks,
        "guesses": game.guesses,
        "steps": game.turns,
        "analyzer_ms": game.compute_ms,
        "policy": game.policy,
        "width": config.width,
        "height": config.height,
        "mines": config.mines,
        "rules": config.rules,
    })


def read_games(path: Path) -> list[LoggedGame]:
    """Every complete line of ``path`` (none if it does not exist), in file order."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return []
    except (OSError, UnicodeDecodeError) as error:
        raise GameLogError(f"{path}: cannot read it ({error})") from None
    lines = text.split("\n")[:-1]  # the text after the last newline is an unfinished line
    return [_parse(path, number, line) for number, line in enumerate(lines, 1) if line.strip()]


def _parse(path: Path, number: int, line: str) -> LoggedGame:
    try:
        data = json.loads(line)
        if not isinstance(data, dict):
            raise TypeError("not a JSON object")
        return _logged_game(data)
    except (ValueError, TypeError, KeyError) as error:
        reason = f"missing {error}" if isinstance(error, KeyError) else str(error)
        raise GameLogError(f"{path} line {number}: not a game's result line ({reason})") from None


def _logged_game(data: dict[str, Any]) -> LoggedGame:
    result, rules = data["result"], data["rules"]
    if result not in ("won", "lost"):
        raise ValueError(f"result {result!r} is not won or lost")
    if rules not in RULES:
        raise ValueError(f"rules {rules!r} are not one of {', '.join(RULES)}")
    size = BoardSize(_count(data, "width"), _count(data, "height"), _count(data, "mines"))
    game = SeededGame(
        seed=_integer(data, "seed"), won=result == "won",
        compute_ms=float(data["analyzer_ms"]), turns=_count(data, "steps"),
        guesses=_count(data, "guesses"), final_board="", clicks=_count(data, "clicks"),
        policy=str(data["policy"]),
    )
    return LoggedGame(Config(size, rules), game)


def _integer(data: dict[str, Any], key: str) -> int:
    value = data[key]
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{key} {value!r} is not an integer")
    return value


def _count(data: dict[str, Any], key: str) -> int:
    value = _integer(data, key)
    if value < 0:
        raise ValueError(f"{key} {value} is negative")
    return value


class GameLog:
    """``path`` opened to append one line per game, flushed at once (a context manager)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file: IO[str] | None = None

    def __enter__(self) -> GameLog:
        try:
            _cut_unfinished_line(self.path)
            self._file = self.path.open("a", encoding="utf-8")
        except OSError as error:
            raise GameLogError(f"{self.path}: cannot write to it ({error.strerror})") from None
        return self

    def __exit__(self, *exc_info: object) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def append(self, config: Config, game: SeededGame) -> None:
        """Write ``game``'s line and flush it."""
        assert self._file is not None, "append inside 'with GameLog(path) as log'"
        self._file.write(game_line(config, game) + "\n")
        self._file.flush()


def _cut_unfinished_line(path: Path) -> None:
    """Drop whatever follows the last newline of ``path`` (a line the run did not finish);
    reads only the file's tail, however long the file."""
    if not path.exists():
        return
    with path.open("rb+") as file:
        end = file.seek(0, 2)
        position = end
        while position > 0:
            start = max(0, position - TAIL_BLOCK)
            file.seek(start)
            newline = file.read(position - start).rfind(b"\n")
            if newline >= 0:
                position = start + newline + 1
                break
            position = start
        if position < end:
            file.truncate(position)
