"""Two people play For20 Cards in a real browser until a move opens a reaction window: both
pages show it with a running countdown, the answerer lets it go, and the move resolves. A
smoke is built on the table: a tool, then materials within its range, then "Smoke these"; an
action card's target is a short button under the card's heading."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser import people
from tests.browser.conftest import SHOTS
from tests.support.server import LiveServer
from tests.support.tabs import fewest

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

MAX_CLICKS = 60

# The mover's preference: a built smoke first; once one is built, a move that opens a window,
# then coins, then the end of the turn (before, the end: only a smoke opens the window).
_PREFERENCE = ("Play ", "Turn ", "End my turn")

# The buttons that are whole moves (a builder's steps and send button are not).
_BUTTONS = """() => [...document.querySelectorAll("#actions .moves button")]
    .filter(b => !b.closest(".build")).map(b => b.textContent.trim())"""

# A smoke builder's steps: each tool's items (a step that lists none allows every one, as
# static/moves.js), count and points range; each item's points (its checkbox, which
# static/moves.js makes from the builder's data, labelled by a copy of the card's face).
_STEPS = """() => {
    const build = document.querySelector('#actions .build[data-field="materials"]');
    if (!build) return null;
    const points = {};
    build.querySelectorAll(".build-items input").forEach(b => points[b.value] = +b.dataset.points);
    const every = Object.keys(points).map(Number);
    return {points, steps: [...build.querySelectorAll(".build-step")].map(s => ({
        items: s.dataset.items === undefined ? every : s.dataset.items.split(" ").map(Number),
        count: s.dataset.count.split(" ").map(Number),
        total: s.dataset.total.split(" ").map(Number)}))};
}"""


class Person(people.Person):
    def labels(self) -> list[str]:
        return list(self.page.evaluate(_BUTTONS))

    def build_smoke(self) -> bool:
        """Builds a smoke if a tool allows one: picks the tool, ticks materials (the running
        total shows), and sends it with "Smoke these"; returns whether it did."""
        found = self.page.evaluate(_STEPS)
        if not found:
            return False
        points = {int(value): pts for value, pts in found["points"].items()}
        build = self.page.locator('#actions .build[data-field="materials"]')
        for index, step in enumerate(found["steps"]):
            chosen = fewest(step["items"], points, step["count"], step["total"])
            if chosen is None:
                continue
            if len(found["steps"]) > 1:
                build.locator(".build-step").nth(index).click()
            send = build.locator(".build-send")
            for value in chosen:
                assert send.is_disabled()  # not a smoke the tool allows yet
                # each checkbox is labelled by the card's face, as the reserve shows it
                box = build.locator(f'.build-items input[value="{value}"]')
                face = self.page.locator(f"#players-{self.seat()}-r{value}")  # own reserve
                label = re.sub(r"\s+", " ", face.text_content() or "").strip()
                assert label and box.get_attribute("aria-label") is None
                assert self.page.get_by_role("checkbox", name=label).count() >= 1
                box.check()
            total = sum(points[value] for value in chosen)
            assert build.locator(".build-total").inner_text() == str(total)
            self.click_and_wait(send)
            return True
        return False

    def seat(self) -> int:
        """Returns the viewer's seat (data-you on the table, which marks their own zones)."""
        return int(self.page.locator("[data-you]").first.get_attribute("data-you") or "-1")

    def click(self, label: str) -> None:
        button = self.page.locator("#actions .moves button", has_text=label).first
        if not button.is_visible():  # a long list of ways sits in a closed <details>
            button.locator("xpath=ancestor::details").first.locator("summary").click()
        self.click_and_wait(button)


def test_a_reaction_window_opens_counts_down_and_closes(
    browser: Any, sqlite_server: LiveServer
) -> None:
    url = sqlite_server.url
    ann, bob = Person(browser, "Ann"), Person(browser, "Bob")
    try:
        options = {"starting_materials": True, "window_seconds": 20}
        invite = people.open_room(ann, url, "For20 Cards", options)
        people.join_and_sit(bob, invite)
        people.start_game(ann, bob)
        for person in (ann, bob):
            person.page.locator("#status", has_text="Round 1").wait_for()

        # Whoever's turn it is prefers a move that can be answered, until a window opens.
        window = None
        smoked = False
        for _click in range(MAX_CLICKS):
            ann.page.wait_for_timeout(50)
            if ann.page.locator("#window .f20-window").count():
                window = ann.page.locator("#window .f20-window")
                break
            mover = next((p for p in (ann, bob) if p.labels()), None)
            if mover is None:
                continue
            if mover.build_smoke():
                smoked = True
                continue
            targets = mover.page.locator("#actions-play .one-of button")
            if smoked and targets.count():  # an action card's target: htmx adds the card
                mover.click_and_wait(targets.first)
                continue
            labels = mover.labels()
            turns = mover.page.locator("#actions-coins-turn button")
            if smoked and not any(pick.startswith("Play ") for pick in labels) and turns.count():
                # a material to turn for coins: its button shows the reserve card's face
                # (the list's heading says which page elements label it: data-lists' ref)
                lists = turns.first.locator("xpath=ancestor::*[@data-lists][1]")
                ref = json.loads(lists.get_attribute("data-lists") or "{}")["ref"]
                value = mover.page.evaluate(
                    "b => JSON.parse(b.getAttribute('hx-vals')).card", turns.first.element_handle()
                )
                face = mover.page.locator(f"#{ref}{value}").text_content() or ""
                assert turns.first.text_content() == face
                mover.click_and_wait(turns.first)
                continue
            label = next(
                (
                    pick
                    for wanted in (_PREFERENCE if smoked else ("End my turn",))
                    for pick in labels
                    if pick.startswith(wanted)
                ),
                labels[0],
            )
            mover.click(label)
        assert window is not None, "no move opened a reaction window"
        assert smoked, "the window opened without a built smoke"

        # Both pages show the window with a running countdown. It stays open until the
        # answerer chooses or its 20 s are up, whatever the answerer holds; the checks below
        # are quick all the same, and a window gone early is a valid ending.
        # (the open window's heading is marked; its stack is beside it, in the box)
        declarer = ann if "Ann" in ann.page.locator("#window li").first.inner_text() else bob
        answerer = bob if declarer is ann else ann
        for person in (ann, bob):
            person.page.locator("#window .countdown[data-deadline]").wait_for()
        assert declarer.labels() == []  # the declarer waits; it cannot pass its own move
        start = int(ann.page.locator("#window .countdown").text_content() or "0")
        # The countdown runs: within a few seconds it shows less (or the window closed). A
        # fixed wait was flaky: a page's timers may be throttled to whole seconds.
        ann.page.wait_for_function(
            """start => {
                const el = document.querySelector("#window .countdown");
                return !el || parseInt(el.textContent, 10) < start;
            }""",
            arg=start,
            timeout=5000,
        )
        if ann.page.locator("#window .countdown").count():
            SHOTS.mkdir(parents=True, exist_ok=True)
            answerer.page.screenshot(
                caret="initial", path=str(SHOTS / "for20_window.png"), full_page=True
            )
        if "Let it go" in answerer.labels():
            try:
                answerer.click("Let it go")
            except PlaywrightTimeout:  # the clock closed the window first: also fine
                assert not answerer.page.locator("#window .f20-window").count()
        for person in (ann, bob):
            person.page.locator("#window .f20-window").wait_for(state="detached")
        assert any(
            re.match(r"^OP \d\d", line) for line in ann.page.locator("#log li").all_inner_texts()
        )

        for person in (ann, bob):
            person.assert_nothing_went_wrong()
    finally:
        ann.close()
        bob.close()
