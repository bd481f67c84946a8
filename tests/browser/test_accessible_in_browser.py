"""axe-core finds no serious or critical violation on any kind of page: the lobby and its room
forms, a room before a game and at the table during a game of each of the five games, the card
references, the history pages, a replay, a campaign's page and the error page. At each table
focus has gone to the moves once they came (the start button had it), and in Stellar a card is
picked and placed on a space by keys, the two-step move of that game.

One server and one person's browser serve every page, to keep the test short. What the rules
not yet enforced (tests/browser/axe.py) find is written beside the screenshots, for the lead.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from app.games.registry import GAMES
from tests.browser import people
from tests.browser.axe import assert_accessible
from tests.browser.conftest import SHOTS
from tests.support.replays import StoredGame, stored_in_new_database
from tests.support.server import LiveServer

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

MOVES_MS = 30_000  # the longest until the person's first moves (a bot may play first)
CAMPAIGN = "Friday club"


@dataclass(frozen=True)
class Site:
    url: str
    stored: StoredGame  # a finished Stellar game: its replay, its players' history


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    folder = tmp_path_factory.mktemp("a11y")
    url, stored = stored_in_new_database(folder, GAMES["stellar"], 2, 3)
    server = LiveServer(url, folder).start()
    yield Site(server.url, stored)
    server.close()


class Checker:
    """Runs axe on each page a person visits, and keeps what the rules not yet enforced found."""

    def __init__(self, person: people.Person) -> None:
        self.person = person
        self.deferred: dict[str, list[dict[str, Any]]] = {}

    def check(self, where: str) -> None:
        self.deferred[where] = assert_accessible(self.person.page, where)

    def visit(self, url: str, where: str) -> None:
        self.person.page.goto(url)
        self.check(where)

    def write(self) -> None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        (SHOTS / "axe_not_yet_enforced.json").write_text(json.dumps(self.deferred, indent=1))


def open_room(person: people.Person, url: str, game: str) -> None:
    """Opens a room from the lobby (the person gives a name the first time only); Stickers'
    plays a new campaign's first game."""
    person.page.goto(f"{url}/")
    form = person.page.locator("form.game-card", has_text=game)
    if game == "Stickers":
        form.locator("select[name=campaign]").select_option("new")
        form.locator("input[name=campaign_name]").fill(CAMPAIGN)
    name = form.locator("input[name=name]")
    if name.count():
        name.fill(person.name)
    form.get_by_role("button", name="Open a room").click()
    person.page.wait_for_url(re.compile(r"/r/[\w-]+$"))
    person.wait_connected()


def seat_a_bot_and_start(person: people.Person) -> None:
    page = person.page
    page.locator("#controls button", has_text="add a bot").first.click()
    page.locator("#seats .tag", has_text="bot:").wait_for()
    page.locator("#start-game:not([disabled])").click()
    page.locator("#actions .moves button:not([disabled])").first.wait_for(timeout=MOVES_MS)


_FOCUS_IN_MOVES = "() => document.activeElement.closest('#actions .moves') !== null"


# The telescope space the focused move button plays to: its space field, under the moves'
# spot prefix (as static/app.js finds it), or null for any other element.
_FOCUSED_SPOT = """() => {
  const button = document.activeElement, by = button.closest('[data-spot-field]');
  if (!by || !button.hasAttribute('hx-vals')) return null;
  const value = JSON.parse(button.getAttribute('hx-vals'))[by.dataset.spotField];
  return value === undefined ? null : by.dataset.spotPrefix + value;
}"""


def place_a_stellar_card_by_keys(page: Any) -> None:
    """Tabs from the moves (focus is there once they arrive) to the first telescope space a
    card is offered, presses it (Space), and sees the card on that space; focus is on the
    moves again once the server has answered."""
    for _tab in range(4):
        if page.evaluate(_FOCUSED_SPOT):
            break
        page.keyboard.press("Tab")
    spot = page.evaluate(_FOCUSED_SPOT)
    assert spot, page.evaluate("() => document.activeElement.outerHTML")
    before = page.evaluate("() => window.__gn.messages")
    page.keyboard.press(" ")
    page.wait_for_function("(n) => window.__gn.messages > n", arg=before)
    page.locator(f"#{spot} .st-card").wait_for()  # the card is on that space
    assert page.evaluate("() => document.activeElement.closest('#actions') !== null")


# Focus waits on the moves part while others play; the moves then come into it as a patch,
# the part itself kept (as For20 Cards' and Stellar's moves stay on the page between turns).
_MOVES_PATCHED_IN = """() => {
  const moves = document.getElementById(document.getElementById('room').dataset.movesPart);
  const box = moves.querySelector('.moves'), held = box.innerHTML;
  box.innerHTML = '';
  moves.setAttribute('tabindex', '-1');
  moves.focus();
  box.innerHTML = held;
  const room = document.getElementById('room');  // where htmx tells of a message
  room.dispatchEvent(new CustomEvent('htmx:wsAfterMessage', {bubbles: true}));
  return document.activeElement.closest('#actions .moves') !== null;
}"""


def test_focus_waiting_on_the_moves_goes_to_them_when_they_are_patched_in(
    browser: Any, site: Site
) -> None:
    ann = people.Person(browser, "Ann")
    try:
        open_room(ann, site.url, "4 Pints")
        seat_a_bot_and_start(ann)
        assert ann.page.evaluate(_MOVES_PATCHED_IN)
        assert ann.errors == [] and ann.csp_violations() == []
    finally:
        ann.close()


def test_axe_finds_nothing_serious_on_any_page(browser: Any, site: Site) -> None:
    ann = people.Person(browser, "Ann")
    axe = Checker(ann)
    url = site.url
    try:
        axe.visit(f"{url}/", "the lobby, with its room forms")
        axe.visit(f"{url}/r/no-such-room", "the error page")
        ann.errors.clear()  # the browser's own note of the page's status 404: meant
        for game in GAMES.values():
            open_room(ann, url, game.name)
            axe.check(f"a {game.name} room before its game")
            seat_a_bot_and_start(ann)
            axe.check(f"a {game.name} table during its game")
            # The start button was pressed: focus went to the moves when they came.
            assert ann.page.evaluate(_FOCUS_IN_MOVES), game.name
            if game.id == "stellar":
                place_a_stellar_card_by_keys(ann.page)
            if game.campaigns:
                campaign = ann.page.get_by_role("link", name=CAMPAIGN).get_attribute("href")
            if game.card_reference() is not None:
                axe.visit(f"{url}/games/{game.id}/cards", f"{game.name}'s card reference")
        axe.visit(f"{url}/", "the lobby of a person with a campaign")
        axe.visit(f"{url}{campaign}", "a campaign's page")
        stored = site.stored
        axe.visit(f"{url}{stored.page}?at=12", "a replay")
        axe.visit(f"{url}/r/{stored.code}/games", "a room's games")
        axe.visit(f"{url}/replays", "the replay import page")
        axe.visit(f"{url}/games/stellar/history", "a game's history")
        axe.visit(f"{url}/people/{stored.people[0]}", "a person's history")
        assert ann.errors == [] and ann.csp_violations() == []
    finally:
        axe.write()
        ann.close()
