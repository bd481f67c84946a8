"""A person starts a Stickers campaign from the lobby's room form, plays a whole game against
a greedy bot in a real browser, by clicking, then sticks their sticker onto a card of their
album at the sticker step; the sticker shows on that card, and on the campaign's page.

Nothing sleeps a fixed time after a click: each click waits for the server's answer.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tests.browser import people
from tests.browser.conftest import SHOTS
from tests.browser.people import LAPTOP, PHONE
from tests.support.server import LiveServer

pytestmark = [pytest.mark.browser, pytest.mark.timeout(150)]

GAME_BUDGET_S = 90.0  # a game is 30-60 clicks; each takes a few milliseconds
CAMPAIGN = "Friday club"

# The enabled moves, read in one round trip: single buttons (a one-of's options too) and the
# send buttons of the sets to build (a collection, the bonus's market cards); none while the
# box of moves (on the page between turns) holds no button.
_READ_MOVES = """() => {
  const moves = document.querySelector('#actions .moves');
  if (!moves || !moves.querySelector('button')) return null;
  const text = (b) => b.textContent.replace(/\\s+/g, ' ').trim();
  const markers = (box) => [...box.querySelectorAll('button')].map(
    (b) => b.querySelectorAll('.st-marker').length);
  return {
    buttons: [...moves.querySelectorAll('button:not(.build-step):not(.build-send)')].map(text),
    builds: [...moves.querySelectorAll('.build-send')].map(text),
    swaps: [...moves.querySelectorAll('.st-swaps')].map(markers),
    asks: [...moves.querySelectorAll('.st-asking')].map((box) => ({
      players: box.querySelectorAll('input[type=radio]').length, markers: markers(box)})),
  };
}"""

# The table's stamp (the seat's version) is noted before a click; answered once the server has
# sent a new one (an accepted move always moves the mover's stamp). The moves part is no
# longer replaced whole (only its changed elements are), so a mark on it would stay. Any
# message re-enables the buttons (static/app.js), so an unlocked button proves nothing: a
# bot's move may arrive between the click and its answer.
_MARK = "() => { window.__stampBefore = document.getElementById('stamp').value; }"
_ANSWERED = "() => document.getElementById('stamp').value !== window.__stampBefore"


class Player(people.Person):
    """A person playing Stickers with a simple policy: take the first market card, play the
    biggest collection, carry out what is offered, then end the turn."""

    def __init__(self, browser: Any, name: str) -> None:
        super().__init__(browser, name, LAPTOP)
        self.clicks = 0

    def click(self, locator: Any) -> None:
        self.page.evaluate(_MARK)
        locator.click()
        self.page.wait_for_function(_ANSWERED)
        self.clicks += 1

    def moves(self) -> Any:
        return self.page.locator("#actions .moves")

    def play_one(self, offered: dict[str, Any]) -> None:
        """Clicks one move of those offered (not a sticker: that is the test's own click)."""
        buttons: list[str] = offered["buttons"]
        button = self.moves().locator("button:not(.build-step):not(.build-send)")
        takes = [i for i, label in enumerate(buttons) if label.startswith("Take ")]
        plays = [i for i, label in enumerate(buttons) if label.startswith("Play ")]
        others = [i for i, label in enumerate(buttons) if label != "End my turn"]
        if takes:
            self.click(button.nth(takes[0]))
        elif "Play this collection" in offered["builds"]:
            self.build("Play this collection", biggest=True)
        elif plays:
            self.click(button.nth(plays[0]))
        elif "Take these" in offered["builds"] and self.build("Take these"):
            pass
        else:
            self.click(button.nth(others[0] if others else buttons.index("End my turn")))

    @staticmethod
    def check_labels(offered: dict[str, Any]) -> None:
        """A swap offers every pair of neighbouring markers, each button two copies of the
        board's markers; a Question mark every other player and the nine categories, each
        button a copy of its marker (made from the seat's templates by static/app.js)."""
        for swap in offered["swaps"]:
            assert swap == [2] * 14, swap
        for ask in offered["asks"]:
            assert ask == {"players": 1, "markers": [1] * 9}, ask

    def build(self, send: str, biggest: bool = False) -> bool:
        """Chooses a set's step (the one with the most cards when `biggest`), ticks cards
        while the page allows more, and sends it; False if the set could not be made."""
        build = self.moves().locator(".build", has=self.page.locator(".build-send", has_text=send))
        steps = build.locator(".build-step")
        if steps.count() > 1:
            sizes = [len((steps.nth(i).get_attribute("data-items") or "").split())
                     for i in range(steps.count())]  # fmt: skip
            steps.nth(sizes.index(max(sizes)) if biggest else 0).click()
        free = build.locator(".build-items input:not([disabled]):not(:checked)")
        while free.count():
            free.first.check()
        if build.locator(".build-send").is_disabled():
            return False
        self.click(build.locator(".build-send"))
        return True

    def play_to_the_sticker_step(self) -> None:
        deadline = time.monotonic() + GAME_BUDGET_S
        while not self.page.locator("#spaces h3", has_text="Your stickers").count():
            assert time.monotonic() < deadline, f"no sticker step after {self.clicks} clicks"
            offered = self.page.evaluate(_READ_MOVES)
            if offered is None:  # the bot's turn, or the final reveal waiting for the bot
                self.page.wait_for_timeout(20)
                continue
            self.check_labels(offered)
            self.play_one(offered)

    def shoot(self, name: str) -> None:
        """Saves the page at a laptop's and a phone's width; on the phone nothing is wider
        than the screen."""
        SHOTS.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(
            caret="initial", path=str(SHOTS / f"stickers_{name}_desktop.png"), full_page=True
        )
        self.page.set_viewport_size(PHONE)
        self.page.screenshot(
            caret="initial", path=str(SHOTS / f"stickers_{name}_phone.png"), full_page=True
        )
        width = self.page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"the {name} page is {width} px wide on a phone"
        self.page.set_viewport_size(LAPTOP)


def open_campaign_room(ann: Player, url: str) -> None:
    """Ann opens a room for a new Stickers campaign from the lobby's room form."""
    ann.page.goto(f"{url}/")
    form = ann.page.locator("form.game-card", has_text="Stickers")
    form.locator("select[name=campaign]").select_option("new")
    form.locator("input[name=campaign_name]").fill(CAMPAIGN)
    form.locator("input[name=name]").fill(ann.name)
    form.get_by_role("button", name="Open a room").click()
    ann.page.wait_for_url(re.compile(r"/r/[\w-]+$"))
    ann.wait_connected()
    ann.page.get_by_text(f"A game of the campaign {CAMPAIGN}").wait_for()


def test_a_campaign_game_ends_with_a_sticker_stuck_on_a_card_of_the_album(
    browser: Any, sqlite_server: LiveServer
) -> None:
    ann = Player(browser, "Ann")
    try:
        open_campaign_room(ann, sqlite_server.url)
        ann.page.locator("#controls button", has_text="add a bot (greedy)").first.click()
        ann.page.locator("#seats", has_text="bot: greedy").wait_for()
        ann.page.locator("#start-game:not([disabled])", has_text="Start the game").click()
        ann.page.locator("#board .st-marker").first.wait_for()
        ann.shoot("table")

        ann.play_to_the_sticker_step()
        page = ann.page
        page.locator("#status", has_text="Sticker step").wait_for()
        assert page.locator("#status .st-won", has_text=re.compile(r"^Winners?: \w")).count() == 1
        # the score table is on the page from the start, shown once its numbers are in
        assert page.locator("#scores", has_text="Final scores").is_visible()
        assert page.locator("#scores td span").first.inner_text().strip().isdigit()
        choice = page.locator("#actions .st-stick button").first
        choice.wait_for()
        sticker = page.locator("#spaces .st-sticker").first.inner_text().split()[0]
        card = choice.locator(".sk-card b").inner_text()  # the category's name
        ann.shoot("sticker_step")
        ann.click(choice)

        # The sticker is on Ann's card in the step's list, and Ann has none left to stick.
        mine = page.locator("#sticking .st-placed li", has_text="Ann")
        mine.locator(".sk-card", has_text=card).locator(".st-sticker", has_text=sticker).wait_for()
        page.locator("#sticking .st-sticking li", has_text="Ann").locator(".st-done").wait_for()
        page.locator("#scores", has_text="Final scores").wait_for()
        page.locator("#status", has_text="Game over").wait_for()
        page.wait_for_function("() => !document.querySelector('#actions .moves button')")
        assert not page.locator("#actions .moves").is_visible()  # an empty box is hidden
        ann.shoot("game_over")
        ann.assert_nothing_went_wrong()

        # The campaign's page shows the sticker on that card, and the game in its journal.
        with page.expect_navigation():
            page.get_by_role("link", name=CAMPAIGN).first.click()
        stickered = page.locator(".st-stickered tbody tr", has_text=card)
        stickered.locator(".st-sticker", has_text=sticker).first.wait_for()
        # One copy each in a first game of two: Ann's and the bot's, on cards of two albums.
        assert page.locator(".st-stickered tbody .st-sticker", has_text=sticker).count() == 2
        page.locator(".st-games tbody tr", has_text="Ann").wait_for()
        page.locator(".st-journal-space b").first.wait_for()  # the upgrade opened
        ann.shoot("campaign")
        assert ann.errors == [] and ann.csp_violations() == []
    finally:
        ann.close()
