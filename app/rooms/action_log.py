"""The append-only action log, written with group commit.

Every accepted action must be committed before anyone sees it, and a commit is
the costly part of a move (a round trip, a WAL flush). One writer task takes
every action waiting at that moment, from all rooms, and commits them in one
transaction; each room's `append` returns once its own row is durable. Under a
light load a batch is one action and nothing waits; under a heavy one the cost
of a commit is shared. A room never has two actions in one batch: it holds its
lock until its append returns.

A batch of plain moves (no game ends in it) is one multi-row INSERT on a driver
connection the log keeps in autocommit: one statement is one atomic commit and
one round trip, where SQLAlchemy's transaction took three (BEGIN, INSERT, COMMIT)
and about five times the CPU. On PostgreSQL that connection is asyncpg's,
used on the event loop itself. SQLite's driver blocks, but its insert is shorter than
a hop to a thread, so it runs on the loop too (see `SqliteRows`). A batch that ends a
game writes several tables in one transaction, through SQLAlchemy on the log's thread.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import sqlite3
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

import asyncpg
from sqlalchemy import Connection, Engine, PoolProxiedConnection, insert, update
from sqlalchemy.engine import make_url
from sqlalchemy.exc import (
    DatabaseError,
    DBAPIError,
    IntegrityError,
    OperationalError,
    SQLAlchemyError,
    StatementError,
)
from sqlalchemy.ext.asyncio import AsyncEngine

from app.db.engine import make_sync_engine
from app.db.models import ActionRow, Campaign, FinalScore, GameRecord, Room
from app.games.core import Result
from app.history.record import record_end

log = logging.getLogger(__name__)

_MAX_BATCH = 256
_CHECKPOINT_ROWS = 500  # SQLite: about 1,500 log pages (a row commits about 3)


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
    at: datetime | None = None  # when the room committed it (its clocks count from it); None: now
    stand_in: str | None = None  # why a stand-in bot made the move, None for the seat's player
    campaign: tuple[int, int] | None = None  # (campaign, the version the game was set up from)
    done: asyncio.Future[None] | None = field(default=None, repr=False)


class Rows(Protocol):
    """Commits a batch of plain moves as one statement; raises a SQLAlchemy DBAPIError."""

    async def insert(self, batch: list[Entry]) -> None: ...

    async def close(self) -> None: ...


class ActionLog:
    """Appends entries through one writer task per process and event loop."""

    def __init__(self, engine: AsyncEngine) -> None:
        url = engine.url.render_as_string(hide_password=False)
        self.engine = make_sync_engine(url)  # games' ends; SQLite's rows
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="action-log")
        self._rows: Rows = (
            AsyncRows(url)
            if engine.dialect.name == "postgresql"
            else SqliteRows(self.engine, self._thread)
        )
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
        await self._rows.close()
        self._thread.shutdown(wait=True)
        self.engine.dispose()

    async def _write(self) -> None:
        assert self._queue is not None
        while True:
            batch = [await self._queue.get()]
            while len(batch) < _MAX_BATCH and not self._queue.empty():
                batch.append(self._queue.get_nowait())
            errors = await self._commit(batch)
            for entry, error in zip(batch, errors, strict=True):
                _settle(entry, error)

    async def _commit(self, batch: list[Entry], retry: bool = True) -> list[BaseException | None]:
        """Commits the batch atomically; returns each entry's error. If the batch fails,
        each entry is committed alone, so only a faulty one fails; a batch that met a dead
        connection (the database restarted) is tried again once."""
        try:
            if any(entry.result is not None for entry in batch):
                loop = asyncio.get_running_loop()
                await loop.run_in_executor(self._thread, self._close_games, batch)
            else:
                await self._rows.insert(batch)
        except Exception as error:  # noqa: BLE001 - it belongs to the appender, not the writer
            if retry and isinstance(error, DBAPIError) and error.connection_invalidated:
                return await self._commit(batch, retry=False)
            if len(batch) == 1:
                return [error]
            return [(await self._commit([entry], retry=False))[0] for entry in batch]
        return [None] * len(batch)

    def _close_games(self, batch: list[Entry]) -> None:
        with self.engine.begin() as conn:  # several tables, one transaction
            _store(conn, batch)


class AsyncRows:
    """PostgreSQL: an asyncpg connection of the log's own, on the event loop.

    asyncpg, not the app's psycopg, for this one statement: its protocol is compiled, and an
    insert cost about a third of psycopg's client CPU (`bench/README.md`, "The log's
    driver"); at 500 moves/s psycopg's insert was a tenth of the server's CPU. Outside a
    transaction each statement is its own commit. Its errors come back as SQLAlchemy's
    (IntegrityError for a repeated sequence number...), which is what the rooms catch.
    """

    def __init__(self, url: str) -> None:
        self._dsn = make_url(url).set(drivername="postgresql").render_as_string(False)
        self._conn: asyncpg.Connection[Any] | None = None

    async def insert(self, batch: list[Entry]) -> None:
        if self._conn is None or self._conn.is_closed():
            self._conn = await asyncpg.connect(self._dsn)
        sql = _insert_sql("numeric_dollar", len(batch))
        params = _row_values(batch, "postgresql")
        try:
            await self._conn.execute(sql, *params)
        except (*_LOST, asyncpg.PostgresError) as error:
            lost = self._conn.is_closed() or isinstance(error, _LOST)
            if lost:
                await self.close()
            raise _asyncpg_error(sql, params, error, lost) from error

    async def close(self) -> None:
        if self._conn is not None:
            self._conn.terminate()  # nothing to wait for: autocommit, no transaction open
            self._conn = None


# Errors after which the connection is of no more use: the server went away or shut down,
# or (seen when the server ended the connection while it was idle) the driver's protocol is
# in a state it cannot go on from.
_LOST = (
    asyncpg.PostgresConnectionError,
    asyncpg.InterfaceError,
    asyncpg.InternalClientError,
    asyncpg.exceptions.OperatorInterventionError,
    OSError,
)


def _asyncpg_error(sql: str, params: list[Any], error: Exception, lost: bool) -> DBAPIError:
    """Returns an asyncpg error as the SQLAlchemy error a DB-API driver's would become."""
    kind: type[DBAPIError] = DatabaseError
    if isinstance(error, asyncpg.IntegrityConstraintViolationError):
        kind = IntegrityError
    elif lost:
        kind = OperationalError
    return kind(sql, params, error, connection_invalidated=lost)


class SqliteRows:
    """SQLite: the driver's connection, in autocommit, called on the event loop itself.

    In WAL mode with synchronous=NORMAL a commit appends to the log without an fsync:
    tens of microseconds, less than the hop to a thread and back (which, with the
    interpreter lock and two context switches, cost more than the insert). What does
    fsync is a checkpoint, so this connection never runs one inside an insert
    (`wal_autocheckpoint=0`); the log's thread runs one every `_CHECKPOINT_ROWS` rows.
    Nor does it ever wait for the write lock on the loop: the app's other connection may
    hold it in a transaction that needs the loop to finish, so a busy insert goes to the
    thread instead.
    """

    def __init__(self, engine: Engine, thread: ThreadPoolExecutor) -> None:
        self.engine = engine
        self._thread = thread
        self._raw: PoolProxiedConnection | None = None
        self._rows = 0  # rows since the last checkpoint
        self._checkpoint: asyncio.Future[None] | None = None

    async def insert(self, batch: list[Entry]) -> None:
        dialect = self.engine.dialect
        raw = self._connection()
        sql = _insert_sql(dialect.paramstyle, len(batch))
        params = _row_values(batch, dialect.name)
        cursor = raw.cursor()
        try:
            try:
                cursor.execute(sql, params)
            except sqlite3.OperationalError as error:
                if error.sqlite_errorcode != sqlite3.SQLITE_BUSY:
                    raise
                # Another connection holds the write lock, perhaps in a transaction that
                # needs this very loop to go on: wait for it on the thread, not here.
                loop = asyncio.get_running_loop()
                await loop.run_in_executor(self._thread, self._insert_waiting, sql, params)
        except dialect.loaded_dbapi.Error as error:
            lost = dialect.is_disconnect(error, raw.dbapi_connection, cursor)
            if lost:
                self._drop()
            raise _as_sqlalchemy(sql, params, error, dialect.loaded_dbapi.Error, lost) from error
        finally:
            if self._raw is not None:
                cursor.close()
        self._rows += len(batch)
        if self._rows >= _CHECKPOINT_ROWS and (self._checkpoint is None or self._checkpoint.done()):
            self._rows = 0
            loop = asyncio.get_running_loop()
            self._checkpoint = loop.run_in_executor(self._thread, self._checkpoint_now)

    async def close(self) -> None:
        if self._checkpoint is not None:
            await asyncio.gather(self._checkpoint, return_exceptions=True)
        self._drop()

    def _connection(self) -> PoolProxiedConnection:
        if self._raw is None:
            raw = self.engine.raw_connection()
            # Typed as optional for a proxy already closed; one just checked out has it.
            assert raw.dbapi_connection is not None
            self.engine.dialect.set_isolation_level(raw.dbapi_connection, "AUTOCOMMIT")
            cursor = raw.cursor()
            cursor.execute("PRAGMA wal_autocheckpoint=0")
            cursor.execute("PRAGMA busy_timeout=0")  # never wait for a lock on the loop
            cursor.close()
            self._raw = raw
        return self._raw

    def _insert_waiting(self, sql: str, params: list[Any]) -> None:
        """The insert on the log's thread, through the pool's other connection, which waits
        for the write lock (busy_timeout) as long as it takes."""
        with self.engine.begin() as conn:
            conn.exec_driver_sql(sql, tuple(params))

    def _checkpoint_now(self) -> None:
        """Copies the write-ahead log into the database (PASSIVE: it never blocks the
        inserts, which go on appending to the log meanwhile)."""
        with self.engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def _drop(self) -> None:
        """Discards the connection: it is never handed back to the pool in autocommit."""
        if self._raw is not None:
            self._raw.invalidate()
            self._raw = None


def _as_sqlalchemy(
    sql: str, params: list[Any], error: Exception, base: type[Exception], lost: bool
) -> StatementError:
    """Returns the driver's error as SQLAlchemy raises it (IntegrityError for a repeated
    sequence number...), which is what the rooms catch.

    A driver's error (an instance of `base`) always comes back as a DBAPIError; the
    library types the result as its base, StatementError, for errors of other kinds."""
    return DBAPIError.instance(sql, params, error, base, connection_invalidated=lost)


def _settle(entry: Entry, error: BaseException | None) -> None:
    if entry.done is not None and not entry.done.done():
        if error is None:
            entry.done.set_result(None)
        else:
            entry.done.set_exception(error)


def _store(conn: Connection, batch: list[Entry]) -> None:
    now = datetime.now(UTC)
    conn.exec_driver_sql(
        _insert_sql(conn.dialect.paramstyle, len(batch)),
        tuple(_row_values(batch, conn.dialect.name)),
    )
    for entry in batch:
        if entry.result is not None:
            _finish(conn, entry, entry.result, now)


# The log's insert goes to the driver as plain SQL: SQLAlchemy's statement handling cost
# more CPU than the insert itself. Values are stored as SQLAlchemy stores them (a test
# reads them back through the models).
_COLUMNS = (
    f"INSERT INTO {ActionRow.__tablename__} (game_id, seq, seat, action, created_at, stand_in)"
    " VALUES "
)


@functools.cache
def _insert_sql(paramstyle: str, rows: int) -> str:
    if paramstyle == "numeric_dollar":  # asyncpg: $1, $2, ...
        markers = iter(range(1, 6 * rows + 1))
        values = ("(" + ", ".join(f"${next(markers)}" for _ in range(6)) + ")" for _ in range(rows))
        return _COLUMNS + ", ".join(values)
    marker = "?" if paramstyle == "qmark" else "%s"
    row = "(" + ", ".join([marker] * 6) + ")"
    return _COLUMNS + ", ".join([row] * rows)


def _row_values(batch: list[Entry], dialect: str) -> list[Any]:
    """Returns the batch's values in the order of `_insert_sql`'s markers."""
    now = datetime.now(UTC)
    return [
        value
        for e in batch
        for value in (
            e.game_id,
            e.seq,
            e.seat,
            json.dumps(e.action),
            _created_at(dialect, e.at or now),
            e.stand_in,
        )
    ]


def _created_at(dialect: str, now: datetime) -> datetime | str:
    return now.strftime("%Y-%m-%d %H:%M:%S.%f") if dialect == "sqlite" else now


class CampaignMoved(SQLAlchemyError):
    """A campaign game ended after another game of the campaign wrote its next version."""


def _finish(conn: Connection, entry: Entry, result: Result, now: datetime) -> None:
    """Records how a game ended: its result, its room's status, each seat's final score, and
    its campaign's next state."""
    if entry.campaign is not None:
        campaign_id, version = entry.campaign
        written = conn.execute(
            update(Campaign)
            .where(Campaign.id == campaign_id, Campaign.version == version)
            .values(version=version + 1, carry=result.carry, updated_at=now)
        )
        if written.rowcount != 1:  # the whole game end rolls back with it
            raise CampaignMoved(f"campaign {campaign_id} is no longer at version {version}")
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
    _record_history(conn, entry.game_id)


def _record_history(conn: Connection, game_id: int) -> None:
    """Writes the game's summary and ratings in its end's transaction. A failure there
    rolls back only them (a savepoint), never the game's end: `app.history.rebuild` writes
    them later."""
    try:
        with conn.begin_nested():
            record_end(conn, game_id)
    except Exception:  # noqa: BLE001 - nothing in them may lose the game's end
        log.exception("game %s: its summary and ratings were not written", game_id)


def _result_json(result: Result) -> dict[str, Any]:
    return {
        "scores": list(result.scores),
        "ranks": list(result.ranks),
        "rounds": [list(row) for row in result.rounds],
    }
