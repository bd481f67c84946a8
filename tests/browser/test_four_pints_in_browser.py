"""Two people play a whole game of 4 Pints in a real browser, by clicking, until the final scores.

Each person has a browser context of their own (separate cookies). Nothing here sleeps a
fixed time after a click: it waits for the server's answer (an htmx WebSocket message that
re-enables or replaces the move buttons).
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from tests.browser import people
from tests.browser.conftest import SHOTS
from tests.browser.people import DESKTOP, PHONE
from tests.support.server import LiveServer

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

GAME_BUDGET_S = 50.0  # a game is about 60-150 clicks; each takes a few milliseconds
MAX_REVEALS_PER_TURN = 6

_BARE_EVENT_NAME = re.compile(r"^[A-Z][A-Za-z]+$")  # "CardRevealed": an event never put into words
_MONEY = re.compile(r"Money this turn: £(\d+)")  # the purchase zone's line

# Everything the policy needs, read in one round trip: the enabled move buttons, the money.
_READ_MOVES = """() => {
  const buttons = [...document.querySelectorAll('#actions .moves button')];
  const purchase = document.getElementById('purchase');
  return {
    labels: buttons.map(b => b.textContent.trim()),
    ready: buttons.length > 0 && buttons.every(b => !b.disabled),
    purchase: purchase ? purchase.textContent.replace(/\\s+/g, ' ') : '',
    over: (document.querySelector('#scores h3')?.textContent || '').trim() === 'Final scores',
  };
}"""

# True once the server answered the move: a message arrived after the send and nothing is locked.
_ANSWERED = """(before) => window.__gn.messages > before
  && !document.querySelector('#actions .moves button[disabled]')"""


class Person(people.Person):
    """One person at their own browser, playing 4 Pints with a simple policy."""

    def __init__(self, browser: Any, name: str) -> None:
        super().__init__(browser, name)
        self.reveals = 0  # reveals in a row this turn, so a bad run of cards cannot loop forever
        self.clicks = 0

    def read(self) -> dict[str, Any]:
        return self.page.evaluate(_READ_MOVES)

    def choose(self, state: dict[str, Any]) -> int:
        """The simple policy: buy the first pint on offer, reveal while short of money, pass."""
        labels: list[str] = state["labels"]
        buys = [i for i, label in enumerate(labels) if label.startswith("Buy ")]
        if buys:
            return buys[0]
        money = _money(state["purchase"])
        if "Reveal a card" in labels and (money < 6 and self.reveals < MAX_REVEALS_PER_TURN):
            return labels.index("Reveal a card")
        if "Reveal a card" in labels and "Pass" not in labels:
            return labels.index("Reveal a card")  # the first reveal of a turn is compulsory
        if "Pass" in labels:
            return labels.index("Pass")
        return 0  # a choice after an event (spill, discard, save): the first one will do

    def play_one(self, state: dict[str, Any]) -> str:
        """Clicks one move and waits until the server has answered it."""
        index = self.choose(state)
        label = state["labels"][index]
        self.reveals = self.reveals + 1 if label == "Reveal a card" else 0
        self.click_and_wait(self.page.locator("#actions .moves button").nth(index))
        self.clicks += 1
        return label


def _money(purchase: str) -> int:
    """Returns this turn's money as the purchase zone shows it; fails if it shows none."""
    found = _MONEY.search(purchase)
    assert found, f"the purchase zone does not say 'Money this turn': {purchase!r}"
    return int(found.group(1))


def _shoot_table(person: Person) -> None:
    """Saves a desktop and a phone-size picture of the table mid-game, for the lead to look at."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = person.page
    page.screenshot(
        caret="initial", path=str(SHOTS / "four_pints_midgame_desktop.png"), full_page=True
    )
    page.set_viewport_size(PHONE)
    page.screenshot(
        caret="initial", path=str(SHOTS / "four_pints_midgame_phone.png"), full_page=True
    )
    page.set_viewport_size(DESKTOP)


def test_two_people_play_four_pints_to_the_end(
    browser: Any, sqlite_server: LiveServer, tmp_path: Path
) -> None:
    url = sqlite_server.url
    ann, bob = Person(browser, "Ann"), Person(browser, "Bob")
    try:
        # Ann opens a 4 Pints room from the lobby; Bob joins by the invite link and sits.
        invite = people.open_room(ann, url, "4 Pints")
        assert invite.startswith(f"{url}/r/"), invite
        people.join_and_sit(bob, invite)
        people.start_game(ann, bob)
        for person in (ann, bob):
            person.page.locator("#status", has_text="Round 1 of 2").wait_for()

        # Whoever has move buttons clicks one, until both pages show the final scores.
        players = (ann, bob)
        shot_taken = False
        deadline = time.monotonic() + GAME_BUDGET_S
        while True:
            states = [person.read() for person in players]
            if all(state["over"] for state in states):
                break
            assert time.monotonic() < deadline, (
                f"no final scores after {GAME_BUDGET_S:.0f} s and "
                f"{sum(p.clicks for p in players)} clicks; last states: {states}"
            )
            movers = [(p, s) for p, s in zip(players, states, strict=True) if s["ready"]]
            if not movers:
                # The other page is still receiving the last move: wait for it, not a fixed time.
                ann.page.wait_for_timeout(10)
                continue
            assert len(movers) == 1, f"both pages have move buttons at once: {states}"
            person, state = movers[0]
            if not shot_taken and person is ann and ann.clicks >= 15 and "Pass" in state["labels"]:
                _shoot_table(ann)
                shot_taken = True
            person.play_one(state)

        clicks = ann.clicks + bob.clicks
        assert clicks >= 10, f"a whole game in only {clicks} clicks"

        # Both pages show the same final table, with a winner, and the log has lines.
        tables = [p.page.locator("#scores table").inner_text() for p in players]
        assert tables[0] == tables[1]
        assert "Ann" in tables[0] and "Bob" in tables[0]
        assert "Round 2" in tables[0] and "Rank" in tables[0]
        for person in players:
            page = person.page
            assert page.locator("#scores tr.winner").count() >= 1
            assert page.locator("#status", has_text="Game over").count() == 1
            assert page.locator("#log li").count() > 0
            assert page.locator("#actions .moves button").count() == 0
            page.screenshot(
                caret="initial", path=str(tmp_path / f"final_{person.name}.png"), full_page=True
            )

        # Nothing went wrong in either browser.
        for person in players:
            person.assert_nothing_went_wrong()

        # The log should read as sentences. Checked last, so every check above still runs.
        lines = ann.page.locator("#log li").all_inner_texts()
        bare = sorted({line for line in lines if _BARE_EVENT_NAME.match(line.strip())})
        assert not bare, f"log lines should be sentences, not event names: {bare}"
    finally:
        ann.close()
        bob.close()
