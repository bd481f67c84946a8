"""The tab's title says "Your turn" while the viewer has moves to make, and only then.

Two people play the first turns of 4 Pints: the player whose turn it is sees "Your turn" in
the title, the other sees the room's plain title; when the turn passes, the titles swap.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser import people
from tests.support.server import LiveServer

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

PLAIN = "4 Pints · Gamenight"
YOUR_TURN = "Your turn · 4 Pints · Gamenight"
MAX_CLICKS = 20  # a turn is a few reveals, maybe a choice after an event, then a pass or a buy

_HAS_MOVES = "() => document.querySelectorAll('#actions .moves button').length > 0"


def _wait_title(person: people.Person, title: str) -> None:
    person.page.wait_for_function("(t) => document.title === t", arg=title)


def _has_moves(person: people.Person) -> bool:
    return bool(person.page.evaluate(_HAS_MOVES))


def _end_turn(person: people.Person, other: people.Person) -> None:
    """Plays the person's turn until the other has moves: passes when it may, else the first
    move offered (the compulsory first reveal, or a choice after an event)."""
    for _ in range(MAX_CLICKS):
        if _has_moves(other):
            return
        moves = person.page.locator("#actions .moves button")
        passing = moves.filter(has_text="Pass")
        person.click_and_wait(passing if passing.count() else moves.first)
    other.page.wait_for_function(_HAS_MOVES)


def test_the_title_says_your_turn_only_to_the_player_with_moves(
    browser: Any, sqlite_server: LiveServer
) -> None:
    ann, bob = people.Person(browser, "Ann"), people.Person(browser, "Bob")
    try:
        invite = people.open_room(ann, sqlite_server.url, "4 Pints")
        people.join_and_sit(bob, invite)
        for person in (ann, bob):
            assert person.page.title() == PLAIN  # no game yet: nobody's turn
        people.start_game(ann, bob)
        for person in (ann, bob):
            person.page.locator("#status", has_text="Round 1 of 2").wait_for()

        first = ann if ann.page.locator("#status", has_text="Ann's turn").count() else bob
        other = bob if first is ann else ann
        first.page.wait_for_function(_HAS_MOVES)
        _wait_title(first, YOUR_TURN)
        _wait_title(other, PLAIN)
        assert not _has_moves(other)

        # The turn passes: the titles swap, in both pages.
        _end_turn(first, other)
        _wait_title(other, YOUR_TURN)
        _wait_title(first, PLAIN)
        assert not _has_moves(first)

        # And back again.
        _end_turn(other, first)
        _wait_title(first, YOUR_TURN)
        _wait_title(other, PLAIN)

        for person in (ann, bob):
            person.assert_nothing_went_wrong()
    finally:
        ann.close()
        bob.close()


# Stands in for the browser's notifications and audio, recording what the page asks of them
# (a headless browser shows neither); the page also looks out of focus, as a player's
# other tab would.
ALERTS_SCRIPT = """
(() => {
  const calls = { notes: [], beeps: 0, asked: 0 };
  Object.defineProperty(window, "__alerts", { value: calls });
  class FakeNotification {
    constructor(title, options) { calls.notes.push([title, options.body]); }
    close() {}
    static requestPermission() {
      calls.asked += 1;
      FakeNotification.permission = "granted";
      return Promise.resolve("granted");
    }
  }
  FakeNotification.permission = sessionStorage.getItem("granted") ? "granted" : "default";
  window.Notification = FakeNotification;
  const node = { connect(next) { return next; } };
  class FakeAudio {
    constructor() { this.state = "running"; this.currentTime = 0; this.destination = node; }
    createOscillator() {
      return { frequency: {}, connect: node.connect, start() { calls.beeps += 1; }, stop() {} };
    }
    createGain() {
      const gain = { setValueAtTime() {}, exponentialRampToValueAtTime() {} };
      return { gain, connect: node.connect };
    }
    resume() {}
  }
  window.AudioContext = FakeAudio;
  document.hasFocus = () => false;
})();
"""

_ALERTS = "() => window.__alerts"


def test_turn_alerts_are_off_by_default_and_once_on_notify_and_sound(
    browser: Any, sqlite_server: LiveServer
) -> None:
    ann, bob = people.Person(browser, "Ann"), people.Person(browser, "Bob")
    for person in (ann, bob):
        person.context.add_init_script(ALERTS_SCRIPT)
    try:
        invite = people.open_room(ann, sqlite_server.url, "4 Pints")
        people.join_and_sit(bob, invite)
        for person in (ann, bob):
            person.page.locator("#turn-alerts").wait_for()
            assert not person.page.locator("#notify-turn").is_checked()
            assert not person.page.locator("#sound-turn").is_checked()
        ann.page.locator("#notify-turn").check()
        ann.page.locator("#sound-turn").check()
        ann.page.wait_for_function("() => window.__alerts.asked === 1")
        assert ann.page.evaluate(_ALERTS)["beeps"] == 1  # the toggle plays it once

        # Remembered in this browser: after a reload both are still on.
        ann.page.evaluate("() => sessionStorage.setItem('granted', '1')")
        ann.page.reload()
        ann.wait_connected()
        assert ann.page.locator("#notify-turn").is_checked()
        assert ann.page.locator("#sound-turn").is_checked()

        people.start_game(ann, bob)
        for person in (ann, bob):
            person.page.locator("#status", has_text="Round 1 of 2").wait_for()
        if not ann.page.locator("#status", has_text="Ann's turn").count():
            bob.page.wait_for_function(_HAS_MOVES)
            _end_turn(bob, ann)
        _wait_title(ann, YOUR_TURN)
        ann.page.wait_for_function("() => window.__alerts.notes.length === 1")
        alerts = ann.page.evaluate(_ALERTS)
        assert alerts["notes"] == [[YOUR_TURN, "It is your turn to play."]]
        assert alerts["beeps"] == 1  # this page's audio: the reload made a new one
        assert bob.page.evaluate(_ALERTS) == {"notes": [], "beeps": 0, "asked": 0}
        for person in (ann, bob):
            person.assert_nothing_went_wrong()
    finally:
        ann.close()
        bob.close()
