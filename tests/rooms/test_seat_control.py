"""The host may hand a seat to a bot, give it back, or free it for someone else, also
during a game; its player may take a handed seat back; everyone else is refused."""

from __future__ import annotations

import asyncio

from app.rooms.live import HOST, OPEN
from app.rooms.refusals import HOST_ONLY
from tests.rooms.toys import Tab, press, started, toy_room, until
from tests.support.memory import MemoryStore

BOT_PAUSE = 0.15


def made(store: MemoryStore) -> list[tuple[int, str | None]]:
    return [(seat, stand_in) for _seq, seat, _action, _at, stand_in in store.rows]


async def test_the_host_hands_a_seat_to_a_bot_and_gives_it_back() -> None:
    store = MemoryStore()
    live = await started(toy_room(store=store), Tab(1), Tab(2))
    assert await live.handle(1, {"cmd": "hand", "seat": 1}) is None
    assert store.players[1]["stand_in"] == HOST  # kept with the game: survives a restart
    assert await press(live, 1) is None
    await until(lambda: len(store.rows) == 2)
    assert made(store) == [(0, None), (1, HOST)]  # Bob is online, yet the bot plays
    assert await live.handle(1, {"cmd": "give", "seat": 1}) is None
    assert await press(live, 1) is None
    await asyncio.sleep(BOT_PAUSE)
    assert made(store)[-1] == (0, None)  # Bob's turn waits for Bob again
    assert await press(live, 2) is None
    assert made(store)[-1] == (1, None)


async def test_a_player_takes_back_a_seat_the_host_handed_to_a_bot() -> None:
    store = MemoryStore()
    live = await started(toy_room(store=store), Tab(1), Tab(2))
    assert await live.handle(1, {"cmd": "hand", "seat": 0}) is None  # the host's own seat
    await until(lambda: len(store.rows) == 1)
    assert made(store) == [(0, HOST)]
    assert await press(live, 2) is None  # Bob's own turn
    await until(lambda: len(store.rows) == 3)
    assert made(store)[-1] == (0, HOST)
    assert await live.handle(2, {"cmd": "reclaim"}) is not None  # Bob's seat is not handed
    assert await press(live, 2) is None
    assert await live.handle(1, {"cmd": "reclaim"}) is None
    assert await press(live, 1) is None
    assert made(store)[-1] == (0, None)


async def test_a_handed_seats_player_cannot_move_until_they_take_it_back() -> None:
    live = await started(toy_room(bot_delay=60), Tab(1), Tab(2))
    assert await live.handle(1, {"cmd": "hand", "seat": 0}) is None
    refusal = await press(live, 1)
    assert refusal is not None and "take it back" in refusal.text()


async def test_the_host_frees_a_seat_and_someone_watching_takes_it() -> None:
    store = MemoryStore()
    live = await started(toy_room(store=store), Tab(1), Tab(2), Tab(3))
    assert await live.handle(1, {"cmd": "free", "seat": 1}) is None
    assert store.seats[1] == (None, None) and live.seats[1].person_id is None
    assert store.players[1]["stand_in"] == OPEN and store.players[1]["person_id"] is None
    assert live.seat_of(2) is None  # Bob watches now
    assert await press(live, 1) is None
    await until(lambda: len(store.rows) == 2)
    assert made(store) == [(0, None), (1, OPEN)]
    assert await live.handle(3, {"cmd": "sit", "seat": 1}) is None  # Carol takes it mid-game
    assert store.players[1]["person_id"] == 3 and store.players[1]["stand_in"] is None
    assert live.seat_of(3) == 1 and store.seats[1] == (3, None)
    assert await press(live, 1) is None
    await asyncio.sleep(BOT_PAUSE)
    assert made(store)[-1] == (0, None)  # Carol's turn waits for Carol
    assert await press(live, 3) is None
    assert made(store)[-1] == (1, None)


async def test_a_seat_that_is_not_free_cannot_be_taken_mid_game() -> None:
    live = await started(toy_room(), Tab(1), Tab(2), Tab(3))
    assert await live.handle(3, {"cmd": "sit", "seat": 1}) is not None
    assert await live.handle(3, {"cmd": "sit", "seat": 2}) is not None  # empty, not in the game
    assert live.seat_of(3) is None


async def test_only_the_host_may_hand_free_or_give_back_a_seat() -> None:
    store = MemoryStore()
    live = await started(toy_room(store=store), Tab(1), Tab(2))
    before = list(store.players)
    for cmd in ("hand", "free", "give"):
        assert await live.handle(2, {"cmd": cmd, "seat": 0}) == HOST_ONLY
    assert store.players == before and live.seats[0].person_id == 1
    assert live.stand_in_reason(0) is None
