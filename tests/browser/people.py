"""A person at their own browser, shared by the browser tests: a context of their own (so
their own cookies), one page, and what went wrong in it."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import WATCH_SCRIPT

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
STEP_MS = 5_000  # the longest a single answer from the server may take

# True once the server answered: a message arrived after the click and nothing is locked.
ANSWERED = """(before) => window.__gn.messages > before
  && !document.querySelector('#actions .moves button[disabled]')"""


class Person:
    def __init__(self, browser: Any, name: str) -> None:
        self.name = name
        self.context = browser.new_context(viewport=DESKTOP)
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
