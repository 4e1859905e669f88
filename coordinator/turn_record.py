"""What a turn and a game's end are recorded as (``--record``): the board seen, the
decision and clicks, the board's place and the game's facts."""

from __future__ import annotations

from dataclasses import replace

from sweeper.coordinator.act import Batch
from sweeper.coordinator.facts import GameFacts
from sweeper.coordinator.recording import StepRecord, rect_in_file
from sweeper.coordinator.watch import Sight
from sweeper.recognizer import BoardGeometry


def seen_record(index: int, seen: Sight, geometry: BoardGeometry,
                facts: GameFacts) -> StepRecord:
    """Step ``index`` as seen, with no decision (how the screen a game ended on is
    recorded: the mine that went off, or the win)."""
    assert facts.mines is not None, "a game is played with its mine count known"
    return StepRecord(index=index, board=str(seen.board), status=seen.status,
                      board_rect=rect_in_file(geometry.rect), rows=geometry.rows,
                      cols=geometry.cols, total_mines=facts.mines, rules=facts.rules)


def step_record(index: int, seen: Sight, batch: Batch, geometry: BoardGeometry,
                facts: GameFacts) -> StepRecord:
    """The recording of turn ``index``: the board ``seen``, the decision on it and the
    clicks of ``batch``, with the game's facts."""
    move = batch.decision.move
    return replace(
        seen_record(index, seen, geometry, facts),
        safe=batch.decision.safe,
        mines=batch.decision.mines,
        probabilities=batch.decision.probabilities,
        move=None
        if move is None
        else {
            "row": move.row,
            "col": move.col,
            "p_mine": move.p_mine,
            "reason": move.reason,
        },
        clicks=[{"cell": list(cell), "button": "left"} for cell in batch.targets]
        + [{"cell": list(cell), "button": "right"} for cell in batch.flags],
        timings_ms={name: round(value, 2) for name, value in batch.timings.items()},
    )
