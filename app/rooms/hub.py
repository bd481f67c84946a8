"""The live rooms of one server process, loaded from the database on first use."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any

from app.games.core import Game
from app.games.registry import GAMES
from app.rooms.chat import load as load_chat
from app.rooms.live import LiveRoom
from app.rooms.pictures import Easel
from app.rooms.store import Store


class Hub:
    """Finds or loads the `LiveRoom` for an invite code; one per room per process."""

    def __init__(
        self,
        store: Store,
        bot_delay: float,
        away_grace: float = 60.0,
        clock_scale: float = 1.0,
        *,
        games: Mapping[str, Game[Any]] = GAMES,
        easel: Easel | None = None,
    ) -> None:
        self.store = store
        self.games = games
        self.easel = easel  # paints the pictures of every room's game
        self.bot_delay = bot_delay
        self.away_grace = away_grace
        self.clock_scale = clock_scale
        self._rooms: dict[str, LiveRoom] = {}
        self._loading = asyncio.Lock()

    async def room(self, code: str) -> LiveRoom | None:
        """Returns the live room, rebuilding it from its log after a restart."""
        live = self._rooms.get(code)
        if live is not None:
            return live
        async with self._loading:
            live = self._rooms.get(code)
            if live is None:
                live = await self._load(code)
                if live is not None:
                    self._rooms[code] = live
            return live

    async def _load(self, code: str) -> LiveRoom | None:
        row = await self.store.room_by_code(code)
        game = self.games.get(row.game_type) if row else None
        if row is None or game is None:
            return None
        seats = await self.store.seats(row.id)
        record = await self.store.latest_game(row.id)
        person_ids = [s.person_id for s in seats if s.person_id is not None]
        if record:
            person_ids += [p["person_id"] for p in record.players if p.get("person_id")]
        names = await self.store.person_names(person_ids)
        live = LiveRoom(
            row,
            game,
            seats,
            names,
            self.store,
            self.bot_delay,
            away_grace=self.away_grace,
            clock_scale=self.clock_scale,
            easel=self.easel,
        )
        if record is not None:
            await live.restore(record)
        await load_chat(live)
        return live

    def occupied(self) -> list[int]:
        """Returns the ids of the loaded rooms somebody is at now (a tab connected)."""
        return [live.row.id for live in self._rooms.values() if live.listeners]

    def renamed(self, person_id: int, name: str) -> None:
        """Shows a person's new name in loaded rooms; a game keeps the name it began with."""
        for live in self._rooms.values():
            live.rename(person_id, name)
