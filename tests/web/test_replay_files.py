"""A game as a JSON file: downloaded from its replay, imported back as a replay showing the
same game, and a bad file refused with a clear reason; and the pictures of a replay, served
only to whom may see them."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from app.games.registry import GAMES
from app.games.speedy_pickers.state import Phase
from app.rooms.replay_file import MAX_ACTIONS, MAX_BYTES
from app.rooms.replays import rebuild
from tests.support.replays import Served, served, store_game


@pytest.fixture
async def app(tmp_path: Path) -> AsyncIterator[Served]:
    async with served(tmp_path) as serving:
        yield serving


ORIGIN = {"origin": "http://127.0.0.1"}  # a form posted from the site's own page


async def upload(app: Served, data: bytes, kind: str = "application/json") -> Any:
    files = {"file": ("game.json", data, kind)}
    return await app.client.post("/replays", files=files, headers=ORIGIN)


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_a_downloaded_game_imports_back_as_the_same_replay(app: Served, game_id: str) -> None:
    game = GAMES[game_id]
    stored = await store_game(app.store, game, 3 if game.max_players > 2 else 2, 6)
    download = await app.client.get(f"{stored.page}/game.json")
    assert download.status_code == 200
    assert download.headers["content-type"] == "application/json"
    assert "attachment" in download.headers["content-disposition"]
    data = download.json()
    assert data["game"] == game.id and data["rules_version"] == game.rules_version
    assert [(a["seat"], a["action"]) for a in data["actions"]] == stored.log
    assert [p["name"] for p in data["players"]] == [f"P{n}" for n in range(len(stored.people))]
    assert all("person_id" not in p for p in data["players"])  # who they are here stays here
    imported = await upload(app, download.content)
    assert imported.status_code == 303
    page = imported.headers["location"]
    assert page.startswith("/replays/") and len(page) > len("/replays/") + 12
    for view in ("all", "0", "table"):
        for at in (0, len(stored.log) // 2, len(stored.log)):
            original = await app.client.get(f"{stored.page}/at/{at}", params={"view": view})
            again = await app.client.get(f"{page}/at/{at}", params={"view": view})
            assert again.status_code == 200
            assert again.text == original.text.replace(stored.page, page)
    shown = await app.client.get(page)
    assert "Replay of" in shown.text and 'id="replay-slider"' in shown.text
    round_trip = await app.client.get(f"{page}/game.json")
    assert round_trip.json() == data


async def test_a_bad_file_is_refused_with_its_reason(app: Served) -> None:
    game = GAMES["stellar"]
    stored = await store_game(app.store, game, 2, 3)
    good = (await app.client.get(f"{stored.page}/game.json")).json()

    def changed(**fields: Any) -> bytes:
        return json.dumps({**good, **fields}).encode()

    broken_log = [dict(a) for a in good["actions"]]
    broken_log[4] = {"seat": 1 - broken_log[4]["seat"], "action": broken_log[4]["action"]}
    bad: list[tuple[bytes, str]] = [
        (b"x" * (MAX_BYTES + 1), "too large"),
        (b"{not json", "not JSON"),
        (b"[1, 2]", "a field is missing"),
        (changed(format="something else"), "another format"),
        (changed(seed="12"), "the seed"),
        (changed(players=[{"name": ""}]), "the players"),
        (changed(actions=[{"seat": "0", "action": {}}]), "an action"),
        (changed(actions=[{"seat": 0, "action": {}}] * (MAX_ACTIONS + 1)), "the actions"),
        (changed(actions=[{"seat": 7, "action": {"kind": "take"}}]), "a seat"),
        (changed(game="chess"), "does not know: chess"),
        (changed(players=good["players"][:1]), "played by 2 players; the file has 1"),
        (changed(rules_version=99), "version 99 of the rules of Stellar"),
        (changed(actions=broken_log), "does not replay on these rules: action 5"),
        (changed(actions=[{"seat": 0, "action": {"kind": "nonsense"}}]), "does not decode"),
    ]
    for data, reason in bad:
        response = await upload(app, data)
        assert response.status_code == 400, reason
        assert "The file was refused:" in response.text
        assert reason in response.text, (reason, response.text[-800:])
    empty = await upload(app, b"", "text/plain")
    assert empty.status_code == 400 and "Choose a replay file" in empty.text
    assert (await app.client.get("/replays/nosuchtoken")).status_code == 404
    assert (await app.client.get("/replays")).status_code == 200


async def test_a_campaign_games_carry_goes_into_the_file_and_back(app: Served) -> None:
    """Stickers is set up from what its campaign carried in: the file keeps it, and a file
    whose carry is damaged is refused rather than set up some other way."""
    game = GAMES["stickers"]
    stored = await store_game(app.store, game, 2, 4)
    data = (await app.client.get(f"{stored.page}/game.json")).json()
    assert "carry" in data
    damaged = json.dumps({**data, "carry": {"cards": "lost"}}).encode()
    response = await upload(app, damaged)
    assert response.status_code == 400


def _search_step(game_id: str, log: list[Any], players: int, seed: int) -> int:
    from tests.web.test_replays import recorded_playout

    game = GAMES[game_id]
    timeline = rebuild(game, recorded_playout(game, players, seed, moves=len(log)))
    return next(n for n, s in enumerate(timeline.states) if s.phase is Phase.SEARCH)


async def test_a_seats_picture_is_shown_to_that_seat_alone_while_the_game_runs(
    app: Served,
) -> None:
    game = GAMES["speedy_pickers"]
    stored = await store_game(app.store, game, 2, 5, moves=12)
    assert game.result(stored.state) is None
    step = _search_step(game.id, stored.log, 2, 5)
    address = f"{stored.page}/pictures/{step}/scene"
    app.client.cookies.update(app.as_person(stored.people[0]))
    moment = await app.client.get(f"{stored.page}/at/{step}", params={"view": "0"})
    assert f'src="{address}?view=0"' in moment.text
    mine = await app.client.get(address, params={"view": "0"})
    assert mine.status_code == 200 and mine.headers["content-type"].startswith("image/")
    other = await app.client.get(address, params={"view": "1"})  # asks for the other seat's
    assert other.content == mine.content  # it is given its own, never the other's
    app.client.cookies.clear()
    assert (await app.client.get(address, params={"view": "0"})).status_code == 404
    assert (await app.client.get(address, params={"view": "all"})).status_code == 404


async def test_a_finished_games_pictures_are_each_seats_own(app: Served) -> None:
    game = GAMES["speedy_pickers"]
    stored = await store_game(app.store, game, 2, 5)
    assert game.result(stored.state) is not None
    step = _search_step(game.id, stored.log, 2, 5)
    address = f"{stored.page}/pictures/{step}/scene"
    seat0 = await app.client.get(address, params={"view": "0"})
    seat1 = await app.client.get(address, params={"view": "1"})
    assert seat0.status_code == seat1.status_code == 200
    assert seat0.content != seat1.content  # each player searched their own scene
    everything = await app.client.get(f"{stored.page}/at/{step}", params={"view": "all"})
    assert f'src="{address}?view=0"' in everything.text
    assert f'src="{address}?view=1"' in everything.text
