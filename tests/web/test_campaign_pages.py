"""A campaign on the web, for any game with campaigns (the toy Tally, tests/support/tally.py)
in a real server with real WebSocket clients: starting one from the lobby, its room and its
page (journal, the game's part, members), joining it, exporting and importing it (and every
refusal, with nothing created), user text escaped, and two games set up from the same state
finishing at the same moment: exactly one wins."""

from __future__ import annotations

import asyncio
import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, func, select

from app.db.engine import sync_url
from app.db.models import Campaign, GameRecord, Person, Room
from app.identity import COOKIE
from app.web.campaigns import MAX_EXPORT_BYTES
from tests.support.server import LiveServer
from tests.support.tabs import Tab

FACTORY = "tests.support.tally:create_campaign_toy_app"
EVIL = "<script>alert(1)</script>"


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("campaigns")


@pytest.fixture(scope="module")
def url(folder: Path) -> str:
    return f"sqlite+aiosqlite:///{folder / 'gamenight.db'}"


@pytest.fixture(scope="module")
def site(url: str, folder: Path) -> Iterator[LiveServer]:
    """One server for the module (starting one is most of a test's time): tests count what
    they add."""
    live = LiveServer(url, folder, factory=FACTORY).start()
    yield live
    live.close()


def client(site: LiveServer, cookie: str | None = None, origin: str | None = None) -> httpx.Client:
    cookies = {COOKIE: cookie} if cookie else {}
    return httpx.Client(base_url=site.url, cookies=cookies, headers={"Origin": origin or site.url})


def open_room(
    site: LiveServer, cookie: str | None, campaign: str, title: str = "", name: str = "Ann"
) -> tuple[httpx.Response, str | None]:
    """Posts the lobby's form for Tally; returns the response and the person cookie."""
    form = {"game_id": "tally", "name": name, "listed": "on", "campaign": campaign}
    form["campaign_name"] = title
    with client(site, cookie) as http:
        response = http.post("/rooms", data=form)
        return response, http.cookies.get(COOKIE) or cookie


def room_code(response: httpx.Response) -> str:
    assert response.status_code == 303, response.text
    return response.headers["location"].rsplit("/", 1)[1]


def get(site: LiveServer, path: str, cookie: str | None = None) -> httpx.Response:
    with client(site, cookie) as http:
        return http.get(path)


def campaign_code(site: LiveServer, room: str) -> str:
    found = re.search(r'href="/campaigns/([\w-]+)"', get(site, f"/r/{room}").text)
    assert found is not None
    return found.group(1)


def new_person(site: LiveServer, room: str, name: str) -> str:
    with client(site) as http:
        assert http.post(f"/r/{room}/join", data={"name": name}).status_code == 303
        return http.cookies[COOKIE]


def text(fragment: str) -> str:
    """Returns an HTML fragment's text without its tags (entities kept)."""
    return " ".join(re.sub(r"<[^>]+>", "", fragment).split())


def count(url: str, *columns: Any) -> int:
    engine = create_engine(sync_url(url))
    try:
        with engine.connect() as conn:
            return conn.execute(select(func.count()).select_from(*columns)).scalar_one()
    finally:
        engine.dispose()


def statuses(url: str, rooms: tuple[str, ...]) -> list[str]:
    """Returns the status of every game played in the rooms of these codes."""
    engine = create_engine(sync_url(url))
    try:
        with engine.connect() as conn:
            found = select(GameRecord.status).join(Room, Room.id == GameRecord.room_id)
            return list(conn.execute(found.where(Room.code.in_(rooms))).scalars())
    finally:
        engine.dispose()


async def seated(site: LiveServer, room: str, ann: str, bob: str) -> tuple[Tab, Tab]:
    """Opens Ann's and Bob's tabs on a room, seats Bob and lets Ann start the game."""
    tabs = await Tab.open(site.url, room, ann), await Tab.open(site.url, room, bob)
    await tabs[1].until(lambda t: {"cmd": "sit", "seat": 1} in t.commands())
    await tabs[1].send({"cmd": "sit", "seat": 1})
    await tabs[0].until(lambda t: {"cmd": "start"} in t.commands())
    await tabs[0].send({"cmd": "start"})
    return tabs


async def press(tab: Tab) -> None:
    await tab.until(lambda t: bool(t.moves()))
    await tab.send(tab.moves()[0])
    await tab.until(lambda t: not t.moves())


async def play(ann: Tab, bob: Tab) -> None:
    """Plays a game of Tally to its end: Ann (seat 1) presses first and last, and wins."""
    for tab in (ann, bob, ann):
        await press(tab)


async def one_game(
    site: LiveServer, guest: str
) -> tuple[str, str, tuple[str, str], tuple[Tab, Tab]]:
    """Ann opens a room for a new campaign, the guest joins and loses its first game;
    returns the room's code, the campaign's, both cookies and both tabs."""
    response, ann_cookie = open_room(site, None, "new", "Fridays")
    room = room_code(response)
    guest_cookie = new_person(site, room, guest)
    ann, bob = await seated(site, room, ann_cookie, guest_cookie)
    await play(ann, bob)
    await ann.until(lambda t: {"cmd": "start"} in t.commands())  # the game is over
    return room, campaign_code(site, room), (ann_cookie, guest_cookie), (ann, bob)


async def test_a_campaign_started_in_the_lobby_shows_in_its_room_and_on_its_page(
    site: LiveServer, url: str
) -> None:
    lobby = get(site, "/").text
    assert lobby.count('name="campaign"') == 1  # Tally has campaigns, Sky not
    response, ann = open_room(site, None, "new", EVIL)
    room = room_code(response)
    page = get(site, f"/r/{room}", ann).text
    assert EVIL not in page and html.escape(EVIL, quote=False) in page
    code = campaign_code(site, room)
    assert len(code) >= 12  # unguessable, like a room's code
    campaign = get(site, f"/campaigns/{code}", ann).text
    assert EVIL not in campaign and html.escape(EVIL, quote=False) in campaign
    assert '<ol class="members"><li>Ann</li></ol>' in campaign
    assert "No game yet" in campaign and 'value="' + code + '"' in campaign
    assert f'href="/campaigns/{code}"' in get(site, "/", ann).text  # Ann's campaigns
    # Continuing it opens another room of the same campaign; nobody else may.
    again, _same = open_room(site, ann, code)
    assert campaign_code(site, room_code(again)) == code
    bob = new_person(site, room, "Bob")
    rooms, campaigns = count(url, Room), count(url, Campaign)
    refused, _bob = open_room(site, bob, code)
    assert refused.status_code == 403
    untitled, _ann = open_room(site, ann, "new", "   ")
    assert untitled.status_code == 400
    with client(site, ann) as http:
        form = {"game_id": "sky", "campaign": "new", "campaign_name": "Skies"}
        assert http.post("/rooms", data=form).status_code == 400  # Sky has no campaigns
    assert (count(url, Room), count(url, Campaign)) == (rooms, campaigns)
    assert get(site, "/campaigns/nope").status_code == 404


async def test_games_played_show_in_the_journal_and_players_join_by_playing(
    site: LiveServer,
) -> None:
    room, code, (ann_cookie, bob_cookie), (ann, bob) = await one_game(site, "<b>Bob</b>")
    page = get(site, f"/campaigns/{code}", bob_cookie).text
    assert "<b>Bob</b>" not in page
    assert '<ol class="members"><li>Ann</li><li>&lt;b&gt;Bob&lt;/b&gt;</li></ol>' in page
    game = re.search(r'<tr class="journal-game status-finished">(.*?)</tr>', page, re.S)
    assert game is not None
    cells = [text(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", game.group(1), re.S)]
    assert cells[0] == "1" and cells[2:4] == ["Ann 1, &lt;b&gt;Bob&lt;/b&gt; 0", "Ann"]
    assert cells[4] == "finished · its replay"  # the journal links each game's replay
    assert f'href="/r/{room}/games/1"' in game.group(1)
    assert get(site, f"/r/{room}/games/1").status_code == 200
    assert '<ul class="tally"><li>Ann: 1</li></ul>' in page  # the game's part, names by key
    assert "Export the campaign" in page  # Bob is a member now
    # The next game in the room starts from the campaign's new state.
    await ann.send({"cmd": "start"})
    await ann.until(lambda t: "Game 2 of the campaign" in t.parts.get("status", ""))
    await bob.until(lambda t: "Game 2 of the campaign" in t.parts.get("status", ""))
    playing = get(site, f"/campaigns/{code}").text
    assert "status-playing" in playing and f'href="/r/{room}"' in playing
    for tab in (ann, bob):
        await tab.close()


async def test_a_person_joins_a_campaign_from_its_page(site: LiveServer, url: str) -> None:
    response, ann = open_room(site, None, "new", "Fridays")
    code = campaign_code(site, room_code(response))
    with client(site) as http:
        assert http.post(f"/campaigns/{code}/join", data={"name": ""}).status_code == 400
        joined = http.post(f"/campaigns/{code}/join", data={"name": "Cleo"})
        assert joined.status_code == 303 and COOKIE in http.cookies
        page = http.get(f"/campaigns/{code}").text
    assert '<ol class="members"><li>Ann</li><li>Cleo</li></ol>' in page
    assert "Open a room for the next game" in page
    with client(site, origin="http://evil.example") as http:
        assert http.post(f"/campaigns/{code}/join", data={"name": "Eve"}).status_code == 403
    assert "<li>Eve</li>" not in get(site, f"/campaigns/{code}").text


def export(site: LiveServer, code: str, cookie: str | None) -> httpx.Response:
    return get(site, f"/campaigns/{code}/export", cookie)


def upload(
    site: LiveServer, body: bytes, cookie: str | None = None, origin: str | None = None
) -> httpx.Response:
    data = {} if cookie else {"name": "Carl"}
    with client(site, cookie, origin) as http:
        return http.post("/campaigns/import", data=data, files={"file": ("c.json", body)})


async def test_an_exported_campaign_imports_as_a_new_one_and_exports_the_same(
    site: LiveServer, url: str
) -> None:
    _room, code, (_ann, bob_cookie), (ann, bob) = await one_game(site, "Bob")
    assert export(site, code, None).status_code == 403  # only members
    exported = export(site, code, bob_cookie)
    assert exported.status_code == 200
    assert "attachment" in exported.headers["content-disposition"]
    document = exported.json()
    ann_key = document["members"][0]["key"]
    assert document["name"] == "Fridays" and document["game_type"] == "tally"
    assert document["version"] == 1 and document["carry"]["wins"] == {ann_key: 1}
    assert [m["name"] for m in document["members"]] == ["Ann", "Bob"]
    assert [(g["status"], g["ranks"]) for g in document["journal"]] == [("finished", [1, 2])]

    campaigns = count(url, Campaign)
    imported = upload(site, exported.content)
    assert imported.status_code == 303, imported.text
    carl = imported.cookies[COOKIE]
    copy = imported.headers["location"].rsplit("/", 1)[1]
    assert copy != code and count(url, Campaign) == campaigns + 1
    page = get(site, f"/campaigns/{copy}", carl).text
    assert '<ol class="members"><li>Carl</li></ol>' in page
    assert "status-finished" in page and '<ul class="tally"><li>Ann: 1</li></ul>' in page
    again = export(site, copy, carl).json()
    assert again["members"] == [{"key": again["members"][0]["key"], "name": "Carl"}]
    assert {**again, "members": []} == {**document, "members": []}
    for tab in (ann, bob):
        await tab.close()


def tally_export(**changes: Any) -> dict[str, Any]:
    document = {
        "format": "gamenight-campaign",
        "format_version": 1,
        "name": "Fridays",
        "game_type": "tally",
        "rules_version": 1,
        "version": 0,
        "carry": None,
        "members": [],
        "journal": [],
    }
    return {**document, **changes}


REFUSED = [
    (b" " * (MAX_EXPORT_BYTES + 1), "The file is too big to be a campaign: at most 2048 KB."),
    (b"hello", "The file is not a Gamenight campaign (the file: Invalid JSON"),
    (b"[1, 2]", "The file is not a Gamenight campaign (the file: Input should be an object"),
    (json.dumps({**tally_export(), "version": -1}).encode(), "(version: Input should be"),
    (json.dumps(tally_export(extra=1)).encode(), "(extra: Extra inputs are not permitted)"),
    (json.dumps(tally_export(format="zip")).encode(), "(format: Input should be"),
    (json.dumps(tally_export(game_type="chess")).encode(), "This server has no game chess."),
    (json.dumps(tally_export(game_type="sky")).encode(), "Sky has no campaigns."),
    (json.dumps(tally_export(name="a\u0007b")).encode(), "The campaign's name cannot be"),
    (
        json.dumps(tally_export(carry={"wins": "?"})).encode(),
        "Tally cannot play this campaign: This campaign's tally is damaged.",
    ),
    (
        json.dumps(tally_export(journal=[{"status": "won"}])).encode(),
        "(journal.0.started_at: Field required)",
    ),
]
"""Files an import must refuse, each with (part of) the reason it gives."""


def test_an_import_that_cannot_be_trusted_is_refused_with_its_reason_and_creates_nothing(
    site: LiveServer, url: str
) -> None:
    before = count(url, Campaign), count(url, Person)
    for body, reason in REFUSED:
        refused = upload(site, body)
        assert refused.status_code == 400, refused.text
        assert reason in html.unescape(refused.text)
        assert COOKIE not in refused.cookies  # not even a person
    assert (count(url, Campaign), count(url, Person)) == before


def test_an_import_from_another_site_or_without_a_name_is_refused(
    site: LiveServer, url: str
) -> None:
    body = json.dumps(tally_export(name=EVIL)).encode()
    before = count(url, Campaign)
    assert upload(site, body, origin="http://evil.example").status_code == 403
    with client(site) as http:
        nameless = http.post("/campaigns/import", files={"file": ("c.json", body)})
    assert nameless.status_code == 400 and count(url, Campaign) == before
    made = upload(site, body)
    assert made.status_code == 303 and count(url, Campaign) == before + 1
    page = get(site, made.headers["location"]).text
    assert EVIL not in page and html.escape(EVIL, quote=False) in page


async def test_two_games_set_up_from_one_state_finishing_at_once_write_it_once(
    site: LiveServer, url: str
) -> None:
    response, ann_cookie = open_room(site, None, "new", "Fridays")
    first = room_code(response)
    bob_cookie = new_person(site, first, "Bob")
    code = campaign_code(site, first)
    assert (await _join(site, code, bob_cookie)) == 303
    second = room_code(open_room(site, ann_cookie, code)[0])
    rooms = [await seated(site, first, ann_cookie, bob_cookie)]
    rooms.append(await seated(site, second, ann_cookie, bob_cookie))
    for ann, bob in rooms:  # both games one press from their end
        await press(ann)
        await press(bob)
    for ann, _bob in rooms:
        await ann.until(lambda t: bool(t.moves()))
    await asyncio.gather(*(ann.send(ann.moves()[0]) for ann, _bob in rooms))
    moved = "Another game of this campaign ended first"
    for ann, _bob in rooms:
        await ann.until(lambda t: {"cmd": "start"} in t.commands())
    notices = [moved in html.unescape(ann.parts["controls"]) for ann, _bob in rooms]
    assert sorted(notices) == [False, True]
    assert sorted(statuses(url, (first, second))) == ["abandoned", "finished"]
    page = get(site, f"/campaigns/{code}").text
    assert "1 game finished" in page and "set aside" in page
    for tabs in rooms:
        for tab in tabs:
            await tab.close()


async def _join(site: LiveServer, code: str, cookie: str) -> int:
    with client(site, cookie) as http:
        return http.post(f"/campaigns/{code}/join").status_code
