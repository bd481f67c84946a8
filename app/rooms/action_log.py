"""The append-only action log, written with group commit.

Every accepted action must be committed before anyone sees it, and a commit is
the costly part of a move (a round trip, a WAL flush). One writer task takes
every action waiting at that moment, from all rooms, and commits them in one
transaction; each room's `append` returns once its own row is durable. Under a
light load a batch is one action and nothing waits; under a heavy one the cost
of a commit is shared. A room never has two actions in one batch: it holds its
lock until its append returns.

The writer commits a batch in one call on a thread of its own, with a synchronous
engine (`make_sync_engine`): one hop from the event loop per batch, instead of one
per statement through the async driver.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, insert, update
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine

from app.db.engine import make_sync_engine
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
        self.engine = make_sync_engine(engine.url.render_as_string(hide_password=False))
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="action-log")
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
        self._thread.shutdown(wait=True)
        self.engine.dispose()

    async def _write(self) -> None:
        assert self._queue is not None
        loop = asyncio.get_running_loop()
        while True:
            batch = [await self._queue.get()]
            while len(batch) < _MAX_BATCH and not self._queue.empty():
                batch.append(self._queue.get_nowait())
            errors = await loop.run_in_executor(self._thread, self._commit, batch)
            for entry, error in zip(batch, errors, strict=True):
                _settle(entry, error)

    def _commit(self, batch: list[Entry], retry: bool = True) -> list[BaseException | None]:
        """Commits the batch in one transaction (in the writer thread); returns each entry's
        error. If the batch fails, each entry is committed alone, so only a faulty one fails;
        a batch that met a dead connection (the database restarted) is tried again once."""
        try:
            with self.engine.begin() as conn:
                _store(conn, batch)
        except Exception as error:  # noqa: BLE001 - it belongs to the appender, not the writer
            if retry and isinstance(error, DBAPIError) and error.connection_invalidated:
                return self._commit(batch, retry=False)
            if len(batch) == 1:
                return [error]
            return [self._commit([entry], retry=False)[0] for entry in batch]
        return [None] * len(batch)


def _settle(entry: Entry, error: BaseException | None) -> None:
    if entry.done is not None and not entry.done.done():
        if error is None:
            entry.done.set_result(None)
        else:
            entry.done.set_exception(error)


def _store(conn: Connection, batch: list[Entry]) -> None:
    now = datetime.now(UTC)
    # The hot insert goes to the driver as plain SQL: SQLAlchemy's statement handling cost
    # more CPU than the insert itself. Values are stored as SQLAlchemy stores them.
    sqlite = conn.dialect.name == "sqlite"
    created = now.strftime("%Y-%m-%d %H:%M:%S.%f") if sqlite else now
    conn.exec_driver_sql(
        _INSERT_QMARK if conn.dialect.paramstyle == "qmark" else _INSERT_FORMAT,
        [(e.game_id, e.seq, e.seat, json.dumps(e.action), created) for e in batch],
    )
    for entry in batch:
        if entry.result is not None:
            _finish(conn, entry, entry.result, now)


_COLUMNS = f"INSERT INTO {ActionRow.__tablename__} (game_id, seq, seat, action, created_at) VALUES "
_INSERT_QMARK = _COLUMNS + "(?, ?, ?, ?, ?)"
_INSERT_FORMAT = _COLUMNS + "(%s, %s, %s, %s, %s)"


def _finish(conn: Connection, entry: Entry, result: Result, now: datetime) -> None:
    """Records how a game ended: its result, its room's status, each seat's final score."""
    conn.execute(
        update(GameRecord)
        .where(GameRecord.id == entry.game_id)
        .values(status="finished", result=_result_json(result), finished_at=now)
    )
    conn.execute(update(Room).where(Room.id == entry.room_id).values(status="finished"))
    conn.execute(
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
