"""The turn clock: kept by the server from commit times, a seat out of time has that move
played by the game's stand-in bot (logged as its move, marked "time"), and replaying the
log with its stored times rebuilds the same clocks."""

from __future__ import annotations

import asyncio

from app.games.core.clock import PRESETS
from app.rooms.live import TIME, LiveRoom
from app.rooms.store import GameRow
from tests.rooms.toys import Tab, press, started, toy_room, until
from tests.support.memory import MemoryStore

SCALE = 0.004  # fast: 120 s bank + 8 s a move -> 0.48 s + 0.032 s
FIRST_DEADLINE = (PRESETS["fast"].bank + PRESETS["fast"].allowance) * SCALE
SLACK = 0.25  # a busy test machine may wake a task this late


async def test_a_seat_out_of_time_has_that_move_played_by_the_stand_in() -> None:
    store = MemoryStore()
    live = await started(toy_room(clock="fast", scale=SCALE, store=store), Tab(1), Tab(2))
    start = store.started[1]
    await asyncio.sleep(FIRST_DEADLINE * 0.7)
    assert store.rows == []  # still in time
    await until(lambda: bool(store.rows))
    (seq, seat, action, at, stand_in), *_ = store.rows
    assert (seq, seat, action, stand_in) == (1, 0, {"kind": "press"}, TIME)
    assert FIRST_DEADLINE <= at - start < FIRST_DEADLINE + SLACK
    assert live.match is not None and live.match.clocks is not None
    assert live.match.clocks.banks[0] == 0.0  # spent; the next move has the allowance alone


async def test_a_move_in_time_is_the_players_own_and_costs_no_bank() -> None:
    store = MemoryStore()
    live = await started(toy_room(clock="fast", scale=50 * SCALE, store=store), Tab(1), Tab(2))
    assert await press(live, 1) is None
    assert [(seat, stand_in) for _seq, seat, _action, _at, stand_in in store.rows] == [(0, None)]
    assert live.match is not None and live.match.clocks is not None
    assert live.match.clocks.banks == (PRESETS["fast"].bank * 50 * SCALE,) * 2


async def test_replaying_the_log_with_its_times_rebuilds_the_same_clocks() -> None:
    store = MemoryStore()
    live = await started(toy_room(clock="fast", scale=SCALE, store=store), Tab(1), Tab(2))
    await asyncio.sleep(0.05)
    assert await press(live, 1) is None  # in time
    await until(lambda: len(store.rows) == 2)  # seat 1 runs out
    assert await press(live, 1) is None
    assert len(store.rows) == 3 and store.rows[1][4] == TIME
    match = live.match
    assert match is not None
    clock, started_at = store.started
    again = toy_room(clock="fast", scale=SCALE, store=store)
    await again.restore(GameRow(1, 0, {}, store.players, None, "playing", clock, started_at))
    assert again.match is not None
    assert again.match.clocks == match.clocks
    assert again.match.clocks is not None and again.match.clocks.banks[1] == 0.0


async def test_a_table_with_none_of_its_people_at_it_waits() -> None:
    store = MemoryStore()
    live = await started(toy_room(clock="fast", scale=SCALE, store=store))
    await asyncio.sleep(FIRST_DEADLINE + SLACK)
    assert store.rows == []
    live.attach(Tab(2))  # someone is back: the overdue seat is played at once
    await until(lambda: bool(store.rows), timeout=FIRST_DEADLINE)
    assert [(seat, stand_in) for _seq, seat, _a, _at, stand_in in store.rows][:1] == [(0, TIME)]


async def test_no_clock_when_the_room_has_none() -> None:
    live: LiveRoom = await started(toy_room(clock="off"), Tab(1), Tab(2))
    assert live.match is not None and live.match.clocks is None
