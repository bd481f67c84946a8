"""Undo in a room: it gives no time back and no new allowance (the clocks are those from
before the undone move), a stand-in's move is not its person's to take back, bots never
undo, and a room restored from its log knows what may still be taken back."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from app.games.core import Action, ActionCodec, Applied, Game, Refusal, Result
from app.games.core.bots import random_legal
from app.games.core.undo import NOTHING_TO_UNDO
from app.rooms.live import HOST, LiveRoom
from app.rooms.store import GameRow
from tests.rooms.toys import Press, Tab, started, toy_room, until
from tests.support.memory import MemoryStore


@dataclass(frozen=True, slots=True)
class Mark(Action):
    kind: ClassVar[str] = "mark"


@dataclass(frozen=True, slots=True)
class Marks:
    players: int
    turns: int = 0
    marked: bool = False

    @property
    def seat(self) -> int:
        return self.turns % self.players


class MarkGame(Game[Marks]):
    """A turn is a mark (which may be taken back), then a press (which ends the turn)."""

    id = "marks"
    name = "Marks"
    min_players = 2
    max_players = 2
    codec = ActionCodec(Mark, Press)
    bots = {"random": random_legal}

    def setup(self, players: int, options: Mapping[str, Any], seed: int, carry: Any = None):
        return Marks(players)

    def active_seats(self, state: Marks) -> frozenset[int]:
        return frozenset() if state.turns >= 20 else frozenset({state.seat})

    def legal_actions(self, state: Marks, seat: int) -> tuple[Action, ...]:
        if seat not in self.active_seats(state):
            return ()
        return (Press(),) if state.marked else (Mark(),)

    def apply(self, state: Marks, seat: int, action: Action) -> Applied[Marks] | Refusal:
        if action not in self.legal_actions(state, seat):
            return Refusal("Not now.")
        if isinstance(action, Mark):
            return Applied(replace(state, marked=True))
        return Applied(replace(state, turns=state.turns + 1, marked=False))

    def undoable(self, before: Marks, after: Marks, seat: int, action: Action) -> bool:
        return isinstance(action, Mark)

    def view(self, state: Marks, viewer: int | None) -> Mapping[str, Any]:
        return {}

    def result(self, state: Marks) -> Result | None:
        return None if state.turns < 20 else Result((0, 0), (1, 1))


def mark_room(store: MemoryStore, clock: str = "off", scale: float = 1.0) -> LiveRoom:
    return toy_room(clock=clock, scale=scale, store=store, game=MarkGame())


async def act(live: LiveRoom, person: int, kind: str) -> Refusal | None:
    match = live.match
    assert match is not None
    seat = match.seat_of(person)
    assert seat is not None
    return await live.handle(person, {"cmd": "act", "kind": kind, "v": match.stamp(seat)})


async def test_an_undo_gives_back_no_time_and_no_new_allowance() -> None:
    store = MemoryStore()
    live = await started(mark_room(store, clock="fast", scale=0.05), Tab(1), Tab(2))
    match = live.match
    assert match is not None and match.clocks is not None
    before = match.clocks
    await asyncio.sleep(0.05)
    assert await act(live, 1, "mark") is None
    assert match.clocks != before  # the mark was charged and started a new move
    await asyncio.sleep(0.05)
    assert live.can_undo(0)
    assert await act(live, 1, "undo") is None
    # As if the mark had never been made: the move runs on from when it began.
    assert match.clocks == before
    assert match.clocks.deadline(0) == before.deadline(0)
    assert match.state == Marks(2)
    assert [row[2] for row in store.rows] == [{"kind": "mark"}, {"kind": "undo"}]


async def test_a_move_a_stand_in_made_cannot_be_taken_back() -> None:
    store = MemoryStore()
    live = await started(mark_room(store), Tab(1), Tab(2))
    assert await act(live, 1, "mark") is None
    seq, seat, action, at, _by = store.rows[0]
    store.rows[0] = (seq, seat, action, at, HOST)  # as if a bot had marked for P1
    again = await restored(store)
    assert again.match is not None and again.match.state.marked
    assert not again.can_undo(0)
    assert await act(again, 1, "undo") == NOTHING_TO_UNDO


async def test_bots_never_undo() -> None:
    store = MemoryStore()
    live = await started(mark_room(store), Tab(1), Tab(2))
    assert await live.handle(1, {"cmd": "hand", "seat": 0}) is None  # a bot plays seat 0
    await until(lambda: len(store.rows) >= 2)  # its mark, then its press: its turn is over
    assert [row[2]["kind"] for row in store.rows] == ["mark", "press"]
    assert live.match is not None and live.match.state == Marks(2, turns=1)


async def restored(store: MemoryStore) -> LiveRoom:
    """Returns a room rebuilt from what the store holds, as after a restart."""
    again = mark_room(store)
    clock, started_at = store.started
    await again.restore(GameRow(1, 0, {}, store.players, None, "playing", clock, started_at))
    return again


async def test_a_restored_room_knows_what_may_still_be_taken_back() -> None:
    store = MemoryStore()
    live = await started(mark_room(store), Tab(1), Tab(2))
    assert await act(live, 1, "mark") is None
    again = await restored(store)
    assert again.match is not None and again.match.state == Marks(2, marked=True)
    assert again.can_undo(0) and not again.can_undo(1)
    assert await act(again, 1, "undo") is None
    assert again.match.state == Marks(2)
    assert not again.can_undo(0)
