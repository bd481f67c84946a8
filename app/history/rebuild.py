"""Rebuilds every game summary and rating from the stored games (after an import, or a
change to the rating rules): `python -m app.history.rebuild` (uses GAMENIGHT_DATABASE_URL)."""

from __future__ import annotations

import time

from app.db.engine import make_sync_engine
from app.history.record import rebuild


def main(database_url: str) -> None:
    engine = make_sync_engine(database_url)
    try:
        began = time.perf_counter()
        with engine.begin() as conn:
            games = rebuild(conn)
        took = time.perf_counter() - began
        print(f"rebuilt the summaries and ratings of {games} games in {took:.1f} s")
    finally:
        engine.dispose()


if __name__ == "__main__":
    from app.config import Settings

    main(Settings().database_url)
