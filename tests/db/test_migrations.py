"""The same Alembic migrations run up, down and up again on SQLite and PostgreSQL."""

from __future__ import annotations

from sqlalchemy import create_engine, inspect

from app.db.engine import sync_url
from app.db.migrate import downgrade, upgrade
from app.db.models import Base

TABLES = {"people", "rooms", "seats", "games", "actions", "final_scores"}


def tables(url: str) -> set[str]:
    engine = create_engine(sync_url(url))
    try:
        return set(inspect(engine).get_table_names()) - {"alembic_version"}
    finally:
        engine.dispose()


def test_upgrade_downgrade_upgrade(database_url: str) -> None:
    upgrade(database_url, quiet=True)
    assert tables(database_url) == TABLES
    downgrade(database_url, "base")
    assert tables(database_url) == set()
    upgrade(database_url, quiet=True)
    assert tables(database_url) == TABLES


def test_models_match_the_migrations(database_url: str) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    upgrade(database_url, quiet=True)
    engine = create_engine(sync_url(database_url))
    try:
        with engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    finally:
        engine.dispose()
    assert diff == []
