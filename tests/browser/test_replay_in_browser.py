"""A replay in a real browser: the arrow keys, Home and End, the step buttons, the slider, a
log line and Play move through the game, each moment fetched from the server, under the
strict CSP (the page's script is a file)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.games.registry import GAMES
from tests.browser.conftest import WATCH_SCRIPT
from tests.support.replays import StoredGame, stored_in_new_database
from tests.support.server import LiveServer

pytestmark = [pytest.mark.browser, pytest.mark.timeout(90)]


@pytest.fixture(scope="module")
def replayed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, StoredGame]]:
    folder: Path = tmp_path_factory.mktemp("replay")
    url, stored = stored_in_new_database(folder, GAMES["stellar"], 2, 3)
    server = LiveServer(url, folder).start()
    yield server.url, stored
    server.close()


def _at(page: Any) -> str:
    return page.locator("#replay-at").inner_text()


def _until_at(page: Any, move: int, moves: int) -> None:
    page.wait_for_function(
        "([n, total]) => document.getElementById('replay-at').textContent === "
        "'Move ' + n + ' of ' + total && new URL(location).searchParams.get('at') == n",
        arg=[move, moves],
        timeout=5000,
    )


def test_the_keys_buttons_slider_and_log_move_through_the_game(
    browser: Any, replayed: tuple[str, StoredGame]
) -> None:
    url, stored = replayed
    moves = len(stored.log)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(WATCH_SCRIPT)
    page = context.new_page()
    page.goto(f"{url}{stored.page}?at=10")
    assert _at(page) == f"Move 10 of {moves}"
    first = page.locator("#replay-table").inner_html()
    page.keyboard.press("ArrowRight")
    _until_at(page, 11, moves)
    assert page.locator("#replay-table").inner_html() != first
    page.keyboard.press("ArrowLeft")
    _until_at(page, 10, moves)
    assert page.locator("#replay-table").inner_html() == first  # the same moment again
    page.keyboard.press("End")
    _until_at(page, moves, moves)
    page.keyboard.press("Home")
    _until_at(page, 0, moves)
    page.click('[data-go="next"]')
    _until_at(page, 1, moves)
    page.click('[data-go="last"]')
    _until_at(page, moves, moves)
    page.locator("#replay-slider").fill("20")  # as a drag ends there
    _until_at(page, 20, moves)
    line = page.locator('#replay-log li[data-step="30"]').first
    line.click()
    _until_at(page, 30, moves)
    assert "now" in (line.get_attribute("class") or "")
    assert "later" in (
        page.locator('#replay-log li[data-step="31"]').first.get_attribute("class") or ""
    )
    page.click('[data-go="play"]')
    _until_at(page, 31, moves)
    page.click('[data-go="play"]')  # pauses
    page.wait_for_timeout(1200)
    assert _at(page) == f"Move 31 of {moves}"
    assert page.evaluate("window.__gn.csp") == []
    context.close()
