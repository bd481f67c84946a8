"""The turn clock in a real browser: the host picks it in the lobby, and once the game starts
the clock of the seat that must act counts down as minutes:seconds beside that seat, on both
players' pages, while the other seat shows its bank."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser import people
from tests.browser.conftest import SHOTS
from tests.browser.people import Person
from tests.support.server import LiveServer

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

RUNNING = "#seats .clock.running"


def open_clocked_room(host: Person, url: str) -> str:
    host.page.goto(f"{url}/")
    form = host.page.locator("form.game-card", has_text="4 Pints")
    form.locator("select[name=clock]").select_option("normal")
    form.locator("input[name=name]").fill(host.name)
    form.get_by_role("button", name="Open a room").click()
    host.page.wait_for_url(re.compile(r"/r/[\w-]+$"))
    host.wait_connected()
    return host.page.locator("#invite-link").input_value()


def test_the_clock_of_whoever_must_act_counts_down_beside_their_seat(
    browser: Any, sqlite_server: LiveServer
) -> None:
    ann, bob = Person(browser, "Ann"), Person(browser, "Bob")
    try:
        people.join_and_sit(bob, open_clocked_room(ann, sqlite_server.url))
        people.start_game(ann, bob)
        for person in (ann, bob):
            page = person.page
            page.locator(RUNNING).wait_for()
            assert page.locator("#seats", has_text="Turn clock: Normal").count() == 1
            first = page.locator(RUNNING).inner_text()
            assert re.fullmatch(r"5:(1\d|20)", first), first  # 20 s a move + a 5 min bank
            page.wait_for_function(  # it counts down: the text moves on within ~1 s
                f"(before) => document.querySelector('{RUNNING}').textContent !== before",
                arg=first,
            )
            stopped = page.locator("#seats .clock:not(.running)").first.inner_text()
            assert stopped == "5:00", stopped  # the waiting seat shows its bank
        SHOTS.mkdir(parents=True, exist_ok=True)
        ann.page.screenshot(
            caret="initial", path=str(SHOTS / "turn_clock_desktop.png"), full_page=True
        )
        for person in (ann, bob):
            person.assert_nothing_went_wrong()
    finally:
        ann.close()
        bob.close()
