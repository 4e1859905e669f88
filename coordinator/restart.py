"""Starting the next game as a person would: the given new-game controls (a button, or
a level menu and its level, pressed in turn), the face, the game's own labelled control,
or F2 and then F5 without any; a dialog that holds the game (a best time, "you won") is
answered with its button over the board, else with Enter, and the control pressed
again."""

from __future__ import annotations

import time

from sweeper.coordinator.covers import CoverAnswerer
from sweeper.coordinator.facts import GameFacts
from sweeper.coordinator.look import Looker, WatchError
from sweeper.coordinator.play_log import log
from sweeper.coordinator.screen import Screen
from sweeper.coordinator.turn_log import wait_summary
from sweeper.coordinator.watch import BoardWatch, Sight
from sweeper.core import Rect
from sweeper.effector import AllowedKey, ClickAction, KeyAction

NEW_GAME_ATTEMPTS = 3  # presses of the new-game control (with Enter between) before giving up
# keys pressed in turn where a game shows no new-game control: F2 (desktop games' new
# game), then F5 (a web page without a control starts a new game when reloaded)
NEW_GAME_KEYS: tuple[AllowedKey, ...] = ("f2", "f5")
NEW_GAME_WAIT_S = 2.0  # how long a pressed new-game control may take to show a new game
NEXT_CONTROL_S = 0.3  # between given controls pressed in turn: a menu the last press opened
# is drawn within a frame or two, this leaves room for a loaded machine
RELOAD_WAIT_S = 10.0  # ... and a page reloaded by F5 (a busy machine, an intro animation)


class Restarter:
    """Presses what starts a new game and looks for the new game it shows."""

    def __init__(self, screen: Screen, looker: Looker, watch: BoardWatch,
                 covers: CoverAnswerer, *, new_game_at: tuple[tuple[int, int], ...],
                 hold_ms: int) -> None:
        self.screen = screen
        self.looker = looker
        self.watch = watch
        self.covers = covers
        self.new_game_at = new_game_at  # the new-game controls, pressed in turn (a
        # button, or a level menu and its level), for games without a face
        self.hold_ms = hold_ms

    def find_control(self) -> None:
        """Where a game without a face has its own new-game control, by its label (the
        looker remembers it)."""
        if self.new_game_at:
            return
        control = self.looker.find_new_game_control()
        if control is None:
            log.info("new game: no face and no new-game control that reads; F2 will be "
                     "pressed (or give --new-game-at X,Y)")
        else:
            log.info("new game: the game's own control at %s", control.describe())

    def new_game(self, ended: Sight, facts: GameFacts) -> Sight | None:
        """The first look at the next game, or None if no press showed one: the
        control up to :data:`NEW_GAME_ATTEMPTS` times, then the keys, each followed by
        Enter for a dialog when no new game showed."""
        started = time.monotonic()
        attempts = NEW_GAME_ATTEMPTS + len(NEW_GAME_KEYS)
        for attempt in range(1, attempts + 1):
            key = NEW_GAME_KEYS[(attempt - 1) % len(NEW_GAME_KEYS)]
            # a control that started nothing (a yellow clock taken for a face) gives way
            # to the keys
            pressed = self._press(ended, key, control=attempt <= NEW_GAME_ATTEMPTS)
            wait_s = RELOAD_WAIT_S if pressed == "f5" else NEW_GAME_WAIT_S
            try:
                sight = self.watch.new_game(facts, ended.board, timeout_s=wait_s)
            except WatchError as error:
                log.info("new game: press %d showed none (%s); %s", attempt, error,
                         self._answer_dialog())
                continue
            log.info("new game: %s", wait_summary(sight, (sight.captured_at - started) * 1000))
            return sight
        return None

    def _answer_dialog(self) -> str:
        """Answer a dialog that may hold the game: with its button where one shows over
        the board (a web page's "Play again" takes no key), else with Enter."""
        last, placement = self.looker.last, self.looker.placement
        if last is not None and placement is not None and self.covers.press_dialog_button(
                last.recognition, placement, last.image):
            return "pressed the button of a dialog over the board"
        self.covers.answer_dialog(None if last is None else last.recognition, placement)
        return "answered any dialog with Enter"

    def _press(self, ended: Sight, key: AllowedKey, control: bool = True) -> AllowedKey | None:
        """Click the given new-game controls in turn, else the face, else the game's own
        new-game control; press ``key`` without any of them, or when not to use a
        ``control`` (and say so)."""
        if self.new_game_at and control:
            for index, (x, y) in enumerate(self.new_game_at):
                if index:
                    time.sleep(NEXT_CONTROL_S)  # the menu the last press opened
                self._click(Rect(left=x, top=y, width=1, height=1), x, y)
            return None
        face = self.looker.new_game_point(ended.image) if control else None
        if face is None:
            log.info("new game: no control to click; pressing %s", key.upper())
            self.screen.actions([KeyAction(key=key)])
            return key
        rect, (x, y) = face
        self._click(rect, x, y)
        return None

    def _click(self, rect: Rect, x: int, y: int) -> None:
        """One click at ``(x, y)``, allowed only inside ``rect``."""
        self.screen.actions([ClickAction(x=x, y=y, hold_ms=self.hold_ms)], bounds=rect)
