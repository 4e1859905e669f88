"""The game page itself: URL parameters, the seed, new games, the look, and no network."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlparse

import pytest

from sweeper.core import EXPERT, FLAG, MINE, UNOPENED, Cell
from sweeper.practice.gamepage import GamePage

pytestmark = pytest.mark.e2e

WHITE, GREY, DARK, RED = (255, 255, 255), (192, 192, 192), (128, 128, 128), (255, 0, 0)
NUMBER_COLOURS = {1: "#0000ff", 2: "#008000", 3: "#ff0000", 4: "#000080", 5: "#800000",
                  6: "#008080", 7: "#000000", 8: "#808080"}


# ------------------------------------------------------------------ the documented seed


def imul(a: int, b: int) -> int:
    return (a * b) & 0xFFFFFFFF


def mulberry32(state: int) -> Callable[[], float]:
    def next_float() -> float:
        nonlocal state
        state = (state + 0x6D2B79F5) & 0xFFFFFFFF
        t = imul(state ^ (state >> 15), 1 | state)
        t = ((t + imul(t ^ (t >> 7), 61 | t)) & 0xFFFFFFFF) ^ t
        return ((t ^ (t >> 14)) & 0xFFFFFFFF) / 4294967296

    return next_float


def documented_mines(
    size: tuple[int, int], mines: int, rules: str, seed: int, first: Cell
) -> set[Cell]:
    """The mine cells the page's header comment promises for a seed and first click."""
    width, height = size
    row, col = first
    excluded = {first}
    if rules == "opening":
        excluded |= {(row + dr, col + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
    candidates = [(r, c) for r in range(height) for c in range(width) if (r, c) not in excluded]
    rng = mulberry32((seed ^ imul(row * width + col + 1, 0x9E3779B1)) & 0xFFFFFFFF)
    for i in range(mines):
        j = i + int(rng() * (len(candidates) - i))
        candidates[i], candidates[j] = candidates[j], candidates[i]
    return set(candidates[:mines])


@pytest.mark.parametrize(("rules", "seed", "first"),
                         [("safe", 0, (0, 0)), ("safe", 4242, (7, 19)),
                          ("opening", 4294967295, (15, 29)), ("opening", 123456789, (3, 3))])
def test_the_layout_follows_the_documented_seeded_algorithm(
    game: GamePage, rules: str, seed: int, first: Cell
) -> None:
    game.load(rules=rules, seed=seed)
    game.click(*first)
    assert game.mine_cells() == documented_mines(EXPERT[:2], EXPERT.mines, rules, seed, first)


def test_same_seed_and_first_click_give_the_same_game(game: GamePage) -> None:
    game.load(width=16, height=16, mines=40, seed=77)
    game.click(3, 5)
    first = game.truth()
    game.load(width=16, height=16, mines=40, seed=77)
    game.click(3, 5)
    assert game.truth() == first
    game.load(width=16, height=16, mines=40, seed=78)
    game.click(3, 5)
    assert game.truth() != first


# ------------------------------------------------------------------ URL parameters


def test_defaults_are_expert_safe_cell_24_and_a_random_seed(game: GamePage) -> None:
    state = game.load()
    assert (state["width"], state["height"], state["mineCount"]) == EXPERT
    assert (state["rules"], state["cell"], state["status"]) == ("safe", 24, "playing")
    assert state["board"] == ("." * 30 + "\n") * 16
    other = game.load()
    assert isinstance(state["seed"], int)
    assert other["seed"] != state["seed"]


@pytest.mark.parametrize(("width", "height", "cell"), [(30, 16, 16), (9, 9, 32), (20, 12, 24)])
def test_width_height_and_cell_set_the_canvas_size(
    game: GamePage, width: int, height: int, cell: int
) -> None:
    state = game.load(width=width, height=height, mines=10, cell=cell)
    layout = state["layout"]
    wider = game.load(width=width + 1, height=height, mines=10, cell=cell)["layout"]
    taller = game.load(width=width, height=height + 1, mines=10, cell=cell)["layout"]
    assert wider["canvasWidth"] - layout["canvasWidth"] == cell
    assert taller["canvasHeight"] - layout["canvasHeight"] == cell
    assert wider["canvasHeight"] == layout["canvasHeight"]
    if cell == 16:  # the classic frame: 12 px each side, 67 px of header and borders
        assert (layout["canvasWidth"], layout["canvasHeight"]) == (width * 16 + 24,
                                                                   height * 16 + 67)
    game.load(width=width, height=height, mines=10, cell=cell)
    drawn = game.desktop.chromium.evaluate(
        "(c => [c.width, c.height, c.getBoundingClientRect().width,"
        " c.getBoundingClientRect().height, innerWidth, innerHeight])"
        "(document.getElementById('game'))"
    )
    size = [layout["canvasWidth"], layout["canvasHeight"]]
    assert drawn == size * 3  # canvas pixels = CSS pixels = the fitted window's page


def test_mines_and_rules_parameters_are_used(game: GamePage) -> None:
    game.load(width=10, height=8, mines=30, rules="opening", seed=5)
    game.click(4, 4)
    state = game.state()
    assert state["mineCount"] == 30 and state["rules"] == "opening"
    assert len(game.mine_cells()) == 30


@pytest.mark.parametrize(("query", "named"), [
    ({"width": "abc"}, "width='abc' is not a whole number"),
    ({"width": "0"}, "width=0 is out of range"),
    ({"height": "-3"}, "height='-3' is not a whole number"),
    ({"cell": "7"}, "cell=7 is out of range"),
    ({"rules": "easy"}, "rules='easy' must be 'safe' or 'opening'"),
    ({"width": "9", "height": "9", "mines": "81"}, "mines=81 is too many for a 9x9 board"),
    ({"width": "9", "height": "9", "mines": "73", "rules": "opening"}, "(at most 72)"),
    ({"seed": "x1"}, "seed='x1' is not a whole number"),
    ({"colour": "red"}, "unknown parameter 'colour'"),
])
def test_invalid_parameters_show_a_clear_message_on_the_page(
    game: GamePage, query: dict[str, str], named: str
) -> None:
    state = game.load(**query)
    assert state["status"] == "error"
    assert named in state["error"]
    shown = game.desktop.chromium.evaluate(
        "[document.getElementById('error').hidden, document.getElementById('error').innerText,"
        " document.getElementById('game').hidden]"
    )
    assert shown[0] is False and named in shown[1] and shown[2] is True


# ------------------------------------------------------------------ new games


def test_face_click_starts_the_same_seeded_game_again(game: GamePage) -> None:
    game.load(width=9, height=9, mines=10, seed=31)
    game.click(4, 4)
    truth = game.truth()
    game.click(*sorted(game.mine_cells())[0])
    assert game.state()["status"] == "lost"
    game.click_face()
    state = game.state()
    assert state["status"] == "playing" and state["mines"] is None and state["seed"] == 31
    assert state["board"] == ("." * 9 + "\n") * 9
    game.click(4, 4)
    assert game.truth() == truth


def test_face_click_without_a_seed_draws_a_new_one(game: GamePage) -> None:
    first = game.load(width=9, height=9, mines=10)["seed"]
    game.click(0, 0)
    game.click_face()
    assert game.state()["seed"] != first
    assert game.state()["mines"] is None


def test_f2_starts_a_new_game(game: GamePage) -> None:
    game.load(width=9, height=9, mines=10, seed=8)
    game.click(4, 4)
    for kind in ("keyDown", "keyUp"):
        game.desktop.chromium.session.call(
            "Input.dispatchKeyEvent", type=kind, key="F2", code="F2", windowsVirtualKeyCode=113
        )
    state = game.state()
    assert state["board"] == ("." * 9 + "\n") * 9 and state["status"] == "playing"


def test_release_opens_the_cell_under_the_pointer(game: GamePage) -> None:
    game.load(width=9, height=9, mines=10, rules="opening", seed=8)
    pressed, released = game.page_point(0, 0), game.page_point(8, 8)
    game.mouse("mousePressed", pressed, "left", 1)
    game.mouse("mouseMoved", released, "left", 1)
    game.mouse("mouseReleased", released, "left", 0)
    board = game.board()
    assert board[(8, 8)] == 0
    assert board[(0, 0)] == UNOPENED or board[(0, 0)] == game.truth()[(0, 0)]


# ------------------------------------------------------------------ the look


def face_png(game: GamePage) -> bytes:
    face = game.state()["layout"]["face"]
    return game.region_png(face["x"], face["y"], face["w"], face["h"])


def test_face_shows_pressed_won_and_lost_moods(game: GamePage) -> None:
    game.load(width=5, height=5, mines=24, seed=4)
    normal = face_png(game)
    point = game.page_point(2, 2)
    game.mouse("mousePressed", point, "left", 1)
    assert game.tile_pixel(2, 2, 2, 2) == GREY  # the held tile looks pressed, not raised
    oh = face_png(game)
    game.mouse("mouseReleased", point, "left", 0)
    assert game.state()["status"] == "won"
    won = face_png(game)
    game.load(width=3, height=3, mines=1, seed=4)
    game.click(1, 1)
    mine = sorted(game.mine_cells())[0]
    game.click(*mine)
    lost = face_png(game)
    face = game.state()["layout"]["face"]
    centre = (face["x"] + face["w"] // 2, face["y"] + face["h"] // 2)
    game.mouse("mousePressed", centre, "left", 1)
    face_down = face_png(game)
    game.mouse("mouseReleased", centre, "left", 0)
    assert len({normal, oh, won, lost, face_down}) == 5


def test_tiles_have_classic_bevels_colours_flags_and_mines(game: GamePage) -> None:
    game.load(width=16, height=16, mines=40, rules="opening", seed=1234, cell=16)
    assert game.tile_pixel(0, 0, 0, 0) == WHITE
    assert game.tile_pixel(0, 0, 1, 1) == WHITE  # 2 px bevel at cell 16
    assert game.tile_pixel(0, 0, -1, -1) == DARK
    assert game.tile_pixel(0, 0, 8, 8) == GREY
    game.click(8, 8)
    board, truth = game.board(), game.truth()
    assert game.tile_pixel(8, 8, 0, 5) == DARK  # 1 px grid line on the top/left
    assert game.tile_pixel(8, 8, 1, 5) == GREY
    assert game.tile_colours(8, 8) == {"#808080", "#c0c0c0"}
    shown = {board[cell]: cell for cell in sorted(board.cells_where(1) + board.cells_where(2))}
    for number, cell in shown.items():
        assert NUMBER_COLOURS[number] in game.tile_colours(*cell)
    hidden_mines = [cell for cell in truth.cells_where(MINE) if board[cell] == UNOPENED]
    flagged, exploded = hidden_mines[0], hidden_mines[1]
    game.click(*flagged, "right")
    assert {"#ff0000", "#000000"} <= game.tile_colours(*flagged)
    wrong = next(cell for cell in board.cells_where(UNOPENED) if truth[cell] != MINE)
    game.click(*wrong, "right")
    game.click(*exploded)
    assert game.board()[flagged] == FLAG
    assert game.tile_pixel(*exploded, 2, 2) == RED  # red behind the exploded mine
    assert {"#000000", "#ffffff", "#ff0000"} <= game.tile_colours(*exploded)
    other_mine = hidden_mines[2]
    assert game.tile_pixel(*other_mine, 2, 2) == GREY
    assert {"#000000", "#ffffff"} <= game.tile_colours(*other_mine)
    assert "#ff0000" in game.tile_colours(*wrong)  # the cross over a wrong flag's mine
    assert "#000000" in game.tile_colours(*wrong)


def test_led_counters_show_mines_left_and_time(game: GamePage) -> None:
    state = game.load(width=9, height=9, mines=10, seed=2, cell=16)
    counter = state["layout"]
    before = game.region_png(0, 0, counter["canvasWidth"], 40)
    game.click(0, 0, "right")
    after = game.region_png(0, 0, counter["canvasWidth"], 40)
    assert before != after
    game.click(0, 0, "right")
    assert game.region_png(0, 0, counter["canvasWidth"], 40) == before


# ------------------------------------------------------------------ nothing leaves loopback


def test_the_page_requests_nothing_outside_loopback_and_throws_no_errors(game: GamePage) -> None:
    session = game.desktop.chromium.session
    session.call("Network.enable")
    session.call("Runtime.enable")
    try:
        game.load(width=9, height=9, mines=10, seed=6)
        game.click(4, 4)
        game.click(0, 0, "right")
        game.click_face()
        requests = session.take_events("Network.requestWillBeSent")
        errors = session.take_events("Runtime.exceptionThrown")
    finally:
        session.call("Network.disable")
        session.call("Runtime.disable")
    urls = [event["request"]["url"] for event in requests]
    assert any(url.endswith("game.js") for url in urls)
    assert any(url.endswith("style.css") for url in urls)
    for url in urls:
        parsed = urlparse(url)
        assert parsed.scheme == "data" or parsed.hostname in ("127.0.0.1", "localhost"), url
    assert errors == []
