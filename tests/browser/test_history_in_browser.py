"""History pages in a real browser on a phone: nothing wider than the screen, the charts
load as images, and the page's strict policy is never violated."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import WATCH_SCRIPT
from tests.browser.people import PHONE
from tests.history.games import Filled, served_history

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]


@pytest.fixture(scope="module")
def filled(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Filled]:
    with served_history(tmp_path_factory.mktemp("history")) as served:
        yield served


def test_history_pages_fit_a_phone_and_show_their_charts(filled: Filled, browser: Any) -> None:
    """(The database is filled before the browser starts its event loop.)"""
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True)
    context.add_init_script(WATCH_SCRIPT)
    page = context.new_page()
    try:
        for path in (f"/people/{filled.ann}", "/games/four-pints/history", "/"):
            page.goto(filled.url + path)
            page.wait_for_load_state("load")
            # Wide tables scroll inside their box; the page itself never scrolls sideways.
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE["width"], (path, width)
            assert page.evaluate("window.__gn.csp") == [], path
        page.goto(filled.url + f"/people/{filled.ann}")
        page.wait_for_function(
            "[...document.querySelectorAll('.charts img')].every(i => i.complete)"
        )
        charts = page.evaluate(
            "[...document.querySelectorAll('.charts img')].map(i => [i.naturalWidth,"
            " i.getBoundingClientRect().right])"
        )
        assert len(charts) == 2
        for natural, right in charts:
            assert natural > 0  # the SVG decoded as an image
            assert right <= PHONE["width"]
    finally:
        context.close()
