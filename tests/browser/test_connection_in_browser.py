"""The page tells the truth about its connection, in a real browser.

When the socket drops the table says so at once and its controls are disabled; a click made
meanwhile is never sent, not even when the socket opens again (htmx-ext-ws would queue it
and replay it); the reconnected page shows the current table and the player decides again.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tests.browser import people
from tests.browser.conftest import SHOTS
from tests.support.server import LiveServer

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

MOVES = "#actions .moves button"

# What the page shows of where the game is: log lines, the version its moves were offered at,
# and how many messages it sent (a replayed click would be one more).
_READ = """() => {
  const button = document.querySelector('#actions .moves button');
  return {
    log: document.querySelectorAll('#log li').length,
    version: button ? document.getElementById('stamp').value : null,
    sends: window.__gn.sends,
    offline: document.getElementById('room').classList.contains('offline'),
  };
}"""

# Every control the room holds, and whether any of them can still be pressed.
# A form cannot be disabled: what counts is its fields and buttons (the chat's).
_ENABLED_CONTROLS = """() => [...document.querySelectorAll(
  '#room [ws-send]:not(form), #room form[ws-send] button, #room form[ws-send] input, '
  + '#room form[ws-send] textarea, #table button, #table input, #table select, #table textarea')]
  .filter(el => !el.disabled).map(el => el.outerHTML)"""


def _mover(ann: people.Person, bob: people.Person) -> tuple[people.Person, people.Person]:
    """Returns (the person whose page offers moves, the other) once the game is on both pages.

    A page gets its status and its moves in one message, so once both show the status the
    mover's page has its buttons.
    """
    for person in (ann, bob):
        person.page.locator("#status").wait_for()
    return (ann, bob) if ann.page.locator(MOVES).count() else (bob, ann)


def _press_anyway(person: people.Person) -> None:
    """Presses the first move as a control that escaped the disabling would be pressed."""
    person.page.locator(MOVES).first.evaluate("b => { b.disabled = false; b.click(); }")


def _read(person: people.Person) -> dict[str, Any]:
    return person.page.evaluate(_READ)


def _assert_nothing_but_the_drop_went_wrong(person: people.Person) -> None:
    """As `assert_nothing_went_wrong`, allowing the errors a lost socket logs."""
    dropped = re.compile(r"WebSocket|wsError|wsClose|htmx:error")
    errors = [e for e in person.errors if not dropped.search(e)]
    assert errors == [], f"{person.name}'s page: {errors}"
    assert person.csp_violations() == [], f"{person.name}'s page broke the CSP"
    assert person.flashes() == [], f"{person.name}'s page was refused: {person.flashes()}"


@pytest.mark.parametrize("ending", ["killed", "stopped"])
def test_a_dropped_connection_pauses_the_table_and_replays_no_click(
    browser: Any, sqlite_server: LiveServer, ending: str
) -> None:
    ann, bob = people.Person(browser, "Ann"), people.Person(browser, "Bob")
    try:
        invite = people.open_room(ann, sqlite_server.url, "4 Pints")
        people.join_and_sit(bob, invite)
        people.start_game(ann, bob)
        mover, other = _mover(ann, bob)
        mover.page.wait_for_function(
            "() => [...document.querySelectorAll('#actions .moves button')].every(b => !b.disabled)"
        )
        before = _read(mover)
        other_log = _read(other)["log"]
        assert before["version"] is not None and not before["offline"]

        # The server goes away: killed (the kernel closes its sockets) or stopped cleanly.
        sqlite_server.kill() if ending == "killed" else sqlite_server.stop()
        for person in (mover, other):
            person.page.locator("#connection .connection-lost").wait_for(state="visible")
            assert person.page.evaluate(_ENABLED_CONTROLS) == []
        assert "Reconnecting" in mover.page.locator("#connection").inner_text()
        SHOTS.mkdir(parents=True, exist_ok=True)
        mover.page.screenshot(
            caret="initial", path=str(SHOTS / f"connection_lost_{ending}.png"), full_page=True
        )

        # A click now does nothing: the button is disabled, and a control that escaped the
        # disabling sends nothing either (nor is it queued for later).
        mover.page.locator(MOVES).first.click(force=True)
        _press_anyway(mover)
        assert _read(mover)["sends"] == before["sends"]

        # The server comes back on the same database; the pages reconnect by themselves.
        sqlite_server.start()
        for person in (mover, other):
            person.page.locator("#connection").wait_for(state="hidden")
        mover.page.wait_for_function(
            "() => [...document.querySelectorAll('#actions .moves button')].every(b => !b.disabled)"
            " && document.querySelectorAll('#actions .moves button').length > 0"
        )
        after = _read(mover)
        # The click made while disconnected was never applied: same version, same log.
        assert after == {**before, "offline": False}
        assert _read(other)["log"] == other_log
        assert mover.page.evaluate("() => window.__gn.wsOpen") >= 2  # it did reconnect

        # The player decides again, and the move now goes through.
        mover.click_and_wait(mover.page.locator(MOVES).first)
        mover.page.wait_for_function(
            "(n) => document.querySelectorAll('#log li').length > n", arg=before["log"]
        )
        other.page.wait_for_function(
            "(n) => document.querySelectorAll('#log li').length > n", arg=other_log
        )
        for person in (mover, other):
            _assert_nothing_but_the_drop_went_wrong(person)
    finally:
        ann.close()
        bob.close()


class Relay:
    """Stands between a page and the server, as a slow network would: while `frozen`, the
    page hears nothing; `let_go` closes the page's socket as the server closes a slow tab."""

    def __init__(self, person: people.Person) -> None:
        self.frozen = False
        self.refuse = 0  # how many of the next attempts to connect fail (closed with 1011)
        self.attempts: list[float] = []  # when each attempt to connect arrived
        self.sockets: list[tuple[Any, Any]] = []
        person.page.route_web_socket(re.compile(r"/ws/r/"), self._route)

    def _route(self, page_side: Any) -> None:
        self.attempts.append(time.monotonic())
        if self.refuse > 0:
            self.refuse -= 1
            page_side.close(code=1011, reason="unavailable")
            return
        server_side = page_side.connect_to_server()
        server_side.on_message(lambda message: None if self.frozen else page_side.send(message))
        self.sockets.append((page_side, server_side))

    def let_go(self, code: int) -> None:
        page_side, server_side = self.sockets[-1]
        self.frozen = False
        server_side.close()
        page_side.close(code=code, reason="let go")


# 1013: what the server sends a tab too far behind; 1001: a proxy going away, which the ws
# extension alone would not retry.
@pytest.mark.parametrize("code", [1013, 1001])
def test_a_tab_let_go_for_falling_behind_reconnects_to_the_whole_current_table(
    browser: Any, sqlite_server: LiveServer, code: int
) -> None:
    """A page behind whose socket is closed reconnects and shows the current table."""
    ann, bob = people.Person(browser, "Ann"), people.Person(browser, "Bob")
    relays = {ann.name: Relay(ann), bob.name: Relay(bob)}
    try:
        invite = people.open_room(ann, sqlite_server.url, "4 Pints")
        people.join_and_sit(bob, invite)
        people.start_game(ann, bob)
        mover, behind = _mover(ann, bob)
        relays[behind.name].frozen = True  # this page stops hearing the server
        for _ in range(3):
            moves = mover.page.locator(MOVES)
            if not moves.count():
                break
            mover.click_and_wait(moves.first)
        current = mover.page.locator("#log li").all_inner_texts()
        assert behind.page.locator("#log li").count() < len(current)  # it is behind

        relays[behind.name].let_go(code)
        behind.page.wait_for_function("() => window.__gn.wsOpen >= 2")
        behind.page.wait_for_function(
            "(n) => document.querySelectorAll('#log li').length >= n", arg=len(current)
        )
        behind.page.locator("#connection").wait_for(state="hidden")
        now = mover.page.locator("#log li").all_inner_texts()
        assert behind.page.locator("#log li").all_inner_texts() == now
        # "status" says "Your turn" to the mover only, by design; the rest is the same for both.
        for part in ("#bar", "#purchase", "#players-0", "#players-1", "#scores"):
            assert behind.page.locator(part).inner_html() == mover.page.locator(part).inner_html()
    finally:
        ann.close()
        bob.close()


def test_a_page_keeps_reconnecting_with_growing_capped_delays(
    browser: Any, sqlite_server: LiveServer
) -> None:
    ann = people.Person(browser, "Ann")
    relay = Relay(ann)
    try:
        people.open_room(ann, sqlite_server.url, "4 Pints")
        delays = ann.page.evaluate(
            "() => [0, 1, 2, 3, 4, 10, 50, 1000].map(n => htmx.config.wsReconnectDelay(n))"
        )
        assert 500 <= delays[0] <= 1000  # the first retry within a second
        assert all(0 < d <= 10_000 for d in delays)  # never longer than 10 s, however long
        assert min(delays[4:]) >= 5_000  # at the cap it still waits: no storm of retries

        relay.refuse = 2  # the server is away for two attempts, then back
        dropped = time.monotonic()
        relay.let_go(1012)
        ann.page.wait_for_function("() => window.__gn.wsOpen >= 2", timeout=30_000)
        ann.page.locator("#connection").wait_for(state="hidden")
        times = [dropped, *relay.attempts[1:]]
        gaps = [later - earlier for earlier, later in zip(times, times[1:], strict=False)]
        assert len(gaps) == 3, gaps
        # Ceilings of 1 s, 2 s, 4 s with half of each random: each wait is longer than the last.
        assert gaps[0] >= 0.45 and gaps[1] >= 0.95 and gaps[2] >= 1.95, gaps
    finally:
        ann.close()


def test_a_page_refused_for_good_says_to_reload_instead_of_reconnecting(
    browser: Any, sqlite_server: LiveServer
) -> None:
    ann = people.Person(browser, "Ann")
    relay = Relay(ann)
    try:
        people.open_room(ann, sqlite_server.url, "4 Pints")
        relay.let_go(4404)  # what the server answers for a room that does not exist
        refused = ann.page.locator("#connection .connection-refused")
        refused.wait_for(state="visible")
        assert "Reload the page" in refused.inner_text()
        assert not ann.page.locator("#connection .connection-lost").is_visible()
        assert ann.page.evaluate(_ENABLED_CONTROLS) == []
    finally:
        ann.close()
