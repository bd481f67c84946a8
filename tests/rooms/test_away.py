"""With the clock off, a person disconnected longer than the grace period has their seat
played by the game's stand-in bot (shown as "(bot playing)", logged "away"); their tab
coming back gives them the seat at once."""

from __future__ import annotations

import asyncio
import re

from app.rooms.live import AWAY, LiveRoom
from app.web.table import parts, render_part, viewer_of
from tests.rooms.toys import Tab, press, started, toy_room, until
from tests.support.memory import MemoryStore
from tests.support.rooms import ENV

GRACE = 0.3


def seats_html(live: LiveRoom, person: int | None) -> str:
    viewer = viewer_of(live, person)
    part = next(p for p in parts(ENV, live, viewer) if p.name == "seats")
    return render_part(ENV, live, viewer, part)


def made(store: MemoryStore) -> list[tuple[int, str | None]]:
    return [(seat, stand_in) for _seq, seat, _action, _at, stand_in in store.rows]


async def test_a_bot_plays_the_seat_of_someone_away_longer_than_the_grace() -> None:
    store = MemoryStore()
    ann, bob = Tab(1), Tab(2)
    live = await started(toy_room(grace=GRACE, store=store), ann, bob)
    live.detach(ann)  # Ann's turn, and her tab closes
    await asyncio.sleep(GRACE * 0.6)
    assert made(store) == []  # within the grace period the table waits for her
    assert "(bot playing)" not in seats_html(live, 2)
    await until(lambda: bool(store.rows))
    assert made(store) == [(0, AWAY)]
    assert live.stand_in_reason(0) == AWAY
    shown = r"P1</span>\s*<span class=\"tag stand-in\">\(bot playing\)"
    assert re.search(shown, seats_html(live, 2))
    assert await press(live, 2) is None  # Bob moves; the bot answers for Ann again
    await until(lambda: len(store.rows) == 3)
    assert made(store) == [(0, AWAY), (1, None), (0, AWAY)]


async def test_a_person_who_comes_back_gets_the_seat_at_once() -> None:
    store = MemoryStore()
    ann, bob = Tab(1), Tab(2)
    live = await started(toy_room(grace=GRACE, store=store), ann, bob)
    assert await press(live, 1) is None
    live.detach(ann)
    assert await press(live, 2) is None
    await until(lambda: len(store.rows) == 3)
    assert made(store)[-1] == (0, AWAY)
    live.attach(Tab(1))  # her tab reattaches
    assert live.stand_in_reason(0) is None
    assert "(bot playing)" not in seats_html(live, 2)
    assert await press(live, 2) is None
    await asyncio.sleep(0.2)
    assert made(store)[-1] == (1, None)  # nobody moved for her: her turn waits for her
    assert await press(live, 1) is None
    assert made(store)[-1] == (0, None)


async def test_a_second_tab_of_the_same_person_keeps_them_here() -> None:
    store = MemoryStore()
    first, second = Tab(1), Tab(1)
    live = await started(toy_room(grace=GRACE, store=store), first, second, Tab(2))
    live.detach(first)
    await asyncio.sleep(GRACE + 0.2)
    assert made(store) == []
