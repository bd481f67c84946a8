"""Two people play a turn of Speedy Pickers in real browsers: each sees their own scene, picks
a tile and clicks where its object is (or is not) in the scene; the other's table shows the
claim at once, and when the sand timer runs out the right mark is kept face up and the wrong
one turned face down. The page breaks no rule of the Content-Security-Policy."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.games.speedy_pickers.objects import BY_KEY
from tests.browser import people
from tests.support.server import LiveServer
from tests.support.speedy import painted_scene, spots, state_of

pytestmark = [pytest.mark.browser, pytest.mark.timeout(150)]

SHOTS = Path("/tmp/gn_shots")  # for a person to look at; not part of the repository


@pytest.fixture
def database(tmp_path: Path) -> Path:
    return tmp_path / "gamenight.db"


@pytest.fixture
def speedy_server(database: Path, tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(f"sqlite+aiosqlite:///{database}", tmp_path).start()
    yield live
    live.close()


def click_in_scene(person: people.Person, tile: str, at: tuple[int, int]) -> None:
    """Picks a tile, then clicks the scene at a point of its own pixels."""
    page = person.page
    page.locator(f""".point-step[data-base*='"tile": "{tile}"']""").click()
    image = page.locator("#picture-scene .picture-image")
    image.scroll_into_view_if_needed()
    box = image.bounding_box()
    assert box is not None and box["width"] < 1600  # shown smaller than it is painted
    before = person.messages()
    page.mouse.click(box["x"] + (at[0] + 0.5) * box["width"] / 1600,
                     box["y"] + (at[1] + 0.5) * box["height"] / 1000)  # fmt: skip
    page.wait_for_function("(n) => window.__gn.messages > n", arg=before)


def table_comes_first_on_a_phone(person: people.Person) -> None:
    """In one column the game's table is above the seats: a searcher need not scroll to it."""
    person.page.set_viewport_size(people.PHONE)
    table = person.page.locator("#table").bounding_box()
    seats = person.page.locator("#seats").bounding_box()
    assert table is not None and seats is not None and table["y"] < seats["y"]
    person.page.set_viewport_size(people.DESKTOP)


def test_a_turn_is_played_by_clicking_in_the_scene(
    browser: Any, speedy_server: LiveServer, database: Path
) -> None:
    ann, bob = people.Person(browser, "Ann"), people.Person(browser, "Bob")
    try:
        invite = people.open_room(ann, speedy_server.url, "Speedy Pickers", {"seconds": 30})
        people.join_and_sit(bob, invite)
        people.start_game(ann, bob)
        for person in (ann, bob):
            person.page.wait_for_function(
                "() => { const i = document.querySelector('#picture-scene .picture-image');"
                " return i && i.complete && i.naturalWidth === 1600; }"
            )
        table_comes_first_on_a_phone(bob)
        state = state_of(database, invite.rsplit("/", 1)[1])
        first, second = state.centre[:2]
        ann_spot = spots(painted_scene(state, 0))[first]
        nothing = spots(painted_scene(state, 1))[""]
        click_in_scene(ann, first, ann_spot)
        SHOTS.mkdir(exist_ok=True)
        ann.page.screenshot(path=str(SHOTS / "speedy_pickers_search.png"), full_page=True)
        name = BY_KEY[first].name
        ann.page.locator("#me", has_text=name).wait_for()
        bob.page.locator("#players-0", has_text=name).wait_for()  # Ann's claim, at once
        assert bob.page.locator(f""".point-step[data-base*='"tile": "{first}"']""").count() == 0
        click_in_scene(bob, second, nothing)
        ann.page.locator("#players-1", has_text=BY_KEY[second].name).wait_for()
        # The sand timer runs out: right marks are kept, wrong ones turned face down.
        ann.page.locator("#players-0", has_text="Kept:").wait_for(timeout=60_000)
        assert name in ann.page.locator("#players-0").inner_text()
        bob.page.locator("#players-1", has_text="Face down:").wait_for(timeout=10_000)
        for person in (ann, bob):
            person.assert_nothing_went_wrong()
    finally:
        ann.close()
        bob.close()
