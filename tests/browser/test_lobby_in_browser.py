"""The lobby, every game's rules page and the error page in a real browser on a phone: the
games' pictures load, nothing is wider than the screen, the strict policy is never violated."""

from __future__ import annotations

from typing import Any

import pytest

from app.games.registry import GAMES
from tests.browser.conftest import WATCH_SCRIPT
from tests.browser.people import PHONE
from tests.support.server import LiveServer

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]


def test_lobby_rules_and_error_pages_fit_a_phone_within_the_policy(
    sqlite_server: LiveServer, browser: Any
) -> None:
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True)
    context.add_init_script(WATCH_SCRIPT)
    page = context.new_page()
    try:
        paths = ["/", "/no/such/page", *(f"/games/{game}/rules" for game in GAMES)]
        for path in paths:
            page.goto(sqlite_server.url + path)
            page.wait_for_load_state("load")
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE["width"], (path, width)
            assert page.evaluate("window.__gn.csp") == [], path
        page.goto(sqlite_server.url + "/")
        pictures = page.evaluate(
            "[...document.querySelectorAll('.game-emblem img')].map(i => i.complete"
            " && i.naturalWidth > 0)"
        )
        assert pictures == [True] * len(GAMES)
    finally:
        context.close()
