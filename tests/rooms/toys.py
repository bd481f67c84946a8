"""A toy turn game and a room around it, for tests of clocks, stand-ins and seats."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from app.games.core import Action, ActionCodec, Applied, Game, Refusal, Result
from app.games.core.bots import random_legal
from app.rooms.live import LiveRoom
from app.rooms.store import RoomRow, SeatRow
from tests.support.memory import MemoryStore


@dataclass(frozen=True, slots=True)
class Press(Action):
    kind: ClassVar[str] = "press"


@dataclass(frozen=True, slots=True)
class Turns:
    players: int
    moves: int = 0

    @property
    def seat(self) -> int:
        return self.moves % self.players


class TurnGame(Game[Turns]):
    """Seats press in turn; the game ends after `LENGTH` presses."""

    LENGTH = 40
    id = "turns"
    name = "Turns"
    min_players = 2
    max_players = 3
    codec = ActionCodec(Press)
    bots = {"random": random_legal}

    def setup(self, players: int, options: Mapping[str, Any], seed: int, carry: Any = None):
        return Turns(players)

    def active_seats(self, state: Turns) -> frozenset[int]:
        return frozenset() if state.moves >= self.LENGTH else frozenset({state.seat})

    def legal_actions(self, state: Turns, seat: int) -> tuple[Action, ...]:
        return (Press(),) if seat in self.active_seats(state) else ()

    def apply(self, state: Turns, seat: int, action: Action) -> Applied[Turns] | Refusal:
        if action not in self.legal_actions(state, seat):
            return Refusal("It is not your turn.")
        return Applied(replace(state, moves=state.moves + 1))

    def view(self, state: Turns, viewer: int | None) -> Mapping[str, Any]:
        return {}

    def result(self, state: Turns) -> Result | None:
        if state.moves < self.LENGTH:
            return None
        return Result((0,) * state.players, (1,) * state.players)


class Tab:
    """A listener standing for one open browser tab of a person."""

    def __init__(self, person_id: int | None) -> None:
        self.person_id = person_id
        self.updates = 0

    def changed(self) -> None:
        self.updates += 1


def toy_room(
    people: int = 2,
    clock: str = "off",
    scale: float = 1.0,
    grace: float = 60.0,
    store: MemoryStore | None = None,
    bot_delay: float = 0.01,
    game: Game[Any] | None = None,
) -> LiveRoom:
    """Returns a room of `people` seated persons (ids 1.., the first hosts), not started, for
    `game` (the turn game by default)."""
    game = game or TurnGame()
    row = RoomRow(1, "code", game.id, {}, True, 1, "open", clock)
    seats = [SeatRow(n, n + 1, None) for n in range(people)] + [SeatRow(people, None, None)]
    names = {n + 1: f"P{n + 1}" for n in range(people)}
    return LiveRoom(
        row,
        game,
        seats,
        names,
        store or MemoryStore(),  # type: ignore[arg-type]
        bot_delay,
        away_grace=grace,
        clock_scale=scale,
    )


async def started(live: LiveRoom, *tabs: Tab) -> LiveRoom:
    """Attaches the tabs and starts the game as the host."""
    for tab in tabs:
        live.attach(tab)
    assert await live.handle(1, {"cmd": "start"}) is None
    return live


async def press(live: LiveRoom, person: int) -> Refusal | None:
    match = live.match
    assert match is not None
    seat = match.seat_of(person)
    version = match.stamp(seat) if seat is not None else 0
    return await live.handle(person, {"cmd": "act", "kind": "press", "v": version})


async def until(check: Callable[[], bool], timeout: float = 5.0) -> None:
    """Waits for a condition (never a fixed time: the machine may be busy)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not check():
        assert loop.time() < deadline, "condition not met"
        await asyncio.sleep(0.01)
