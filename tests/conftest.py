"""Shared fixtures: databases (SQLite always, PostgreSQL when reachable) and live servers."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.server import LiveServer
from tests.support.services import fresh_postgres


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database: a SQLite file, or a new PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'gamenight.db'}"
    else:
        with fresh_postgres() as url:
            yield url


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path / 'gamenight.db'}"


@pytest.fixture
def server(database_url: str, tmp_path: Path) -> Iterator[LiveServer]:
    """A running server on a fresh database (both backends)."""
    live = LiveServer(database_url, tmp_path).start()
    yield live
    live.close()


@pytest.fixture
def sqlite_server(sqlite_url: str, tmp_path: Path) -> Iterator[LiveServer]:
    """A running server on a fresh SQLite file, for tests that do not depend on the backend."""
    live = LiveServer(sqlite_url, tmp_path).start()
    yield live
    live.close()
