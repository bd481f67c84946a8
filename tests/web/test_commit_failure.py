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
