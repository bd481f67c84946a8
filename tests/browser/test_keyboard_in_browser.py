"""A person plays a whole game of 4 Pints against a bot with the keyboard alone (Tab,
Shift+Tab, Enter and Space), from adding the bot to the final scores. After every answer of
the server focus is still on the moves: on a move button while the person has moves, on the
moves part while the bot plays, so that each move takes a few Tabs, not a walk through the
page. The turn is said politely, and axe finds nothing serious on the finished table, whose
log has grown long enough to scroll.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.browser import people
from tests.browser.axe import assert_accessible
from tests.browser.test_four_pints_in_browser import Person as FourPintsPlayer
from tests.support.server import LiveServer

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

GAME_BUDGET_S = 60.0
MAX_TABS = 40  # to reach a room control from wherever focus is

# Where focus is: on a move button, on the moves part itself, or elsewhere (described).
_FOCUS = """() => {
  const a = document.activeElement;
  const moves = document.getElementById('actions');
  return {
    move: !!a && a.tagName === 'BUTTON' && !!a.closest('#actions .moves'),
    part: !!moves && a === moves,
    text: a ? (a.textContent || '').replace(/\\s+/g, ' ').trim() : '',
    where: a ? a.tagName + (a.id ? '#' + a.id : '') + '.' + a.className : 'nothing',
  };
}"""

_READY_OR_OVER = """() => {
  const buttons = [...document.querySelectorAll('#actions .moves button')];
  const over = (document.querySelector('#scores h3')?.textContent || '').trim() === 'Final scores';
  return over || (buttons.length > 0 && buttons.every(b => !b.disabled));
}"""


class KeyboardPlayer(FourPintsPlayer):
    """Plays 4 Pints with the simple policy of the clicking test, by keys alone."""

    presses = 0

    def focus(self) -> dict[str, Any]:
        return self.page.evaluate(_FOCUS)

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.presses += 1

    def tab_to(self, label: str, limit: int = MAX_TABS, back: bool = False) -> int:
        """Presses Tab (Shift+Tab when `back`) until the focused control's text is `label`;
        returns how many presses it took."""
        for pressed in range(limit + 1):
            if self.focus()["text"] == label:
                return pressed
            self.press("Shift+Tab" if back else "Tab")
        raise AssertionError(f"{label!r} not reached in {limit} presses; at {self.focus()}")

    def activate(self, key: str = "Enter") -> None:
        """Presses Enter or Space on the focused control and waits for the server's answer."""
        before = self.messages()
        self.press(key)
        self.page.wait_for_function(people.ANSWERED, arg=before)

    def play_one(self, state: dict[str, Any]) -> str:
        """Moves focus from where it is to the chosen move, with as few Tabs as the order of
        the buttons allows, and presses it (Enter and Space in turn)."""
        labels: list[str] = state["labels"]
        label = labels[self.choose(state)]
        here = self.focus()["text"]
        back = here in labels and labels.index(label) < labels.index(here)
        tabs = self.tab_to(label, limit=len(labels), back=back)
        assert tabs < len(labels), f"{tabs} Tabs from {here!r} to {label!r} among {labels}"
        self.reveals = self.reveals + 1 if label == "Reveal a card" else 0
        self.activate("Enter" if self.clicks % 2 else " ")
        self.clicks += 1
        return label


def test_a_whole_game_is_played_with_the_keyboard_alone(
    browser: Any, sqlite_server: LiveServer
) -> None:
    ann = KeyboardPlayer(browser, "Ann")
    try:
        people.open_room(ann, sqlite_server.url, "4 Pints")
        page = ann.page
        page.locator("#controls button").first.wait_for()
        ann.tab_to("Seat 2: add a bot (greedy)")
        ann.activate()
        page.locator("#seats .tag", has_text="bot: greedy").wait_for()
        ann.tab_to("Start the game")
        ann.activate(" ")

        turns = 0
        deadline = time.monotonic() + GAME_BUDGET_S
        while True:
            assert time.monotonic() < deadline, f"no final scores after {ann.clicks} moves"
            page.wait_for_function(_READY_OR_OVER, timeout=10_000)
            state = ann.read()
            focus = ann.focus()
            if state["over"]:
                break
            # The person's moves have come: focus is on one of them, whatever was swapped.
            assert focus["move"], f"focus left the moves: {focus} after {ann.clicks} moves"
            if ann.clicks == 0 or "Pass" in state["labels"]:
                turns += 1
                page.locator("#turn-news", has_text="Your turn").wait_for()
            ann.play_one(state)
            focus = ann.focus()
            assert focus["move"] or focus["part"], f"focus left the moves: {focus}"

        assert ann.clicks >= 10 and turns >= 2, (ann.clicks, turns)
        assert page.locator("#scores tr.winner").count() >= 1
        assert page.locator("#actions .moves button").count() == 0
        assert ann.focus()["part"]  # the game is over: focus waits on the (empty) moves part
        assert page.locator("#turn-news").inner_text() == ""
        assert_accessible(page, "a finished 4 Pints table with a long log")
        ann.assert_nothing_went_wrong()
    finally:
        ann.close()
