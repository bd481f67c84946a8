"""Names at a table: unique among the people seated (compared without case, width or
lookalike letters of other scripts) and never passing for a bot's label ("Bot 2", "bot",
"(bot playing)"): refused with a clear message when joining a room or opening one."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from app.web.names import looks_like_a_bot, name_refusal
from tests.support.replays import Served, served

ORIGIN = {"origin": "http://127.0.0.1"}

BOT_LIKE = [
    "Bot 2",
    "bot",
    "BOT",
    "Bot3",
    "bot_1",
    "  Bot   4 ",
    "Ann (bot playing)",
    "bot: random",
    "Вот 2",  # a Cyrillic capital Ve
    "B0T 1",
    "Ｂｏｔ 2",  # fullwidth letters
]
FINE = ["Bob", "Bottle", "Robot", "Abbot", "Botond", "Ann", "Vot 2"]


@pytest.mark.parametrize("name", BOT_LIKE)
def test_a_name_like_a_bot_label_is_refused(name: str) -> None:
    assert looks_like_a_bot(name)
    refusal = name_refusal(name, [])
    assert refusal is not None and "bot" in refusal.text()


@pytest.mark.parametrize("name", FINE)
def test_ordinary_names_pass(name: str) -> None:
    assert not looks_like_a_bot(name)
    assert name_refusal(name, ["Carla", "Bot 1"]) is None


@pytest.mark.parametrize("name", ["Ann", "ann", "ANN", "Ａｎｎ", "Аnn"])  # the last: Cyrillic А
def test_a_name_taken_at_the_table_is_refused(name: str) -> None:
    refusal = name_refusal(name, ["Bob", "Ann"])
    assert refusal is not None
    said = f"Someone at this table is already called {name}: please choose another name."
    assert refusal.text() == said


@pytest.fixture
async def app(tmp_path: Path) -> AsyncIterator[Served]:
    async with served(tmp_path) as serving:
        yield serving


async def open_room(app: Served, name: str) -> tuple[int, str]:
    form = {"game_id": "four-pints", "name": name, "listed": "on", "clock": "off"}
    response = await app.client.post("/rooms", data=form, headers=ORIGIN)
    return response.status_code, response.headers.get("location", response.text)


async def join(app: Served, code: str, name: str) -> tuple[int, str]:
    app.client.cookies.clear()  # a new visitor
    response = await app.client.post(f"/r/{code}/join", data={"name": name}, headers=ORIGIN)
    return response.status_code, response.text


async def test_joining_with_a_seated_persons_name_or_a_bot_label_is_refused(app: Served) -> None:
    status, location = await open_room(app, "Ann")
    assert status == 303
    code = location.rsplit("/", 1)[-1]
    for name in ("Ann", " ann ", "Bot 2", "Ann (bot playing)"):
        status, page = await join(app, code, name)
        assert status == 400, name
        assert "choose another name" in page, name
    status, page = await join(app, code, "<i>bot</i>")
    assert status == 400 and "&lt;i&gt;bot&lt;/i&gt; looks like a bot" in page
    assert (await join(app, code, "Bob"))[0] == 303
    assert (await join(app, code, "Bob"))[0] == 303  # Bob is not seated yet: names are free


async def test_opening_a_room_with_a_bot_label_is_refused(app: Served) -> None:
    status, page = await open_room(app, "Bot 1")
    assert status == 400
    assert "looks like a bot" in page
