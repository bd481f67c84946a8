"""What outlives a game, in the shared core: a campaign's state sets up its next game, the
game's end writes the next state once, and a stored game that does not replay here is
reported and marked, never cut short. On both backends, through the real store."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from sqlalchemy import select

from app.db.engine import make_engine
from app.db.migrate import upgrade
from app.db.models import ActionRow, GameRecord
from app.games.core import Game, Refusal
from app.games.core.replay import ReplayError, steps
from app.rooms.live import CAMPAIGN_MOVED, LiveRoom
from app.rooms.store import Store
from tests.support.tally import TallyGame


class NewerTally(TallyGame):
    rules_version = 2


@pytest.fixture
async def store(database_url: str) -> AsyncIterator[Store]:
    upgrade(database_url, quiet=True)
    engine = make_engine(database_url)
    store = Store(engine)
    yield store
    await store.close()
    await engine.dispose()


async def people(store: Store) -> tuple[int, int]:
    return await store.create_person("Ann"), await store.create_person("Bob")


async def room(store: Store, host: int, guest: int, campaign: int | None, game: Game[Any]):
    """Returns a live room of the store with Ann and Bob seated (Ann hosts)."""
    code = await store.create_room(game.id, {}, host, 2, False, campaign_id=campaign)
    row = await store.room_by_code(code)
    assert row is not None
    await store.set_seat(row.id, 1, guest, None)
    seats = await store.seats(row.id)
    return LiveRoom(row, game, seats, await store.person_names([host, guest]), store, 0.01)


async def play_out(live: LiveRoom) -> Refusal | None:
    """Presses for whoever must until the game ends or a press is refused."""
    while live.match is not None and live.match.result is None:
        seat = next(iter(live.game.active_seats(live.match.state)))
        person = live.match.players[seat].person_id
        version = live.match.stamp(seat)
        refusal = await live.handle(person, {"cmd": "act", "kind": "press", "v": version})
        if refusal is not None:
            return refusal
    return None


async def test_a_campaign_game_starts_from_its_state_and_its_end_writes_the_next(
    store: Store,
) -> None:
    ann, bob = await people(store)
    campaign = await store.create_campaign("tally", "Fridays", [ann])
    live = await room(store, ann, bob, campaign, TallyGame())
    assert await live.handle(ann, {"cmd": "start"}) is None
    assert live.match is not None
    assert live.match.state.people == (f"person:{ann}", f"person:{bob}")
    assert await play_out(live) is None
    after = await store.campaign(campaign)
    assert after is not None
    assert (after.version, after.carry) == (1, {"wins": {f"person:{ann}": 1}, "games": 1})
    assert after.members == (ann, bob)  # Bob joined by playing
    # The next game starts from version 1, with the seats the other way round.
    await store.set_seat(live.row.id, 0, bob, None)
    await store.set_seat(live.row.id, 1, ann, None)
    live.seats = await store.seats(live.row.id)
    assert await live.handle(ann, {"cmd": "start"}) is None
    assert live.match is not None
    assert live.match.state.wins == ((f"person:{ann}", 1),)
    assert live.match.state.people == (f"person:{bob}", f"person:{ann}")
    record = await store.latest_game(live.row.id)
    assert record is not None and record.campaign == (campaign, 1)
    assert record.carry["wins"] == {f"person:{ann}": 1}  # what the set-up got, for replays


async def test_two_games_set_up_from_one_state_cannot_both_end(store: Store) -> None:
    ann, bob = await people(store)
    campaign = await store.create_campaign("tally", "Fridays", [ann, bob])
    first = await room(store, ann, bob, campaign, TallyGame())
    second = await room(store, ann, bob, campaign, TallyGame())
    assert await first.handle(ann, {"cmd": "start"}) is None
    assert await second.handle(ann, {"cmd": "start"}) is None
    assert await play_out(first) is None
    assert await play_out(second) == CAMPAIGN_MOVED
    after = await store.campaign(campaign)
    assert after is not None and after.version == 1  # written once, by the first
    # The second game is kept, marked, and its room is free for the campaign's next game.
    assert second.match is None and second.problem == CAMPAIGN_MOVED
    record = await store.latest_game(second.row.id)
    assert record is not None and record.status == "abandoned"
    assert await second.handle(ann, {"cmd": "start"}) is None
    assert second.match is not None and second.match.campaign == (campaign, 1)


async def test_a_stored_state_the_game_refuses_does_not_start(store: Store) -> None:
    ann, bob = await people(store)
    campaign = await store.create_campaign("tally", "Fridays", [ann], carry={"wins": "?"})
    live = await room(store, ann, bob, campaign, TallyGame())
    refusal = await live.handle(ann, {"cmd": "start"})
    assert refusal is not None and refusal.text() == "This campaign's tally is damaged."
    assert live.match is None and await store.latest_game(live.row.id) is None


async def test_a_game_played_with_other_rules_is_marked_and_not_replayed(store: Store) -> None:
    ann, bob = await people(store)
    live = await room(store, ann, bob, None, TallyGame())
    assert await live.handle(ann, {"cmd": "start"}) is None
    assert live.match is not None
    assert await live.handle(ann, {"cmd": "act", "kind": "press", "v": live.match.stamp(0)}) is None
    record = await store.latest_game(live.row.id)
    assert record is not None and record.rules_version == 1
    again = await room_again(store, live, NewerTally())
    await again.restore(record)
    assert again.match is None and again.problem is not None
    assert "version 1 of Tally's rules; this server plays version 2" in again.problem.text()
    stored = await store.latest_game(live.row.id)
    assert stored is not None and stored.status == "unreplayable"
    assert len(await store.log(record.id)) == 1  # kept as stored
    # After a restart the mark is read back, and the host can start a new game.
    third = await room_again(store, live, NewerTally())
    await third.restore(stored)
    assert third.problem is not None and third.match is None
    assert await third.handle(ann, {"cmd": "start"}) is None
    assert third.problem is None


async def test_a_log_that_does_not_replay_is_reported_and_marked_never_cut_short(
    store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    ann, bob = await people(store)
    live = await room(store, ann, bob, None, TallyGame())
    assert await live.handle(ann, {"cmd": "start"}) is None
    assert live.match is not None
    await store.append_action(live.match.record_id, 1, 0, {"kind": "press"})
    await store.append_action(live.match.record_id, 2, 0, {"kind": "press"})  # not seat 0's turn
    record = await store.latest_game(live.row.id)
    assert record is not None
    again = await room_again(store, live, TallyGame())
    await again.restore(record)
    assert again.match is None and again.problem is not None
    assert "action 2 was refused" in again.problem.text()
    assert "cannot be restored" in caplog.text
    async with store.session() as session:
        status = (await session.execute(select(GameRecord.status))).scalar_one()
        rows = (await session.execute(select(ActionRow.seq))).scalars().all()
    assert status == "unreplayable" and sorted(rows) == [1, 2]


async def room_again(store: Store, live: LiveRoom, game: Game[Any]) -> LiveRoom:
    """The same room loaded again (as after a restart), with another build of the game."""
    row = await store.room_by_code(live.row.code)
    assert row is not None
    seats = await store.seats(row.id)
    return LiveRoom(row, game, seats, dict(live.names), store, 0.01)


def test_the_core_replay_stops_loudly_at_the_first_action_that_does_not_replay() -> None:
    game = TallyGame()
    state = game.setup(2, {}, 1, game.carry_in(None, ("a", "b")))
    log = [(0, {"kind": "press"}), (0, {"kind": "press"}), (1, {"kind": "press"})]
    made = steps(game, state, log)
    assert next(made).state.presses == 1
    with pytest.raises(ReplayError, match="action 2 was refused"):
        next(made)
