"""The bot decides the same whether the analyzer runs in-process or as a service."""

from __future__ import annotations

import itertools
import os
import time
from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.responses import JSONResponse

from sweeper.coordinator.count_slack import decide_with_count_slack
from sweeper.coordinator.decide import (
    AnalyzerRejectedError,
    AnalyzerUnavailableError,
    LocalDecider,
    RemoteDecider,
)
from sweeper.coordinator.facts import MINE_COUNT_SLACK, GameFacts
from sweeper.coordinator.local_services import free_loopback_port, local_service
from sweeper.core import parse_board
from tests.served import served

BOARD = parse_board("1...\n....\n....\n")  # nothing is certain: a guess


@pytest.fixture(scope="module")
def analyzer_url() -> Iterator[str]:
    with local_service("analyzer", os.environ) as url:
        yield url


def test_local_and_remote_decisions_are_identical(analyzer_url: str) -> None:
    local = LocalDecider().decide(BOARD, 3, "safe")
    remote = RemoteDecider(analyzer_url).decide(BOARD, 3, "safe")
    assert local.safe == remote.safe and local.mines == remote.mines
    assert local.probabilities == remote.probabilities
    assert local.move == remote.move and local.move is not None


def test_an_impossible_board_is_rejected_naming_the_cell(analyzer_url: str) -> None:
    impossible = parse_board("3.\n.0\n")  # a 3 with only two unopened neighbours
    for decider in (LocalDecider(), RemoteDecider(analyzer_url)):
        with pytest.raises(AnalyzerRejectedError, match="row 0, column 0"):
            decider.decide(impossible, 1, "safe")


def test_an_unreachable_analyzer_is_a_connection_error() -> None:
    url = f"http://127.0.0.1:{free_loopback_port()}"
    with pytest.raises(ConnectionError, match="analyzer at"):
        RemoteDecider(url, timeout_s=1).decide(BOARD, 3, "safe")


def test_a_board_holding_a_mine_fewer_than_its_count_is_decided_with_the_count_it_fits(
) -> None:
    # the numbers place 2 mines and clear the other closed cells: 2 mines, not 3
    board = parse_board("1..1\n1221\n0000\n00..\n")
    with pytest.raises(AnalyzerRejectedError, match="total mine count"):
        LocalDecider().decide(board, 3, "safe")
    facts = GameFacts(rows=4, cols=4, rules="safe", stated_mines=3)
    decision, fitted = decide_with_count_slack(LocalDecider(), board, facts)
    assert fitted == facts.with_mines(2) and fitted.mines == 2
    assert decision.mines == [(0, 1), (0, 2)] and decision.safe == [(3, 2), (3, 3)]


def test_a_board_no_nearby_count_fits_is_still_rejected() -> None:
    far = parse_board("1..1\n1221\n0000\n00..\n")  # holds 2 mines, not 2 + 3
    with pytest.raises(AnalyzerRejectedError):
        too_many = GameFacts(4, 4, "safe", 2 + MINE_COUNT_SLACK + 1)
        decide_with_count_slack(LocalDecider(), far, too_many)
    at_odds = parse_board("3.\n.0\n")  # a 3 with two closed neighbours fits no count
    with pytest.raises(AnalyzerRejectedError, match="row 0, column 0"):
        decide_with_count_slack(LocalDecider(), at_odds, GameFacts(2, 2, "safe", 1))


ANSWER = {"width": 4, "height": 3, "safe": [], "mines": [], "probabilities": [[None] * 4] * 3,
          "move": {"row": 2, "col": 3, "action": "open", "p_mine": 0.2, "reason": "guess"},
          "elapsed_ms": 1.0}


def _busy_analyzer(busy_answers: int, retry_after: str | None) -> tuple[FastAPI, list[float]]:
    """A stand-in analyzer that answers 503 ``busy_answers`` times, then ``ANSWER``; it
    notes when each request came."""
    app = FastAPI()
    arrivals: list[float] = []

    @app.post("/analyze")
    async def analyze() -> JSONResponse:
        arrivals.append(time.monotonic())
        if len(arrivals) <= busy_answers:
            headers = {} if retry_after is None else {"Retry-After": retry_after}
            return JSONResponse({"detail": "busy"}, 503, headers)
        return JSONResponse(ANSWER)

    return app, arrivals


def test_a_busy_analyzer_is_asked_again_after_the_time_it_names() -> None:
    app, arrivals = _busy_analyzer(2, "1")
    with served(app) as url:
        decision = RemoteDecider(url, timeout_s=10).decide(BOARD, 3, "safe")
    assert decision.move is not None and (decision.move.row, decision.move.col) == (2, 3)
    assert len(arrivals) == 3
    gaps = [later - earlier for earlier, later in itertools.pairwise(arrivals)]
    assert all(0.9 < gap < 2.0 for gap in gaps), gaps


def test_a_busy_analyzer_is_given_up_on_at_the_deadline() -> None:
    app, arrivals = _busy_analyzer(1000, "1")
    started = time.monotonic()
    with served(app) as url, pytest.raises(AnalyzerUnavailableError,
                                           match=r"busy: busy; still busy after 3 tries"):
        RemoteDecider(url, timeout_s=2.5).decide(BOARD, 3, "safe")
    assert len(arrivals) == 3 and time.monotonic() - started < 4


def test_a_503_without_retry_after_is_not_asked_again() -> None:
    app, arrivals = _busy_analyzer(1000, None)  # past its time limit: asking again won't help
    with served(app) as url, pytest.raises(AnalyzerUnavailableError, match="answered 503"):
        RemoteDecider(url, timeout_s=5).decide(BOARD, 3, "safe")
    assert len(arrivals) == 1


def test_a_standard_size_the_game_shows_no_count_for_may_hold_many_more_mines() -> None:
    # beginner's 9x9 standard count is 10; these numbers force 18 (a game laying its
    # mines by a density): decided as 18 fits, though no count 2 away fits
    edge = "........."
    numbers = "2" + "3" * 7 + "2"
    board = parse_board("\n".join([edge, numbers, *["0" * 9] * 5, numbers, edge]) + "\n")
    decision, _ = decide_with_count_slack(LocalDecider(), board, GameFacts(9, 9, "safe"))
    assert len(decision.mines) == 18
    with pytest.raises(AnalyzerRejectedError):  # a count said outside stays near itself
        decide_with_count_slack(LocalDecider(), board, GameFacts(9, 9, "safe", 10))


def test_an_assumed_count_proven_wrong_proves_only_what_every_fitting_count_proves() -> None:
    # beginner's assumed 10 mines do not fit (the top row alone holds 9, the corner 2
    # more); at 11 the cells away from the numbers would all be safe, but two of them are
    # mines: a game laying its mines by a density may hold any count that fits
    board = parse_board("\n".join([
        ".........", "233333332", "000000000", "000000000", "000011211",
        "00001....", "00001....", "00000....", "00000....",
    ]) + "\n")
    facts = GameFacts(9, 9, "safe")
    decision, fitted = decide_with_count_slack(LocalDecider(), board, facts)
    assert fitted == facts  # still only assumed: the next board is weighed alike
    assert decision.safe == [(5, 6), (5, 8), (6, 5), (7, 5), (8, 5)]
    assert (7, 7) not in decision.safe and (8, 6) not in decision.safe
    assert len(decision.mines) == 11


def test_what_only_an_assumed_count_proves_is_no_proof() -> None:
    # beginner's 10 mines, if that is the count: the top row's 9, the mine at (7, 7), so
    # (8, 8), away from every number, is safe; a game laying its mines by a density may
    # hold 11, and then it is a mine. Shown on the screen, the count proves it.
    board = parse_board("\n".join([
        ".........", "233333332", *["0" * 9] * 4, "000000111", "0000001..", "0000001..",
    ]) + "\n")
    assumed, _ = decide_with_count_slack(LocalDecider(), board, GameFacts(9, 9, "safe"))
    assert assumed.safe == [(7, 8), (8, 7)]
    assert (7, 7) in assumed.mines and len(assumed.mines) == 10
    shown, _ = decide_with_count_slack(LocalDecider(), board,
                                       GameFacts(9, 9, "safe", shown_mines=10))
    assert shown.safe == [(7, 8), (8, 7), (8, 8)]


def test_a_guess_of_no_risk_under_the_assumed_count_is_played_as_a_guess() -> None:
    # 7 mines in the top row and 3 flags make beginner's 10: only the count tells that
    # (8, 8), among the flags, holds no mine
    board = parse_board("\n".join([
        ".......10", "233333210", *["0" * 9] * 4, "000000122", "0000002FF", "0000002F.",
    ]) + "\n")
    decision, _ = decide_with_count_slack(LocalDecider(), board, GameFacts(9, 9, "safe"))
    assert decision.safe == [] and len(decision.mines) == 7
    assert decision.move is not None and decision.move.cell == (8, 8)
    assert decision.move.p_mine == 0.0 and "assumed count" in decision.move.reason
    shown, _ = decide_with_count_slack(LocalDecider(), board,
                                       GameFacts(9, 9, "safe", shown_mines=10))
    assert shown.safe == [(8, 8)]


def test_a_board_that_would_be_won_at_the_assumed_count_but_is_not_is_guessed_on() -> None:
    # 10 closed cells, beginner's assumed count: all mines if that is the count; the
    # game said it goes on, so it holds fewer: 6 are certain, the 4 along the edge not
    board = parse_board("\n".join([*["0" * 9] * 6, "233321000", ".....2000", ".....2000"])
                        + "\n")
    decision, _ = decide_with_count_slack(LocalDecider(), board, GameFacts(9, 9, "safe"))
    assert decision.safe == [] and len(decision.mines) == 6
    assert decision.move is not None and decision.move.cell in [(8, 0), (8, 1), (8, 2), (8, 3)]
    assert "fewer mines than assumed" in decision.move.reason


def test_a_board_in_play_holding_more_mines_than_assumed_has_a_safe_cell_left() -> None:
    # 5 flags round the 4 closed cells of the corner, beginner's assumed 10 mines: no
    # count near 10 fits; 9 would make every closed cell a mine, a game won, but the
    # game goes on, so it holds 5 to 8: a guess in the corner, never no move at all
    board = parse_board("\n".join([
        "..F200000", "..F300000", "FFF200000", "232100000", *["0" * 9] * 5,
    ]) + "\n")
    decision, _ = decide_with_count_slack(LocalDecider(), board, GameFacts(9, 9, "safe"))
    assert decision.safe == []
    assert decision.move is not None and decision.move.cell in [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert decision.move.p_mine == 0.75  # at 8 mines, the most a game in play may hold


def test_a_board_whose_every_closed_cell_is_a_mine_at_some_fitting_count_is_guessed_on(
) -> None:
    # darksweeper, recorded: 84 flags and 4 closed cells in the corner; 85, 86 or 87
    # mines fit (far below the assumed 99), and each closed cell is a mine at one of them
    board = parse_board("\n".join([
        "001FF212F112F10001F10000001F10", "0013F21F211F210001110111001221",
        "1101112221332001121102F21222F1", "F101233F22FF1112F2F102F32FF211",
        "1101FFF23F4323F31322012F333100", "01135F523F21F3F312F100224F2111",
        "02F3FF3F21123422F321112F3F21F2", "02F322211001FF223F101F2122222F",
        "011100000002332F2110122212F111", "000111000001F111100001F2F21111",
        "0001F100001221000001132311002F", "11222111101F10001111F3F112212F",
        "1F3F101F223211122F222F323FF111", "23F321222FF201F2F4F3223F4F3111",
        "..3F23F213F2011213FF32F3F2101F", "..212FF201110000013FF212110011",
    ]) + "\n")
    decision, _ = decide_with_count_slack(LocalDecider(), board, GameFacts(16, 30, "safe"))
    assert decision.safe == []
    assert decision.move is not None and decision.move.p_mine < 1.0
    assert decision.move.cell in [(14, 0), (14, 1), (15, 0), (15, 1)]
