"""The lobby's list of open rooms: unlisted unless the host lists them; an entry shows the
host, the game, the seats free and its age; a room nobody was at for a day is abandoned: left
out of the list and marked on its page, until somebody comes back."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine, select, update

from app.db.engine import sync_url
from app.db.models import Room
from app.rooms.presence import ABANDONED_AFTER, WRITE_EVERY, Presence
from tests.support.replays import Served, served
from tests.support.server import LiveServer
from tests.support.tabs import Tab, join

ORIGIN = {"origin": "http://127.0.0.1"}
HOUR = 3600.0


@pytest.fixture
async def app(tmp_path: Path) -> AsyncIterator[Served]:
    async with served(tmp_path) as serving:
        yield serving


async def open_room(app: Served, name: str, **fields: str) -> str:
    app.client.cookies.clear()
    form = {"game_id": "four-pints", "name": name, **fields}
    response = await app.client.post("/rooms", data=form, headers=ORIGIN)
    assert response.status_code == 303, response.text
    return response.headers["location"].rsplit("/", 1)[1]


async def set_times(app: Served, code: str, **ago: float) -> None:
    """Moves a room's `created_at` / `last_seen_at` into the past by so many seconds."""
    values = {column: datetime.fromtimestamp(time.time() - s, UTC) for column, s in ago.items()}
    async with app.store.session() as session, session.begin():
        await session.execute(update(Room).where(Room.code == code).values(**values))


def open_rooms(page: str) -> str:
    return page.split("<h2>Open rooms</h2>", 1)[1]


async def lobby(app: Served) -> str:
    app.client.cookies.clear()
    return open_rooms((await app.client.get("/")).text)


async def test_a_room_is_unlisted_unless_the_host_lists_it(app: Served) -> None:
    form = (await app.client.get("/")).text
    assert 'name="listed" checked' not in form and 'name="listed"' in form
    hidden = await open_room(app, "Ann")
    shown = await open_room(app, "Bob", listed="on")
    rooms = await lobby(app)
    assert f"/r/{shown}" in rooms and f"/r/{hidden}" not in rooms


async def test_an_entry_shows_the_host_the_game_the_seats_free_and_its_age(app: Served) -> None:
    code = await open_room(app, "Ann", listed="on")
    rooms = await lobby(app)
    assert "4 Pints" in rooms and "hosted by Ann" in rooms
    assert "3 seats free" in rooms and "opened just now" in rooms
    await set_times(app, code, created_at=5 * 60 + 10)
    assert "opened 5 minutes ago" in await lobby(app)
    await set_times(app, code, created_at=3 * HOUR + 60)
    assert "opened 3 hours ago" in await lobby(app)


async def test_a_host_name_is_escaped_in_the_list(app: Served) -> None:
    await open_room(app, "<b>Ann</b>", listed="on")
    rooms = await lobby(app)
    assert "<b>Ann</b>" not in rooms and "&lt;b&gt;Ann&lt;/b&gt;" in rooms


async def test_a_room_nobody_was_at_for_a_day_leaves_the_list_and_is_marked(app: Served) -> None:
    fresh = await open_room(app, "Ann", listed="on")
    stale = await open_room(app, "Bob", listed="on")
    await set_times(app, fresh, created_at=2 * ABANDONED_AFTER, last_seen_at=ABANDONED_AFTER - HOUR)
    await set_times(app, stale, created_at=2 * ABANDONED_AFTER, last_seen_at=ABANDONED_AFTER + 60)
    rooms = await lobby(app)
    assert f"/r/{fresh}" in rooms and "opened 2 days ago" in rooms
    assert f"/r/{stale}" not in rooms
    assert "This room is abandoned" in (await app.client.get(f"/r/{stale}")).text
    assert "This room is abandoned" not in (await app.client.get(f"/r/{fresh}")).text


def test_presence_is_written_at_most_once_a_minute() -> None:
    presence = Presence(seen_at=1000.0)
    assert not presence.note(1000.0 + WRITE_EVERY - 1)  # in memory only
    assert presence.seen_at == 1000.0 + WRITE_EVERY - 1
    assert presence.note(1000.0 + WRITE_EVERY + 1)
    assert not presence.note(1000.0 + WRITE_EVERY + 2)
    assert presence.abandoned(False, presence.seen_at + ABANDONED_AFTER)
    assert not presence.abandoned(True, presence.seen_at + ABANDONED_AFTER)
    assert not presence.abandoned(False, presence.seen_at + ABANDONED_AFTER - 1)


async def test_somebody_coming_back_brings_an_abandoned_room_back(server: LiveServer) -> None:
    code, cookie = join(server.url, "Ann")
    engine = create_engine(sync_url(server.database_url))

    def last_seen_ago() -> float:
        with engine.connect() as conn:
            seen = conn.execute(select(Room.last_seen_at).where(Room.code == code)).scalar_one()
        return time.time() - (seen if seen.tzinfo else seen.replace(tzinfo=UTC)).timestamp()

    try:
        two_days = datetime.fromtimestamp(time.time() - 2 * ABANDONED_AFTER, UTC)
        with engine.begin() as conn:
            conn.execute(update(Room).where(Room.code == code).values(last_seen_at=two_days))
        assert f"/r/{code}" not in open_rooms(httpx.get(server.url + "/").text)
        assert "This room is abandoned" in httpx.get(f"{server.url}/r/{code}").text
        tab = await Tab.open(server.url, code, cookie)
        await tab.drain()
        for _ in range(50):
            if last_seen_ago() < 60:
                break
            await asyncio.sleep(0.1)
        assert last_seen_ago() < 60  # written as the tab connected
        assert f"/r/{code}" in open_rooms(httpx.get(server.url + "/").text)
        assert "This room is abandoned" not in httpx.get(f"{server.url}/r/{code}").text
        await tab.close()
    finally:
        engine.dispose()
