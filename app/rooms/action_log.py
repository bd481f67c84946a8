"""The append-only action log, written with group commit.

Every accepted action must be committed before anyone sees it, and a commit is
the costly part of a move (a round trip, a WAL flush). One writer task takes
every action waiting at that moment, from all rooms, and commits them in one
transaction; each room's `append` returns once its own row is durable. Under a
light load a batch is one action and nothing waits; under a heavy one the cost
of a commit is shared. A room never has two actions in one batch: it holds its
lock until its append returns.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import insert, update
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from app.db.models import ActionRow, FinalScore, GameRecord, Room
from app.games.core import Result

_MAX_BATCH = 256


@dataclass(slots=True)
class Entry:
    """One action to log; `result` also closes its game (with its room and final scores)."""

    game_id: int
    seq: int
    seat: int
    action: dict[str, Any]
    result: Result | None = None
    room_id: int | None = None
    players: Sequence[dict[str, Any]] = ()
    done: asyncio.Future[None] | None = field(default=None, repr=False)


class ActionLog:
    """Appends entries through one writer task per process and event loop."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._queue: asyncio.Queue[Entry] | None = None
        self._writer: asyncio.Task[None] | None = None

    async def append(self, entry: Entry) -> None:
        """Returns once the entry is committed; raises what its commit raised."""
        loop = asyncio.get_running_loop()
        if self._writer is None or self._writer.done():
            self._queue = asyncio.Queue()
            self._writer = loop.create_task(self._write())
        entry.done = loop.create_future()
        assert self._queue is not None
        self._queue.put_nowait(entry)
        await entry.done

    async def close(self) -> None:
        if self._writer is not None:
            self._writer.cancel()

    async def _write(self) -> None:
        assert self._queue is not None
        while True:
            batch = [await self._queue.get()]
            while len(batch) < _MAX_BATCH and not self._queue.empty():
                batch.append(self._queue.get_nowait())
            await self._commit(batch)

    async def _commit(self, batch: list[Entry]) -> None:
        try:
            async with self.engine.begin() as conn:
                await _store(conn, batch)
        except Exception as error:  # noqa: BLE001 - it belongs to the appender, not the writer
            if len(batch) == 1:
                _settle(batch, error)
                return
            for entry in batch:  # find the entry at fault: commit each alone
                await self._commit([entry])
            return
        _settle(batch, None)


def _settle(batch: list[Entry], error: BaseException | None) -> None:
    for entry in batch:
        if entry.done is not None and not entry.done.done():
            if error is None:
                entry.done.set_result(None)
            else:
                entry.done.set_exception(error)


async def _store(conn: AsyncConnection, batch: list[Entry]) -> None:
    now = datetime.now(UTC)
    await conn.execute(
        insert(ActionRow),
        [
            {
                "game_id": e.game_id,
                "seq": e.seq,
                "seat": e.seat,
                "action": e.action,
                "created_at": now,
            }
            for e in batch
        ],
    )
    for entry in batch:
        if entry.result is not None:
            await _finish(conn, entry, entry.result, now)


async def _finish(conn: AsyncConnection, entry: Entry, result: Result, now: datetime) -> None:
    """Records how a game ended: its result, its room's status, each seat's final score."""
    await conn.execute(
        update(GameRecord)
        .where(GameRecord.id == entry.game_id)
        .values(status="finished", result=_result_json(result), finished_at=now)
    )
    await conn.execute(update(Room).where(Room.id == entry.room_id).values(status="finished"))
    await conn.execute(
        insert(FinalScore),
        [
            {
                "game_id": entry.game_id,
                "seat_no": seat_no,
                "person_id": player.get("person_id"),
                "bot": player.get("bot"),
                "score": result.scores[seat_no],
                "rank": result.ranks[seat_no],
                "rounds": [row[seat_no] for row in result.rounds],
            }
            for seat_no, player in enumerate(entry.players)
        ],
    )


def _result_json(result: Result) -> dict[str, Any]:
    return {
        "scores": list(result.scores),
        "ranks": list(result.ranks),
        "rounds": [list(row) for row in result.rounds],
    }
