"""A race's countdown shows the time left on the server's clock, whatever the page's own clock
says: the page learns the offset between them from the server's time in each message, keeping
the best sample (the one whose message came quickest)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.timeout(60)]

STATIC = Path(__file__).resolve().parents[2] / "static"
SITE = "http://clock.test"
SCRIPTS = ("vendor/htmx.min.js", "vendor/htmx-ext-ws.min.js", "app.js")


def _page(browser: Any) -> Any:
    context = browser.new_context()
    page = context.new_page()
    scripts = "".join(f'<script src="/static/{name}"></script>' for name in SCRIPTS)
    html = f"<!doctype html><html><head>{scripts}</head><body><div id='t'></div></body></html>"

    def files(route: Any) -> None:
        path = route.request.url.removeprefix(SITE)
        if path == "/":
            route.fulfill(body=html, content_type="text/html")
        else:
            name = path.removeprefix("/static/")
            route.fulfill(body=(STATIC / name).read_bytes(), content_type="text/javascript")

    page.route(f"{SITE}/**", files)
    page.goto(f"{SITE}/")
    return page


# Puts a countdown into the page as a message would (rendered `age` seconds ago on a server
# whose clock is `skew` seconds ahead of this page's, with `left` seconds to go), then tells
# app.js a message arrived.
_ARRIVE = """([skew, left, age]) => {
    const now = Date.now() / 1000 + skew - age;
    document.getElementById('t').innerHTML = '<span class="countdown" data-deadline-at="'
        + (now + left) + '" data-now="' + now + '">?</span>';
    document.dispatchEvent(new CustomEvent('htmx:wsAfterMessage'));
}"""
_SHOWN = "() => document.querySelector('#t .countdown').textContent"


@pytest.mark.parametrize("skew", [3600.0, -600.0, 0.0])
def test_the_countdown_is_the_servers_whatever_the_pages_clock(browser: Any, skew: float) -> None:
    page = _page(browser)
    try:
        page.evaluate(_ARRIVE, [skew, 20.0, 0.0])
        page.wait_for_function(f"() => ['20', '19'].includes(({_SHOWN})())")
    finally:
        page.context.close()


def test_a_slow_message_does_not_add_its_delay_to_the_time_left(browser: Any) -> None:
    page = _page(browser)
    try:
        page.evaluate(_ARRIVE, [100.0, 30.0, 0.0])  # a quick message teaches the offset
        page.evaluate(_ARRIVE, [100.0, 20.0, 4.0])  # drawn 4 s before it arrived: 16 s left
        page.wait_for_function(f"() => ['16', '15'].includes(({_SHOWN})())")
    finally:
        page.context.close()
