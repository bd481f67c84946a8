"""Bots in a race: while seats act at once, every bot racing moves each pause (one bot never
keeps the others waiting), and a bot's "keep looking", which changes nothing, is no move: it
is neither logged nor sent to anyone."""

from __future__ import annotations

from typing import Any

from app.games.speedy_pickers import GAME
from app.rooms.live import LiveRoom
from app.rooms.store import RoomRow, SeatRow
from tests.rooms.toys import Tab, until
from tests.support.memory import MemoryStore


def room_with_bots(bots: int) -> tuple[LiveRoom, Any]:
    """One person (id 1, the host, seat 0) and `bots` expert bots, about to search."""
    row = RoomRow(1, "sp1", GAME.id, {"mode": "beginner", "seconds": 300}, True, 1, "open")
    seats = [SeatRow(0, 1, None)] + [SeatRow(n, None, "expert") for n in range(1, bots + 1)]
    store: Any = MemoryStore()
    return LiveRoom(row, GAME, seats, {1: "Ann"}, store, 0.005), store


def claimed_by(live: LiveRoom) -> set[int]:
    assert live.match is not None
    state: Any = live.match.state
    return {seat for seat in range(len(live.match.players)) if state.player(seat).marks}


async def test_every_bot_in_a_race_searches_not_only_the_first() -> None:
    live, store = room_with_bots(3)
    tab = Tab(1)
    live.attach(tab)
    assert await live.handle(1, {"cmd": "start"}) is None
    await until(lambda: {1, 2, 3} <= claimed_by(live), timeout=20)
    kinds = [action.get("kind") for _game, _seq, action in store.actions]
    assert "look" not in kinds  # finding nothing yet is not a move
    assert kinds.count("mark") >= 3
