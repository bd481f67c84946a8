"""The room's chat in a real browser: Enter sends and empties the box, the other person reads
the line as typed (markup shown as text, never run), a reaction is a click, and a refused
message comes back into the box with the reason, and the host mutes from the chat's settings,
without breaking the page's policy."""

from __future__ import annotations

from typing import Any

import pytest

from app.rooms.chat import BURST
from tests.browser import people
from tests.support.server import LiveServer

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

NASTY = '<img src=x onerror="window.__pwned=1"> "quoted" & done'


def _lines(person: people.Person) -> list[str]:
    return person.page.locator("#chat-log li .chat-text").all_inner_texts()


def test_people_chat_and_react_and_a_refused_message_is_not_lost(
    browser: Any, sqlite_server: LiveServer
) -> None:
    ann, bob = people.Person(browser, "Ann"), people.Person(browser, "Bob")
    try:
        invite = people.open_room(ann, sqlite_server.url, "4 Pints")
        people.join_and_sit(bob, invite)
        box = ann.page.locator("#chat-text")
        box.fill(NASTY)
        box.press("Enter")
        bob.page.locator("#chat-log li .chat-text").first.wait_for()
        assert _lines(bob) == [NASTY]
        assert box.input_value() == ""
        assert bob.page.evaluate("() => window.__pwned") is None
        assert ann.page.evaluate("() => window.__pwned") is None

        bob.page.get_by_role("button", name="Good game").click()
        ann.page.locator("#chat-log li.chat-reaction img.emoji").wait_for()
        label = ann.page.locator("#chat-log li.chat-reaction .chat-emoji")
        assert label.get_attribute("aria-label") == "Good game"

        for n in range(BURST - 1):  # the rest of Ann's burst
            box.fill(f"line {n}")
            box.press("Enter")
            bob.page.locator("#chat-log li .chat-text", has_text=f"line {n}").wait_for()
        box.fill("one too many")
        box.press("Enter")
        ann.page.locator("#flash.shown", has_text="you may write again in").wait_for()
        ann.page.wait_for_function(
            "() => document.getElementById('chat-text').value === 'one too many'"
        )
        assert "one too many" not in _lines(bob)

        # The host mutes Bob from the chat's settings, which stay open as the part comes back.
        ann.page.locator("#chat-who summary", has_text="Chat settings").click()
        ann.page.get_by_role("button", name="Mute Bob").click()
        ann.page.get_by_role("button", name="Unmute Bob").wait_for()
        assert ann.page.locator("#chat-who details").get_attribute("open") is not None
        bob.page.locator("#chat-say", has_text="The host has muted you").wait_for()
        assert bob.page.locator("#chat-text").count() == 0
        bob.page.locator("#chat-who", has_text="Muted by the host: Bob").wait_for()
        for person in (ann, bob):
            assert person.errors == [] and person.csp_violations() == []
    finally:
        ann.close()
        bob.close()
