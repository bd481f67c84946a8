"""A campaign over many evenings: consecutive bot games of the toy Tally, each played by a
server loaded afresh from the database, each set up from exactly the state the game before
it left. On both backends (PostgreSQL when reachable)."""

from __future__ import annotations

import asyncio
from typing import Any

from app.db.engine import make_engine
from app.db.migrate import upgrade
from app.rooms.hub import Hub
from app.rooms.store import Store
from tests.support.tally import TALLY

GAMES = 4


async def evening(url: str, code: str, host: int, campaign: int, before: Any) -> Any:
    """Loads the room on a fresh server, checks the campaign is where the last evening left
    it, lets two bots play its next game, and returns the campaign's state after it."""
    engine = make_engine(url)
    store = Store(engine)
    try:
        live = await Hub(store, 0.001, games={TALLY.id: TALLY}).room(code)
        assert live is not None
        now = await store.campaign(campaign)
        assert now is not None and now.carry == before
        assert await live.handle(host, {"cmd": "start"}) is None
        record = await store.latest_game(live.row.id)
        assert record is not None and record.campaign == (campaign, now.version)
        assert record.carry == TALLY.carry_in(before, ("bot:0", "bot:1"))
        async with asyncio.timeout(10):
            while live.match is not None and live.match.result is None:
                await asyncio.sleep(0.005)
        after = await store.campaign(campaign)
        assert after is not None and after.version == now.version + 1
        return after.carry
    finally:
        await store.close()
        await engine.dispose()


async def test_each_game_of_a_campaign_starts_from_what_the_one_before_left(
    database_url: str,
) -> None:
    upgrade(database_url, quiet=True)
    engine = make_engine(database_url)
    store = Store(engine)
    ann = await store.create_person("Ann")
    campaign = await store.create_campaign(TALLY.id, "Fridays", [ann])
    code = await store.create_room(TALLY.id, {}, ann, 2, False, campaign_id=campaign)
    room = await store.room_by_code(code)
    assert room is not None
    for seat in (0, 1):  # the host watches two bots play
        await store.set_seat(room.id, seat, None, "random")
    await store.close()
    await engine.dispose()

    states: list[Any] = [None]
    for _evening in range(GAMES):
        states.append(await evening(database_url, code, ann, campaign, states[-1]))

    assert [state["games"] for state in states[1:]] == list(range(1, GAMES + 1))
    assert states[-1]["wins"] == {"bot:0": GAMES}  # the last to press, seat 0, always wins
    engine = make_engine(database_url)
    store = Store(engine)
    try:
        games = await store.campaign_games(campaign)
    finally:
        await store.close()
        await engine.dispose()
    assert [(g.status, g.version) for g in games] == [("finished", n) for n in range(GAMES)]
