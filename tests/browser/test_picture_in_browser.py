"""A player's own picture on a phone: choose a tile, zoom in, pan, pinch-zoom the page, tap
the picture, and the server receives the point in the picture's own pixels, where the finger
was (the toy race of tests/support/toys.py, which logs to the clicker where they marked). A
seat the game asks not to zoom gets no zoom buttons and a frame that refuses pinching, and
its smaller picture's pixels."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from app.identity import COOKIE
from tests.browser.conftest import WATCH_SCRIPT
from tests.browser.people import PHONE
from tests.support.server import LiveServer
from tests.support.tabs import Tab, join
from tests.support.toys import HEIGHT, WIDTH, order

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

FACTORY = "tests.support.toys:create_toy_app"


@pytest.fixture(scope="module")
def sky_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("sky")
    url = f"sqlite+aiosqlite:///{folder / 'gamenight.db'}"
    live = LiveServer(url, folder, factory=FACTORY).start()
    yield live
    live.close()


def started(server: LiveServer, standing: int = -1) -> tuple[str, str]:
    """Opens a Sky room for Ann, seats Bob (by a socket of his own) and starts it; returns
    (the room's code, Ann's cookie)."""
    options = {"seconds": "300", "standing": str(standing)}
    code, ann = join(server.url, "Ann", game="sky", options=options)
    _code, bob = join(server.url, "Bob", code)

    async def seat_and_start() -> None:
        bob_tab = await Tab.open(server.url, code, bob)
        await bob_tab.until(lambda t: {"cmd": "sit", "seat": 1} in t.commands())
        await bob_tab.send({"cmd": "sit", "seat": 1})
        ann_tab = await Tab.open(server.url, code, ann)
        await ann_tab.until(lambda t: any(c.get("cmd") == "start" for c in t.commands()))
        await ann_tab.send({"cmd": "start"})
        await ann_tab.until(lambda t: "picture-sky" in t.parts)
        await ann_tab.close()
        await bob_tab.close()

    with ThreadPoolExecutor(1) as thread:  # Playwright's own loop runs in this one
        thread.submit(asyncio.run, seat_and_start()).result()
    return code, ann


def phone(browser: Any, server: LiveServer, cookie: str) -> Any:
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=3, is_mobile=True, has_touch=True
    )
    context.add_init_script(WATCH_SCRIPT)
    context.set_default_timeout(5_000)
    host = server.url.removeprefix("http://").split(":")[0]
    context.add_cookies([{"name": COOKIE, "value": cookie, "domain": host, "path": "/"}])
    return context


def open_picture(context: Any, server: LiveServer, code: str) -> Any:
    page = context.new_page()
    page.goto(f"{server.url}/r/{code}")
    page.wait_for_function(
        "() => { const i = document.querySelector('#picture-sky .picture-image');"
        " return i && i.complete && i.naturalWidth > 0; }"
    )
    return page


def marked(page: Any, tile: str) -> tuple[int, int]:
    """Waits for the log line telling the clicker where they marked a tile; returns it."""
    line = page.locator("#log li", has_text=f"marked the {tile} at")
    line.wait_for()
    found = re.search(r"at (\d+) (\d+)", line.inner_text())
    assert found is not None
    return int(found.group(1)), int(found.group(2))


def layout_point(page: Any, x: float, y: float) -> tuple[float, float]:
    """Returns where a point of the picture (its own pixels) is on the page, in CSS pixels,
    scrolling the page to it first (as a finger would)."""
    page.evaluate(
        "([x, y]) => { const i = document.querySelector('#picture-sky .picture-image');"
        " const r = i.getBoundingClientRect(); const h = Number(i.getAttribute('height'));"
        " window.scrollBy(0, r.top + y * r.height / h - innerHeight / 2); }",
        [x, y],
    )
    box = page.evaluate(
        "() => { const r = document.querySelector('#picture-sky .picture-image')"
        ".getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; }"
    )
    size = page.evaluate(
        "() => { const i = document.querySelector('#picture-sky .picture-image');"
        " return [i.getAttribute('width'), i.getAttribute('height')]; }"
    )
    width, height = (int(v) for v in size)
    return box[0] + x * box[2] / width, box[1] + y * box[3] / height


def target(seat: int, tile: str, width: int = WIDTH, height: int = HEIGHT) -> tuple[int, int]:
    """Returns a point inside a tile's object (off its centre) in a seat's round-1 picture."""
    band = width // 3
    return order(0, seat).index(tile) * band + band // 3, height // 2 + height // 10


def test_a_tap_on_a_zoomed_and_panned_picture_lands_where_the_finger_was(
    browser: Any, sky_server: LiveServer
) -> None:
    code, ann = started(sky_server)
    context = phone(browser, sky_server, ann)
    try:
        page = open_picture(context, sky_server, code)
        page.locator(".point-steps > button", has_text="moon").tap()
        for _step in range(2):
            page.locator(".picture-zoom button[data-zoom='1']").tap()  # 1.5×, then 2×
        frame = page.locator("#picture-sky .picture-frame")
        assert page.evaluate("() => document.querySelector('.picture-image').offsetWidth") > 600
        x, y = target(0, "moon")
        # Pan the frame so the moon is in view, as a finger would.
        page.evaluate(
            "([x, y]) => { const f = document.querySelector('#picture-sky .picture-frame');"
            " const i = f.querySelector('img'); f.scrollLeft = x * i.offsetWidth / 300 - 100;"
            " f.scrollTop = y * i.offsetHeight / 200 - 100; }",
            [x, y],
        )
        assert frame.evaluate("f => f.scrollLeft") > 0
        at = layout_point(page, x + 0.3, y + 0.3)
        page.touchscreen.tap(at[0], at[1])
        assert marked(page, "moon") == (x, y)
        assert page.evaluate("() => window.__gn.csp") == []
    finally:
        context.close()


# Where a point of the picture is on the page, and the visual viewport (what the screen shows).
_ON_SCREEN = """([x, y]) => {
    const i = document.querySelector('#picture-sky .picture-image');
    const r = i.getBoundingClientRect(), v = visualViewport;
    return [r.left + x * r.width / 300, r.top + y * r.height / 200,
            v.offsetLeft, v.offsetTop, v.width, v.height]; }"""


def test_a_tap_after_pinching_the_page_lands_where_the_finger_was(
    browser: Any, sky_server: LiveServer
) -> None:
    code, ann = started(sky_server)
    context = phone(browser, sky_server, ann)
    try:
        page = open_picture(context, sky_server, code)
        tile = order(0, 0)[1]  # the middle object: brought to the screen's centre below
        page.locator(".point-steps > button", has_text=tile).tap()
        x, y = target(0, tile)
        layout_point(page, x, y)  # the page scrolled to it
        cdp = context.new_cdp_session(page)
        # As a pinch does: the page's scale, not its layout (visualViewport.scale).
        cdp.send("Emulation.setPageScaleFactor", {"pageScaleFactor": 2.5})
        page.wait_for_function("() => window.visualViewport.scale > 2")
        # Pan: the picture's centre to the screen's.
        page.evaluate(
            "() => document.querySelector('#picture-sky .picture-image')"
            ".scrollIntoView({block: 'center', inline: 'center'})"
        )
        page.wait_for_timeout(100)
        at = page.evaluate(_ON_SCREEN, [x + 0.3, y + 0.3])
        left, top = at[0] - at[2], at[1] - at[3]
        assert 0 <= left < at[4] and 0 <= top < at[5], at  # on the screen
        # CDP's touch points are CSS pixels of the visual viewport: the screen, unscaled.
        page.touchscreen.tap(left, top)
        assert marked(page, tile) == (x, y)
    finally:
        context.close()


def test_a_seat_asked_not_to_zoom_gets_a_small_picture_and_no_zoom(
    browser: Any, sky_server: LiveServer
) -> None:
    code, ann = started(sky_server, standing=0)
    context = phone(browser, sky_server, ann)
    try:
        page = open_picture(context, sky_server, code)
        picture = page.locator("#picture-sky")
        assert "no-zoom" in (picture.get_attribute("class") or "")
        assert page.locator(".picture-zoom").count() == 0
        frame = page.locator("#picture-sky .picture-frame")
        assert frame.evaluate("f => getComputedStyle(f).touchAction") == "pan-x pan-y"
        natural = page.evaluate("() => document.querySelector('.picture-image').naturalWidth")
        shown = page.evaluate("() => document.querySelector('.picture-image').offsetWidth")
        assert natural == WIDTH // 2 and shown > natural  # painted small, shown full width
        page.locator(".point-steps > button", has_text="sun").tap()
        x, y = target(0, "sun", WIDTH // 2, HEIGHT // 2)
        at = layout_point(page, x + 0.3, y + 0.3)
        page.touchscreen.tap(at[0], at[1])
        assert marked(page, "sun") == (x, y)
    finally:
        context.close()


def test_a_click_without_a_chosen_tile_asks_for_one_and_sends_nothing(
    browser: Any, sky_server: LiveServer
) -> None:
    code, ann = started(sky_server)
    context = phone(browser, sky_server, ann)
    try:
        page = open_picture(context, sky_server, code)
        at = layout_point(page, *target(0, "sun"))
        page.touchscreen.tap(at[0], at[1])
        page.locator(".picture-hint").wait_for(state="visible")
        assert page.evaluate("() => window.__gn.sends") == 0
    finally:
        context.close()


def _tab_to(page: Any, selector: str, limit: int = 30) -> None:
    """Presses Tab until the element matching `selector` has focus."""
    for _press in range(limit):
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"{selector} not reached in {limit} Tabs")


def test_the_keys_choose_a_tile_and_mark_where_the_cross_hair_is(
    browser: Any, sky_server: LiveServer
) -> None:
    """Keyboard only: Tab to the tile and choose it with Enter, Tab to the picture, move the
    cross-hair (from the middle) with the arrow keys, mark with Space."""
    code, ann = started(sky_server)
    context = phone(browser, sky_server, ann)
    try:
        page = open_picture(context, sky_server, code)
        _tab_to(page, "#steps-sky-sun")
        page.keyboard.press("Enter")
        page.locator(".point-steps > button.chosen", has_text="sun").wait_for()
        _tab_to(page, "#picture-sky .picture-image")
        page.locator("#picture-sky .point-cross").wait_for(state="visible")
        x, y = target(0, "sun")
        step = 0.02  # static/point_keys.js's STEP
        right, down = round((x / WIDTH - 0.5) / step), round((y / HEIGHT - 0.5) / step)
        for key, times in (("ArrowRight", right), ("ArrowLeft", -right), ("ArrowDown", down)):
            for _press in range(max(0, times)):
                page.keyboard.press(key)
        page.keyboard.press(" ")
        mx, my = marked(page, "sun")
        assert abs(mx - (0.5 + right * step) * WIDTH) <= 1, (mx, right)
        assert abs(my - (0.5 + down * step) * HEIGHT) <= 1, (my, down)
        assert page.evaluate("() => window.__gn.csp") == []
    finally:
        context.close()
