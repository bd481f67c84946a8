"""A game's chat in its replay: each line after the move it followed, in the page's log and in
the downloaded file, which imports back with it; a file without chat (written before there
was one) still imports, and a file whose chat this server could not have written is refused."""

from __future__ import annotations

import html
import json
import random
import re
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest

from app.games.registry import GAMES
from app.rooms.chat import MAX_LENGTH
from tests.support.replays import Served, served, store_game
from tests.support.server import LiveServer
from tests.support.tabs import against_a_bot, play_to_the_end
from tests.web.test_replay_files import upload

_LINE = re.compile(r'<li data-step="(\d+)" class="chat-line[^"]*">(.*?)</li>', re.S)


def chat_in(page: str) -> list[tuple[int, str]]:
    """Returns the chat lines of a replay page's log: (move, what a person reads)."""
    return [
        (int(step), " ".join(html.unescape(re.sub(r"<[^>]+>", " ", inner)).split()[2:]))
        for step, inner in _LINE.findall(page)
    ]


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
async def test_a_played_games_chat_is_in_its_replay_and_its_file(server: LiveServer) -> None:
    tab, code, _cookie = await against_a_bot(server.url, "four-pints")
    await tab.until(lambda t: "players-0" in t.parts)
    await tab.send({"cmd": "say", "text": "good luck <bot>"})
    await tab.until(lambda t: len(t.chat) == 1)
    await play_to_the_end(tab, random.Random(3))
    await tab.send({"cmd": "react", "reaction": "gg"})
    await tab.until(lambda t: len(t.chat) == 2)
    await tab.close()
    async with httpx.AsyncClient(base_url=server.url) as client:
        page = (await client.get(f"/r/{code}/games/1")).text
        moves = int(re.search(r'data-moves="(\d+)"', page).group(1))  # type: ignore[union-attr]
        shown = chat_in(page)
        assert shown[0][1] == "Ann good luck <bot>" and shown[0][0] <= 2  # bots move quickly
        assert shown[1] == (moves, "Ann")  # a reaction: its emoji, labelled
        assert "Good game" in _LINE.findall(page)[1][1]
        assert "<bot>" not in page
        steps = [int(n) for n in re.findall(r'<li data-step="(\d+)"', page)]
        assert steps == sorted(steps)  # each line after the move it followed
        data = (await client.get(f"/r/{code}/games/1/game.json")).json()
    chat = data["chat"]
    assert [(c["after"], c["name"], c["kind"], c["text"]) for c in chat] == [
        (shown[0][0], "Ann", "message", "good luck <bot>"),
        (moves, "Ann", "reaction", "gg"),
    ]


@pytest.fixture
async def app(tmp_path: Path) -> AsyncIterator[Served]:
    async with served(tmp_path) as serving:
        yield serving


async def stored_with_chat(app: Served) -> tuple[str, bytes]:
    """Stores a bot game of 4 Pints with two lines of chat; returns its page and its file."""
    stored = await store_game(app.store, GAMES["four-pints"], 2, 11)
    room = await app.store.room_by_code(stored.code)
    assert room is not None
    game = (await app.store.room_games(room.id))[0]
    now = datetime.now(UTC)
    await app.store.add_chat(room.id, game.id, 0, stored.people[0], "message", "hi & <b>", now)
    await app.store.add_chat(room.id, game.id, 5, stored.people[1], "reaction", "fire", now)
    await app.store.add_chat(room.id, None, 0, stored.people[1], "message", "not this game", now)
    download = await app.client.get(f"{stored.page}/game.json")
    return stored.page, download.content


async def test_a_replay_shows_its_games_chat_where_it_was_said(app: Served) -> None:
    page, _file = await stored_with_chat(app)
    shown = chat_in((await app.client.get(page)).text)
    assert shown == [(0, "P0 hi & <b>"), (5, "P1")]


async def test_a_file_imports_back_with_its_chat(app: Served) -> None:
    page, data = await stored_with_chat(app)
    imported = await upload(app, data)
    assert imported.status_code == 303
    again = (await app.client.get(imported.headers["location"])).text
    assert chat_in(again) == chat_in((await app.client.get(page)).text)
    round_trip = await app.client.get(f"{imported.headers['location']}/game.json")
    assert round_trip.json()["chat"] == json.loads(data)["chat"]


async def test_a_file_from_before_chat_still_imports(app: Served) -> None:
    _page, data = await stored_with_chat(app)
    found = json.loads(data)
    del found["chat"]
    imported = await upload(app, json.dumps(found).encode())
    assert imported.status_code == 303
    assert chat_in((await app.client.get(imported.headers["location"])).text) == []


@pytest.mark.parametrize(
    "line",
    [
        {"after": 0, "name": "Eve", "kind": "message", "text": "<ok>\u202e"},  # not clean
        {"after": 0, "name": "Eve", "kind": "message", "text": "x" * (MAX_LENGTH + 1)},
        {"after": 0, "name": "Eve", "kind": "message", "text": " "},
        {"after": 0, "name": "Eve", "kind": "reaction", "text": "<img src=x>"},
        {"after": 0, "name": "Eve", "kind": "shout", "text": "hi"},
        {"after": 999, "name": "Eve", "kind": "message", "text": "after the end"},
        {"after": 0, "name": "", "kind": "message", "text": "nameless"},
        {"after": 0, "name": "Eve", "kind": "message", "text": "late", "at": "noon"},
        "not a line",
    ],
)
async def test_a_file_with_chat_this_server_could_not_have_written_is_refused(
    app: Served, line: object
) -> None:
    _page, data = await stored_with_chat(app)
    found = json.loads(data)
    found["chat"].append(line)
    refused = await upload(app, json.dumps(found).encode())
    assert refused.status_code == 400
    assert "a line of the chat" in html.unescape(refused.text)
