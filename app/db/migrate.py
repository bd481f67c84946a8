"""Applying Alembic migrations from code (server start, tests)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config

from app.db.engine import ensure_sqlite_dir, sync_url

_ROOT = Path(__file__).resolve().parents[2]


def alembic_config(database_url: str) -> Config:
    """Returns an Alembic config pointing at our migrations and this database."""
    config = Config(str(_ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(_ROOT / "migrations"))
    config.set_main_option("sqlalchemy.url", sync_url(database_url).replace("%", "%%"))
    return config


def upgrade(database_url: str, revision: str = "head", quiet: bool = False) -> None:
    """Migrates the database to a revision (head by default)."""
    ensure_sqlite_dir(sync_url(database_url))
    config = alembic_config(database_url)
    config.attributes["skip_logging"] = quiet
    command.upgrade(config, revision)


def downgrade(database_url: str, revision: str) -> None:
    """Migrates the database down to a revision."""
    command.downgrade(alembic_config(database_url), revision)


if __name__ == "__main__":
    from app.config import Settings

    upgrade(Settings().database_url)
