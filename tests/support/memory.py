"""An in-memory stand-in for `Store`, for room tests that need no database."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from app.rooms.store import LogRow


class MemoryStore:
    """Keeps what a room writes: the log (with commit times and stand-ins), seats, players."""

    def __init__(self) -> None:
        self.rows: list[tuple[int, int, dict[str, Any], float, str | None]] = []
        self.players: list[dict[str, Any]] = []
        self.seats: dict[int, tuple[int | None, str | None]] = {}
        self.started: tuple[dict[str, Any] | None, float] = (None, 0.0)
        self.dealt: tuple[int, Any] = (0, None)  # the last game's seed and options

    async def append_action(
        self,
        game_id: int,
        seq: int,
        seat: int,
        action: dict[str, Any],
        result: Any = None,
        room_id: int | None = None,
        players: Any = (),
        at: datetime | None = None,
        stand_in: str | None = None,
        campaign: tuple[int, int] | None = None,
    ) -> None:
        assert at is not None, "a room always says when it committed a move"
        self.rows.append((seq, seat, action, at.timestamp(), stand_in))

    async def room_seen(self, room_id: int, at: float) -> None:
        self.seen_at = at

    @property
    def actions(self) -> list[tuple[int, int, dict[str, Any]]]:
        return [(seq, seat, action) for seq, seat, action, _at, _by in self.rows]

    async def log(self, game_id: int) -> list[LogRow]:
        return [LogRow(seat, action, at, by) for _seq, seat, action, at, by in self.rows]

    async def start_game(self, room_id: int, game_type: str, seed: int, options: Any,
                         players: list[dict[str, Any]], carry: Any = None,
                         clock: dict[str, Any] | None = None,
                         started_at: datetime | None = None, rules_version: int = 1,
                         campaign: tuple[int, int] | None = None) -> int:  # fmt: skip
        self.players = players
        self.started = (clock, started_at.timestamp() if started_at else 0.0)
        self.dealt = (seed, options)
        return 1

    async def set_players(self, game_id: int, players: list[dict[str, Any]]) -> None:
        self.players = players

    async def set_seat(self, room_id: int, seat_no: int, person: int | None, bot: str | None):
        self.seats[seat_no] = (person, bot)

    async def person_names(self, ids: Any) -> dict[int, str]:
        return {person: f"Person {person}" for person in ids}
