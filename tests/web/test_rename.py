"""A person who has a name can change it, from the lobby or a room's page, with the checks of
joining a table: not like a bot's label, and no namesake at any table where they sit."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from app.identity import COOKIE
from tests.support.replays import Served, served

ORIGIN = {"origin": "http://127.0.0.1"}


@pytest.fixture
async def app(tmp_path: Path) -> AsyncIterator[Served]:
    async with served(tmp_path) as serving:
        yield serving


async def open_room(app: Served, name: str) -> tuple[str, dict[str, str]]:
    """Opens a room as a new person; returns its code and their cookies."""
    app.client.cookies.clear()
    form = {"game_id": "four-pints", "name": name}
    response = await app.client.post("/rooms", data=form, headers=ORIGIN)
    assert response.status_code == 303
    return response.headers["location"].rsplit("/", 1)[1], dict(app.client.cookies)


async def join(app: Served, code: str, name: str) -> dict[str, str]:
    app.client.cookies.clear()
    response = await app.client.post(f"/r/{code}/join", data={"name": name}, headers=ORIGIN)
    assert response.status_code == 303, response.text
    return dict(app.client.cookies)


def be(app: Served, cookies: dict[str, str]) -> None:
    """Makes the client the person with these cookies (nobody with none)."""
    app.client.cookies.clear()
    app.client.cookies.update(cookies)


async def rename(
    app: Served, cookies: dict[str, str], name: str, back: str = "/"
) -> tuple[int, str]:
    be(app, cookies)
    form = {"name": name, "back": back}
    response = await app.client.post("/me/name", data=form, headers=ORIGIN)
    return response.status_code, response.headers.get("location", response.text)


async def sit(app: Served, code: str, cookies: dict[str, str]) -> None:
    """Seats the person in the room's second seat (as taking it from the table does)."""
    room = await app.store.room_by_code(code)
    person = app.identity.read(cookies[COOKIE])
    assert room is not None and person is not None
    await app.store.set_seat(room.id, 1, person, None)


async def seated(app: Served, code: str) -> list[str]:
    room = await app.store.room_by_code(code)
    assert room is not None
    seats = await app.store.seats(room.id)
    names = await app.store.person_names([s.person_id for s in seats if s.person_id])
    return sorted(names.values())


async def test_the_lobby_and_the_room_page_offer_the_rename_control(app: Served) -> None:
    code, ann = await open_room(app, "Ann")
    for page in ("/", f"/r/{code}"):
        be(app, ann)
        html = (await app.client.get(page)).text
        assert 'action="/me/name"' in html and "Change your name" in html, page
        app.client.cookies.clear()
        assert 'action="/me/name"' not in (await app.client.get(page)).text, page


async def test_a_person_renames_and_goes_back_to_the_page(app: Served) -> None:
    code, _ann = await open_room(app, "Ann")
    bob = await join(app, code, "Bob")
    status, location = await rename(app, bob, "Robert", back=f"/r/{code}")
    assert (status, location) == (303, f"/r/{code}")
    be(app, bob)
    assert "Playing as Robert" in (await app.client.get("/")).text


async def test_a_namesake_at_a_table_where_you_sit_is_refused(app: Served) -> None:
    code, ann = await open_room(app, "Ann")
    elsewhere, _carla = await open_room(app, "Carla")
    bob = await join(app, code, "Bob")
    await sit(app, code, bob)
    status, page = await rename(app, bob, " ann ")
    assert status == 400
    said = "Someone at a table where you sit is already called ann: please choose another name."
    assert said in page
    status, page = await rename(app, ann, "Bob")
    assert status == 400 and "already called Bob" in page
    assert await seated(app, code) == ["Ann", "Bob"]  # nothing changed
    assert (await rename(app, bob, "Carla"))[0] == 303  # Carla sits at another table
    assert await seated(app, code) == ["Ann", "Carla"]
    assert await seated(app, elsewhere) == ["Carla"]


async def test_a_namesake_only_watching_the_table_does_not_count(app: Served) -> None:
    code, ann = await open_room(app, "Ann")
    await join(app, code, "Bob")  # has a name, takes no seat
    assert (await rename(app, ann, "Bob"))[0] == 303


@pytest.mark.parametrize("name", ["Bot 2", "bot", "Ann (bot playing)", "   ", "x" * 25])
async def test_a_bot_like_or_unusable_name_is_refused(app: Served, name: str) -> None:
    _code, ann = await open_room(app, "Ann")
    status, page = await rename(app, ann, name)
    assert status == 400 and "<h1>Sorry</h1>" in page
    be(app, ann)
    assert "Playing as Ann" in (await app.client.get("/")).text


async def test_somebody_without_a_name_cannot_rename(app: Served) -> None:
    status, page = await rename(app, {}, "Ann")
    assert status == 403 and "no name here yet" in page


async def test_renaming_goes_back_only_to_this_site(app: Served) -> None:
    _code, ann = await open_room(app, "Ann")
    for back in ("//elsewhere.example/", "https://elsewhere.example/", "/\\elsewhere"):
        assert await rename(app, ann, "Anna", back=back) == (303, "/")


async def test_a_new_name_is_escaped(app: Served) -> None:
    _code, ann = await open_room(app, "Ann")
    assert (await rename(app, ann, "<i>Ann</i>"))[0] == 303
    be(app, ann)
    html = (await app.client.get("/")).text
    assert "<i>Ann</i>" not in html and "&lt;i&gt;Ann&lt;/i&gt;" in html
