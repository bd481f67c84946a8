"""Optional services for tests: skipped with a reason, or failed when CI requires them."""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

REQUIRE_ALL = os.environ.get("GAMENIGHT_REQUIRE_ALL") == "1"
POSTGRES_URL = os.environ.get(
    "GAMENIGHT_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)
CHROMIUM = os.environ.get("GAMENIGHT_CHROMIUM", "/usr/bin/chromium")


def unavailable(reason: str) -> None:
    """Skips the test with a visible reason, or fails it when every test is required."""
    if REQUIRE_ALL:
        pytest.fail(f"required by GAMENIGHT_REQUIRE_ALL=1 but unavailable: {reason}")
    pytest.skip(reason)


def _admin_connect():  # type: ignore[no-untyped-def]
    import psycopg

    url = POSTGRES_URL.replace("postgresql+psycopg://", "postgresql://")
    return psycopg.connect(url, autocommit=True, connect_timeout=3)


@contextmanager
def fresh_postgres() -> Iterator[str]:
    """Yields the URL of a new empty PostgreSQL database, dropped afterwards."""
    try:
        admin = _admin_connect()
    except Exception as error:  # noqa: BLE001 - any failure means "not available here"
        unavailable(f"PostgreSQL not reachable at {POSTGRES_URL}: {error}")
    name = f"gn_test_{uuid.uuid4().hex[:12]}"
    with admin:
        admin.execute(f'CREATE DATABASE "{name}"')
        try:
            base, _sep, _db = POSTGRES_URL.rpartition("/")
            yield f"{base}/{name}"
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def chromium_path() -> str:
    """Returns the Debian chromium binary, or skips/fails when it is missing."""
    path = shutil.which(CHROMIUM) or (CHROMIUM if os.path.exists(CHROMIUM) else None)
    if path is None:
        unavailable(f"Chromium not installed at {CHROMIUM} (apt-get install chromium)")
    try:
        import playwright  # noqa: F401
    except ImportError:
        unavailable("the playwright package is not installed")
    return path  # type: ignore[return-value]
