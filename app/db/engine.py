"""Creating the database engines for SQLite or PostgreSQL: async for the app, and one
synchronous engine for the action log's writer thread."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine


def sync_url(url: str) -> str:
    """Returns the URL with a synchronous driver, for Alembic."""
    parsed = make_url(url)
    driver = {"sqlite+aiosqlite": "sqlite", "postgresql+asyncpg": "postgresql+psycopg"}.get(
        parsed.drivername, parsed.drivername
    )
    return parsed.set(drivername=driver).render_as_string(hide_password=False)


def async_url(url: str) -> str:
    """Returns the URL with an asyncio driver, accepting plain sqlite:// and postgresql:// too."""
    parsed = make_url(url)
    driver = {"sqlite": "sqlite+aiosqlite", "postgresql": "postgresql+psycopg"}.get(
        parsed.drivername, parsed.drivername
    )
    return parsed.set(drivername=driver).render_as_string(hide_password=False)


def ensure_sqlite_dir(url: str) -> None:
    """Creates the folder of a SQLite file so a fresh clone just works."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite" and parsed.database not in (None, "", ":memory:"):
        Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL lets readers run beside the one writer; NORMAL sync is durable across app
    # crashes (only an OS crash can lose the last commits) and far faster than FULL.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def make_engine(url: str) -> AsyncEngine:
    """Returns an async engine for the URL, tuned per backend."""
    url = async_url(url)
    ensure_sqlite_dir(url)
    if make_url(url).get_backend_name() == "sqlite":
        # SQLite has one writer at a time; several pooled connections only queue in its
        # busy handler (and fail with "database is locked" under load). One connection,
        # shared in turn, serialises writes in the event loop instead.
        engine = create_async_engine(url, pool_size=1, max_overflow=0, pool_timeout=60)
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        return engine
    return create_async_engine(url, pool_size=10, max_overflow=10, pool_pre_ping=True)


def make_sync_engine(url: str) -> Engine:
    """Returns a synchronous engine for the URL, for the action log (`app/rooms/action_log.py`).

    The log commits a game's end in one call on its thread: through the async engine the
    same transaction took about ten hops between the event loop and the driver's thread.
    """
    url = sync_url(url)
    ensure_sqlite_dir(url)
    if make_url(url).get_backend_name() == "sqlite":
        # Two connections: the log's autocommit one, held by the event loop, and one for its
        # thread (games' ends, checkpoints, an insert that must wait for the write lock).
        engine = create_engine(url, pool_size=2, max_overflow=0, pool_timeout=60)
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    # PostgreSQL's log inserts through its own async connection; this engine only closes
    # games. No pre-ping: a connection found dead fails its batch and is replaced (the
    # action log retries such a batch once).
    return create_engine(url, pool_size=2, max_overflow=0)
