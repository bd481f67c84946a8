"""A person at their own browser, shared by the browser tests: a context of their own (so
their own cookies), one page, and what went wrong in it."""

from __future__ import annotations

import re
from typing import Any

from tests.browser.conftest import WATCH_SCRIPT

DESKTOP = {"width": 1280, "height": 900}
LAPTOP = {"width": 1600, "height": 1000}
PHONE = {"width": 390, "height": 844}
STEP_MS = 5_000  # the longest a single answer from the server may take

# True once the server answered: a message arrived after the click and nothing is locked.
ANSWERED = """(before) => window.__gn.messages > before
  && !document.querySelector('#actions .moves button[disabled]')"""


class Person:
    def __init__(self, browser: Any, name: str, viewport: dict[str, int] = DESKTOP) -> None:
        self.name = name
        self.context = browser.new_context(viewport=viewport)
        self.context.add_init_script(WATCH_SCRIPT)
        self.context.set_default_timeout(STEP_MS)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda error: self.errors.append(f"pageerror: {error}"))

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(f"console.error: {message.text} at {message.location}")

    def wait_connected(self) -> None:
        """Waits for htmx to open the room's WebSocket and the first parts to arrive."""
        self.page.wait_for_function("() => window.__gn.wsOpen > 0 && window.__gn.messages > 0")

    def messages(self) -> int:
        return self.page.evaluate("() => window.__gn.messages")

    def click_and_wait(self, locator: Any) -> None:
        """Clicks and waits until the server has answered (not a fixed time)."""
        before = self.messages()
        locator.click()
        self.page.wait_for_function(ANSWERED, arg=before)

    def csp_violations(self) -> list[str]:
        return self.page.evaluate("() => window.__gn.csp")

    def flashes(self) -> list[str]:
        return self.page.evaluate("() => window.__gn.flashes")

    def assert_nothing_went_wrong(self) -> None:
        assert self.errors == [], f"{self.name}'s page: {self.errors}"
        assert self.csp_violations() == [], f"{self.name}'s page broke the CSP"
        assert self.flashes() == [], f"{self.name}'s page was refused: {self.flashes()}"

    def close(self) -> None:
        self.context.close()


def open_room(host: Person, url: str, game: str, options: Any = None) -> str:
    """The host opens a room for `game` (its name in the lobby) from the lobby, setting the
    form's options (`{field: value}`, True ticks a checkbox); returns the invite link."""
    host.page.goto(f"{url}/")
    form = host.page.locator("form.game-card", has_text=game)
    for field, value in (options or {}).items():
        if value is True:
            form.locator(f"input[name={field}]").check()
        else:
            form.locator(f"input[name={field}]").fill(str(value))
    form.locator("input[name=name]").fill(host.name)
    form.get_by_role("button", name="Open a room").click()
    host.page.wait_for_url(re.compile(r"/r/[\w-]+$"))
    host.wait_connected()
    return host.page.locator("#invite-link").input_value()


def join_and_sit(guest: Person, invite: str) -> None:
    """A guest opens the invite link, joins with their name and takes the first free seat."""
    guest.page.goto(invite)
    guest.page.locator("form.join input[name=name]").fill(guest.name)
    with guest.page.expect_navigation():  # the form posts, then is sent back to the room
        guest.page.get_by_role("button", name="Join the room").click()
    assert guest.page.url == invite
    guest.wait_connected()
    sit = guest.page.locator("#controls button", has_text=re.compile(r"^Sit in seat \d$"))
    sit.first.click()
    guest.page.locator("#controls button", has_text="Leave my seat").wait_for()


def start_game(host: Person, guest: Person) -> None:
    """The host sees the guest seated and starts the game."""
    host.page.locator("#seats", has_text=guest.name).wait_for()
    host.page.locator("#start-game:not([disabled])", has_text="Start the game").click()
