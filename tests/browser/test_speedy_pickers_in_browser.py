"""Two people play a turn of Speedy Pickers in real browsers, Ann at a laptop and Bob on a
phone: each sees their own scene whole without scrolling (the laptop's fits the window, the
phone's the screen's width, nothing wider than the screen), picks a tile and clicks where its
object is (or is not) in the scene; the other's table shows the claim at once, and when the
sand timer runs out the right mark is kept face up and the wrong one turned face down. The page
breaks no rule of the Content-Security-Policy.

Every wait is on a condition, each bounded: a loaded machine makes it slower, not wrong."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from app.games.speedy_pickers.objects import BY_KEY, NUMBERS
from tests.browser import people
from tests.browser.conftest import SHOTS
from tests.support.server import LiveServer
from tests.support.speedy import painted_scene, spots, state_of

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

SECONDS = 45  # the sand timer: room for a loaded machine to load and paint before the clicks
SCENE_MS = 60_000  # the longest the server may take to paint and send a scene
ANSWER_MS = 15_000  # the longest one answer may take on a loaded machine
SCENE = "#picture-scene .picture-image"

# The scene's box on the window, where the page is scrolled to, and the window's size.
_SCENE_BOX = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width,
          scrollY: window.scrollY, height: innerHeight, screen: innerWidth}; }"""

# What sticks out to the right of the screen, outside any frame that scrolls it inside itself.
_TOO_WIDE = """() => {
  const inScroller = (e) => { for (let p = e.parentElement; p; p = p.parentElement) {
    const o = getComputedStyle(p).overflowX; if (o !== 'visible' && p !== document.body
      && p !== document.documentElement) return true; } return false; };
  return [...document.querySelectorAll('body *')]
    .filter((e) => e.getBoundingClientRect().right > innerWidth + 0.5 && !inScroller(e))
    .map((e) => e.tagName + (e.id ? '#' + e.id : '') + '.' + e.className)
    .concat(document.documentElement.scrollWidth > innerWidth ? ['the page scrolls sideways'] : []);
}"""


@pytest.fixture
def database(tmp_path: Path) -> Path:
    return tmp_path / "gamenight.db"


@pytest.fixture
def speedy_server(database: Path, tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(f"sqlite+aiosqlite:///{database}", tmp_path).start()
    yield live
    live.close()


# How many category labels each tile on the page holds.
_LABELS = """() => [...document.querySelectorAll('#table .sp-tile')]
  .map((t) => t.querySelectorAll('small').length)"""


def wait_for_scene(person: people.Person) -> None:
    """Waits until the person's scene is loaded (painted by the server, then sent)."""
    person.page.wait_for_function(
        f"() => {{ const i = document.querySelector('{SCENE}');"
        " return i && i.complete && i.naturalWidth === 1600; }",
        timeout=SCENE_MS,
    )


def scene_box(person: people.Person) -> dict[str, float]:
    return person.page.evaluate(_SCENE_BOX, SCENE)


def assert_the_scene_fits_the_laptop(person: people.Person) -> None:
    """The whole scene is in the window as it stands (a page scrolled away, as clicking the
    start button did, was brought back to it) and with the page at its top: nobody scrolls
    to search."""
    for scrolled in (False, True):
        if scrolled:
            person.page.evaluate("() => window.scrollTo(0, 0)")
        box = scene_box(person)
        assert 0 <= box["top"] and box["bottom"] <= box["height"], box
        assert box["width"] >= 1000, box  # and large enough to read


def assert_the_scene_fits_the_phone(person: people.Person) -> None:
    """The scene spans the screen's width, and nothing on the page is wider than the screen."""
    box = scene_box(person)
    assert box["left"] == 0 and box["right"] == box["screen"] == people.PHONE["width"], box
    assert person.page.evaluate(_TOO_WIDE) == []


def click_in_scene(person: people.Person, tile: str, at: tuple[int, int]) -> None:
    """Picks a tile, then clicks the scene at a point of its own pixels."""
    page = person.page
    page.locator(f"""#steps-scene-{tile}""").click()
    image = page.locator(SCENE)
    image.scroll_into_view_if_needed()
    box = image.bounding_box()
    assert box is not None and box["width"] < 1600  # shown smaller than it is painted
    before = person.messages()
    page.mouse.click(box["x"] + (at[0] + 0.5) * box["width"] / 1600,
                     box["y"] + (at[1] + 0.5) * box["height"] / 1000)  # fmt: skip
    page.wait_for_function("(n) => window.__gn.messages > n", arg=before, timeout=ANSWER_MS)


def where_to_click(database: Path, code: str) -> tuple[str, str, tuple[int, int], tuple[int, int]]:
    """Returns the first two tiles, a point on the first in seat 0's scene and a point on
    nothing in seat 1's, painting both scenes as the server does."""
    state = state_of(database, code)
    first, second = state.centre[:2]
    return first, second, spots(painted_scene(state, 0))[first], spots(painted_scene(state, 1))[""]


def test_a_turn_is_played_by_clicking_in_the_scene(
    browser: Any, speedy_server: LiveServer, database: Path
) -> None:
    ann = people.Person(browser, "Ann", people.LAPTOP)
    bob = people.Person(browser, "Bob", people.PHONE)
    try:
        for person in (ann, bob):
            person.context.set_default_timeout(ANSWER_MS)
        invite = people.open_room(ann, speedy_server.url, "Speedy Pickers", {"seconds": SECONDS})
        people.join_and_sit(bob, invite)
        people.start_game(ann, bob)
        ann.page.locator("#picture-scene.picture").wait_for()  # the game is on, and stored
        with ThreadPoolExecutor(1) as thread:  # paints while the server paints and sends
            found: Future[Any] = thread.submit(where_to_click, database, invite.rsplit("/", 1)[1])
            for person in (ann, bob):
                wait_for_scene(person)
            first, second, ann_spot, nothing = found.result(timeout=SCENE_MS / 1000)
        # One column on the phone: the table, its scene on top; the seats wait in the room's
        # drawer (static/room_layout.js), not before the table.
        table = bob.page.locator("#table").bounding_box()
        assert table is not None and not bob.page.locator("#seats").is_visible()
        assert_the_scene_fits_the_laptop(ann)
        assert_the_scene_fits_the_phone(bob)
        assert ann.page.locator("#sand_timer .countdown").count() == 1  # still searching
        click_in_scene(ann, first, ann_spot)
        SHOTS.mkdir(exist_ok=True)
        ann.page.screenshot(caret="initial", path=str(SHOTS / "speedy_pickers_search.png"))
        bob.page.screenshot(
            caret="initial", path=str(SHOTS / "speedy_pickers_search_phone.png"), full_page=True
        )
        name = BY_KEY[first].name
        ann.page.locator("#players-0", has_text=name).wait_for()  # her mark, in her area
        ann.page.locator(
            "#actions button", has_text=f"Take back my magnifier from {name}"
        ).wait_for()
        bob.page.locator("#players-0", has_text=name).wait_for()  # Ann's claim, at once
        assert bob.page.locator(f"""#steps-scene-{first}""").count() == 0
        assert_the_scene_fits_the_laptop(ann)  # a mark and its take-back button moved nothing
        click_in_scene(bob, second, nothing)
        ann.page.locator("#players-1", has_text=BY_KEY[second].name).wait_for()
        # The sand timer runs out: right marks are kept, wrong ones turned face down.
        ann.page.locator("#players-0", has_text="Kept:").wait_for(timeout=(SECONDS + 30) * 1000)
        assert name in ann.page.locator("#players-0").inner_text()
        bob.page.locator("#players-1", has_text="Face down:").wait_for()
        # The marks were moved by the page (app/web/patches.py), not sent again: each is in
        # its new zone once, and no placeholder is left.
        for person, seat, tile, zone in ((ann, 0, first, "kept"), (bob, 1, second, "down")):
            moved = person.page.locator(f"#players-{seat}-t{NUMBERS[tile]}")
            assert moved.count() == 1
            assert moved.evaluate("(e) => e.parentElement.id") == f"players-{seat}-{zone}"
            assert person.page.locator("i[data-moved]").count() == 0
            # Every tile carries its category's words once (sent once by the table, copied
            # in by static/app.js), a moved one too.
            assert moved.locator("small").count() == 1
            labels = person.page.evaluate(_LABELS)
            assert labels and all(count == 1 for count in labels), labels
        for person in (ann, bob):
            person.assert_nothing_went_wrong()
    finally:
        ann.close()
        bob.close()
