"""What a run of games tells: each game's result, the run's summary, and the error that
stops a run."""

from __future__ import annotations

from dataclasses import dataclass, field

from sweeper.core import GameStatus, SweeperError


class PlayError(SweeperError, RuntimeError):
    """Playing cannot go on safely; the message says why."""


@dataclass
class GameResult:
    """How one game went: ``seconds`` from the first click to the screenshot showing the
    end, ``loop_ms`` per turn from requesting the screenshot to the clicks being sent."""

    result: GameStatus  # won | lost (playing until it ends)
    seconds: float
    clicks: int
    steps: int
    guesses: int
    loop_ms: list[float] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what the game did out of the ordinary
    mines: int | None = None  # the game's mine count ...
    mines_from: str = "unknown"  # ... and where it came from (GameFacts.mines_from)

    def summary(self) -> dict[str, object]:
        """The game's summary as recorded in ``game.json``."""
        summary: dict[str, object] = {
            "result": self.result,
            "seconds": round(self.seconds, 3),
            "clicks": self.clicks,
            "steps": self.steps,
            "guesses": self.guesses,
            "mines": self.mines,
            "mines_from": self.mines_from,
        }
        if self.notes:
            summary["notes"] = self.notes
        return summary


@dataclass
class RunSummary:
    """Statistics of a run of games (the ``--json`` summary)."""

    results: list[GameResult] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    @property
    def wins(self) -> int:
        return sum(1 for game in self.results if game.result == "won")

    def to_json(self) -> dict[str, object]:
        from sweeper.coordinator.stats import median_or_none

        won_seconds = [game.seconds for game in self.results if game.result == "won"]
        median_won = median_or_none(won_seconds)
        return {
            "games": len(self.results),
            "wins": self.wins,
            "losses": len(self.results) - self.wins,
            "median_won_s": None if median_won is None else round(median_won, 3),
            "clicks": sum(game.clicks for game in self.results),
            "errors": len(self.errors),
        }
