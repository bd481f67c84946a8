"""Each game's table as people see it, in a real browser: on a phone (390×844) nothing is wider
than the screen and the table comes first; on a laptop (1600×1000) the log stands beside the
table with its newest line in view, and a reader who scrolled it up keeps their place. On the
way it takes the gallery: every table at phone and laptop size, at the start, the middle and the
end of a game, light and dark (docs/screenshots/, indexed by its README).

One room per game, one person in it (the host) and bots: the host hands their own seat to a
bot to move the game on and takes it back to hold it still (a bot never waits, the table waits
for a person), so each picture shows a table at rest."""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.browser import people
from tests.support.server import LiveServer

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

GALLERY = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
SIZES = {"phone": people.PHONE, "laptop": people.LAPTOP}
SCHEMES = ("light", "dark")
PLAY_MS = 90_000  # the longest bots may take to reach the middle or the end of a game
BOT_DELAY_MS = 40  # quick games, yet time for the host's press to land between two bot moves
COLOURS = 96  # a gallery picture keeps this many colours: a table is drawn in few

# Something to do for the viewer: a button in the game's moves part (data-moves-part).
_YOUR_MOVE = """() => { const room = document.getElementById('room');
  const moves = document.getElementById(room.dataset.movesPart);
  return !!moves && !!moves.querySelector('button:not([disabled]), [ws-send]'); }"""
_LOG_LINES = "(n) => document.querySelectorAll('#log li').length >= n"
# A card face being animated as it arrives (static/motion.js).
_CARD_ARRIVES = """() => document.getAnimations().some((a) => a.effect && a.effect.target
  && a.effect.target.matches(
    '.pcard, .st-card, .f20-card, .sk-card, .st-column > span ~ span, .sp-tile, .sp-card'))"""
_PICTURES_LOADED = "() => [...document.images].every((image) => image.complete)"
# The page at its top once the fonts are in and two frames are drawn: a resize's observers
# (the log following its newest line as it rewraps, static/room_layout.js) run at the next
# frame, and a box measured before it would be one nobody sees.
_SETTLED = """() => { window.scrollTo(0, 0); return document.fonts.ready.then(() => new Promise(
  (done) => requestAnimationFrame(() => requestAnimationFrame(done)))); }"""
_OVER = "() => !!document.querySelector('#start-game')"
_PRESS = """(text) => { const button = [...document.querySelectorAll('#controls button')]
  .find((b) => !b.disabled && b.textContent.includes(text));
  if (button) button.click(); return !!button; }"""

# What sticks out to the right of the screen, outside a frame that scrolls it inside itself.
_TOO_WIDE = """() => {
  const inScroller = (e) => { for (let p = e.parentElement; p; p = p.parentElement) {
    const o = getComputedStyle(p).overflowX; if (o !== 'visible' && p !== document.body
      && p !== document.documentElement) return true; } return false; };
  const out = [...document.querySelectorAll('body *')]
    .filter((e) => e.checkVisibility({visibilityProperty: true})
      && e.getBoundingClientRect().right > innerWidth + 0.5
      && !inScroller(e))
    .map((e) => e.tagName + (e.id ? '#' + e.id : '') + '.' + e.className);
  if (document.scrollingElement.scrollWidth > innerWidth) out.push('the page scrolls sideways');
  return out; }"""
_SCROLL_LOG = """(toEnd) => { const log = document.getElementById('log');
  log.scrollTop = toEnd ? log.scrollHeight : 0; return log.scrollTop; }"""
_IN_SCREEN = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
  return r.left >= 0 && r.right <= innerWidth + 0.5 && r.width > 0; }"""
# Pairs of card faces on the table that lie over each other (by more than a hairline).
_OVERLAPS = """() => {
  const cards = '#table :is(.pcard, .st-card, .f20-card, .sk-card, .st-column > span ~ span, '
    + '.sp-tile, .sp-card)';
  const faces = [...document.querySelectorAll(cards)]
    .filter((e) => e.checkVisibility()).map((e) => [e, e.getBoundingClientRect()]);
  const out = [];
  for (let i = 0; i < faces.length; i++) for (let j = i + 1; j < faces.length; j++) {
    const [a, r] = faces[i], [b, q] = faces[j];
    if (a.contains(b) || b.contains(a)) continue;
    const w = Math.min(r.right, q.right) - Math.max(r.left, q.left);
    const h = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top);
    if (w > 2 && h > 2) out.push(a.closest('[id]').id + ': ' + a.textContent.trim() + ' / '
      + b.closest('[id]').id + ': ' + b.textContent.trim() + ` ${w}x${h}`);
  }
  return out; }"""
_BOX = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; }"""
# The newest log line's box and the log's visible box.
_NEWEST = """() => { const log = document.getElementById('log');
  const last = log.lastElementChild; const v = log.getBoundingClientRect();
  const r = last.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, logTop: v.top, logBottom: v.bottom,
          height: innerHeight}; }"""


@dataclass(frozen=True)
class Table:
    game: str  # its name in the lobby
    slug: str  # its pictures' names
    options: dict[str, Any] = field(default_factory=dict)
    middle: int = 20  # log lines that make "the middle" of a game


TABLES = (
    Table("4 Pints", "four_pints", middle=30),
    Table("Stellar", "stellar", middle=25),
    Table("For20 Cards", "for20", {"window_seconds": 3, "starting_materials": True}, middle=25),
    Table("Speedy Pickers", "speedy_pickers", {"seconds": 30}, middle=15),
    Table("Stickers", "stickers", middle=25),
)


@pytest.fixture(scope="module")
def looks_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("looks")
    database = f"sqlite+aiosqlite:///{folder / 'gamenight.db'}"
    live = LiveServer(database, folder, bot_delay_ms=BOT_DELAY_MS).start()
    yield live
    live.close()


def _shoot(page: Any, name: str) -> None:
    """Writes the window as a small PNG: the viewport only, its colours reduced."""
    from PIL import Image

    shot = Image.open(io.BytesIO(page.screenshot(caret="initial"))).convert("RGB")
    small = shot.quantize(colors=COLOURS, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    GALLERY.mkdir(parents=True, exist_ok=True)
    small.save(GALLERY / f"{name}.png", optimize=True)


def _check_phone(person: people.Person, where: str) -> None:
    page = person.page
    assert page.evaluate(_TOO_WIDE) == [], f"{where}: wider than the phone's screen"
    # A card arriving settles in (static/motion.js moves it a little): measured once it has.
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')")
    assert page.evaluate(_OVERLAPS) == [], f"{where}: cards lie over each other"
    table = page.evaluate(_BOX, "#table")
    height = page.evaluate("() => innerHeight")
    assert table["top"] < height / 4, f"{where}: the table starts below the first quarter"


def _check_laptop(person: people.Person, where: str) -> None:
    page = person.page
    # Both boxes at one moment: a message arriving between two reads (a scene coming on the
    # table changes the columns) would compare two layouts.
    table, log = page.evaluate(f"() => [({_BOX})('#table'), ({_BOX})('#log')]")
    assert log["left"] >= table["right"], f"{where}: the log is not beside the table"
    newest = page.evaluate(_NEWEST)
    assert newest["logTop"] - 1 <= newest["top"], f"{where}: the newest line is scrolled away"
    assert newest["bottom"] <= min(newest["logBottom"], newest["height"]) + 1, (
        f"{where}: the newest log line is out of view"
    )


def _look(person: people.Person, table: Table, stage: str) -> None:
    """Checks the table at each size and takes its pictures in both colour schemes."""
    page = person.page
    page.wait_for_function(_PICTURES_LOADED, timeout=PLAY_MS)  # a search's scene, say
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        for scheme in SCHEMES:
            page.emulate_media(color_scheme=scheme)
            page.evaluate(_SETTLED)
            where = f"{table.game} ({stage}, {size}, {scheme})"
            (_check_phone if size == "phone" else _check_laptop)(person, where)
            _shoot(page, f"{table.slug}-{stage}-{size}-{scheme}")
    page.set_viewport_size(people.LAPTOP)


def _check_drawer(person: people.Person, where: str) -> None:
    """On a phone during a game the seats wait in a drawer: shut, opened by its button within
    the screen, shut again by Escape."""
    page = person.page
    page.set_viewport_size(people.PHONE)
    seats = page.locator("#seats")
    assert not seats.is_visible(), f"{where}: the seats are on the page, not in the drawer"
    page.locator(".menu-toggle").click()
    seats.wait_for(state="visible")
    page.wait_for_function(_IN_SCREEN, arg="#room-side")  # once it has slid in
    page.keyboard.press("Escape")
    seats.wait_for(state="hidden")
    page.set_viewport_size(people.LAPTOP)


def _scroll_log(person: people.Person, to_end: bool) -> int:
    """Scrolls the log to its first line or its end, as a reader would; returns where it is."""
    return person.page.evaluate(_SCROLL_LOG, to_end)


def _command(person: people.Person, text: str) -> None:
    """Presses the host's room control that says `text`, once it is there (bots playing
    re-send the controls often, so the press is a script's, not a pointer's)."""
    person.page.wait_for_function(_PRESS, arg=text, timeout=PLAY_MS)


def _play_on(person: people.Person, until: str, arg: Any = None) -> None:
    """Hands the host's seat to a bot until `until` holds (a page function of `arg`)."""
    _command(person, "let a bot play")
    person.page.wait_for_function(until, arg=arg, timeout=PLAY_MS)


@pytest.mark.parametrize("table", TABLES, ids=[t.slug for t in TABLES])
def test_every_table_fits_a_phone_and_keeps_its_log_in_view(
    browser: Any, looks_server: LiveServer, table: Table
) -> None:
    host = people.Person(browser, "Ann", people.LAPTOP)
    try:
        people.open_room(host, looks_server.url, table.game, table.options)
        _command(host, "add a bot")
        host.page.locator("#start-game:not([disabled])").click()
        host.page.wait_for_function(_YOUR_MOVE, timeout=PLAY_MS)
        _look(host, table, "start")
        _check_drawer(host, f"{table.game} (start)")

        _command(host, "let a bot play")
        host.page.wait_for_function(_CARD_ARRIVES, timeout=PLAY_MS)  # cards settle in
        host.page.wait_for_function(_LOG_LINES, arg=table.middle, timeout=PLAY_MS)
        _command(host, "Play my seat again")
        host.page.wait_for_function(_YOUR_MOVE, timeout=PLAY_MS)
        _look(host, table, "middle")

        # A reader scrolled up to an older line keeps it while lines arrive; back at the end,
        # the log follows again.
        _scroll_log(host, to_end=False)
        _play_on(host, _OVER)
        assert host.page.evaluate("() => document.getElementById('log').scrollTop") == 0
        _scroll_log(host, to_end=True)
        _look(host, table, "end")
        host.assert_nothing_went_wrong()
    finally:
        host.close()


# A reader scrolls the log up and, before the next frame (when its scroll event comes), a
# message adds a line: the events a message raises, on the room, around a line added.
_SCROLLED_UP_AS_A_LINE_ARRIVES = """() => { const log = document.getElementById('log');
  const room = document.getElementById('room');
  const raise = (name) => room.dispatchEvent(new CustomEvent(name,
    {bubbles: true, detail: {message: ''}}));
  log.scrollTop = 0;
  raise('htmx:wsBeforeMessage');
  log.appendChild(document.createElement('li')).textContent = '…';
  raise('htmx:wsAfterMessage');
  return [log.scrollTop, log.scrollHeight > log.clientHeight]; }"""


def test_a_reader_who_scrolls_up_as_a_line_arrives_keeps_their_place(
    browser: Any, looks_server: LiveServer
) -> None:
    host = people.Person(browser, "Ann", people.LAPTOP)
    try:
        people.open_room(host, looks_server.url, "4 Pints")
        _command(host, "add a bot")
        host.page.locator("#start-game:not([disabled])").click()
        host.page.wait_for_function(_YOUR_MOVE, timeout=PLAY_MS)
        _command(host, "let a bot play")
        host.page.wait_for_function(_LOG_LINES, arg=40, timeout=PLAY_MS)
        top, overflows = host.page.evaluate(_SCROLLED_UP_AS_A_LINE_ARRIVES)
        assert overflows and top == 0, "the log took the reader back to its end"
    finally:
        host.close()
