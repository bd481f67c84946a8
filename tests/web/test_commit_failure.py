"""A move whose commit fails did not happen: the player is told, nothing changes."""

from __future__ import annotations

from typing import Any

from sqlalchemy.exc import OperationalError

from app.games.core import Refusal
from app.games.four_pints import GAME
from app.rooms.live import UNSAVED, LiveRoom, Match, Player
from app.rooms.store import RoomRow, SeatRow


class BrokenStore:
    async def append_action(self, *args: Any, **kwargs: Any) -> None:
        raise OperationalError("INSERT", {}, Exception("database is locked"))


async def test_failed_commit_refuses_the_move_and_keeps_the_state() -> None:
    row = RoomRow(1, "code", GAME.id, {}, True, 1, "playing")
    live = LiveRoom(row, GAME, [SeatRow(0, 1, None), SeatRow(1, 2, None)], {}, BrokenStore(), 0)  # type: ignore[arg-type]
    state = GAME.setup(2, {}, 3)
    live.match = Match(1, state, [Player("A", 1), Player("B", 2)])
    seat = min(GAME.active_seats(state))
    refusal = await live.handle(seat + 1, {"cmd": "act", "kind": "reveal", "v": 0})
    assert refusal == UNSAVED and isinstance(refusal, Refusal)
    assert live.match.state is state and live.match.version == 0 and live.match.log == []


class BrokenChatStore:
    async def add_chat(self, *args: Any, **kwargs: Any) -> int:
        raise OperationalError("INSERT", {}, Exception("database is locked"))

    async def person_names(self, ids: Any) -> dict[int, str]:
        return {person: f"P{person}" for person in ids}


class Watching:
    person_id = 2

    def __init__(self) -> None:
        self.told = 0

    def changed(self) -> None:
        self.told += 1


async def test_a_chat_line_whose_commit_fails_is_refused_and_shown_to_nobody() -> None:
    row = RoomRow(1, "code", GAME.id, {}, True, 1, "playing")
    live = LiveRoom(row, GAME, [SeatRow(0, 1, None), SeatRow(1, 2, None)], {}, BrokenChatStore(), 0)  # type: ignore[arg-type]
    watching = Watching()
    live.listeners.add(watching)  # type: ignore[arg-type]
    refusal = await live.handle(1, {"cmd": "say", "text": "hello"})
    assert refusal == UNSAVED
    assert list(live.chat.lines) == [] and watching.told == 0 and live.revision == 0
    assert live.chat.buckets == {}  # a line that did not happen does not count against the rate
