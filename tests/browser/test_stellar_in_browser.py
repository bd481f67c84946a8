"""Two people set up a game of Stellar and play its first turn in a real browser, by clicking.

The telescope moves are made the way a person makes them: pick a card, then click one of
the spaces the page highlights (static/app.js), so the picking behaviour is covered too.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser import people
from tests.browser.conftest import SHOTS
from tests.browser.people import PHONE
from tests.support.server import LiveServer

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]


class Person(people.Person):
    def seat(self) -> int:
        return int(self.page.locator("#table").get_attribute("data-you") or "-1")

    def pick_then_spot(self) -> str:
        """Picks (in the hand) the first card offered for the telescope and clicks its first
        highlighted space.

        Returns the id of the space clicked.
        """
        page = self.page
        spaces = page.locator("button[hx-vals*='\"space\"']")
        group = page.locator("#actions .pick-group").filter(has=spaces).first
        card = group.get_attribute("data-pick")
        picker = page.locator(f'#hand .pick[data-pick="{card}"]')
        if picker.count():
            picker.click()
        legal = page.locator(f"#telescopes-{self.seat()} .spot.legal").first
        legal.wait_for()
        spot = legal.get_attribute("id") or ""
        self.click_and_wait(legal)
        return spot


def test_two_people_set_up_and_play_a_turn_of_stellar(
    browser: Any, sqlite_server: LiveServer
) -> None:
    url = sqlite_server.url
    ann, bob = Person(browser, "Ann"), Person(browser, "Bob")
    try:
        invite = people.open_room(ann, url, "Stellar")
        people.join_and_sit(bob, invite)
        people.start_game(ann, bob)

        # Set-up: both choose a starting card for the telescope at the same time.
        for person in (ann, bob):
            person.page.locator("#status", has_text="Round 1 of 11").wait_for()
            person.page.locator("#actions .moves").wait_for()
        placed = {person.name: person.pick_then_spot() for person in (ann, bob)}
        for person in (ann, bob):
            seat = person.seat()
            spot = person.page.locator(f"#{placed[person.name]}")
            spot.locator(".st-card").wait_for()
            assert seat in (0, 1)

        # The first player takes a row card, plays a hand card, and places the second card.
        first = ann if ann.page.locator("#status", has_text="Ann's turn").count() else bob
        other = bob if first is ann else ann
        first.page.locator("#status", has_text=f"{first.name}'s turn").wait_for()
        take = first.page.locator("#actions .moves button", has_text=re.compile(r"^Take 1"))
        first.click_and_wait(take)
        keep = other.page.locator("#actions .moves button", has_text="Keep the row")
        if first.page.locator("#status", has_text="decides about the row").count():
            other.click_and_wait(keep)  # a satellite was taken: the opponent may clear the row
        assert first.page.locator("#hand .pick").count() == 3
        # Every hand card's group ends with the notebook's button (written once, a template).
        groups = first.page.locator("#actions .pick-group")
        notebooks = groups.locator("button", has_text="into the notebook")
        assert groups.count() == notebooks.count() == 3
        spot = first.pick_then_spot()  # a hand card into the telescope
        if first.page.locator("#actions .pick-group.only").count():
            first.pick_then_spot()  # (a telescope play sends the row card to the notebook)
        seat = first.seat()
        # The opponent sees the card in the first player's telescope, and it is their turn now.
        other.page.locator(f"#telescopes-{seat} #{spot} .st-card").wait_for()
        other.page.locator("#status", has_text=f"{other.name}'s turn").wait_for()
        takes = other.page.locator("#actions .moves button", has_text=re.compile(r"^Take \d"))
        takes.first.wait_for()
        assert first.page.locator("#hand .pick").count() == 2
        notebook = first.page.locator(f"#notebooks-{seat} .st-card")
        assert notebook.count() == 2  # the starting card and the row card of the played value

        SHOTS.mkdir(parents=True, exist_ok=True)
        other.page.screenshot(
            caret="initial", path=str(SHOTS / "stellar_desktop.png"), full_page=True
        )
        other.page.set_viewport_size(PHONE)
        other.page.screenshot(
            caret="initial", path=str(SHOTS / "stellar_phone.png"), full_page=True
        )

        for person in (ann, bob):
            person.assert_nothing_went_wrong()
            # The other hand never reaches this page: only its own cards are in #hand.
            assert person.page.locator("#hand .pick").count() in (2, 3)
    finally:
        ann.close()
        bob.close()
