"""Client CPU of the action log's insert on PostgreSQL, one move per statement.

Each accepted move is one INSERT committed before anyone sees it (`AsyncRows`). This
times that insert alone, in a loop on the event loop, as the server makes it at light
load (one move per batch): CPU time of this process per insert, so the figure holds on
a busy machine. PostgreSQL's own CPU is not in it.

    .venv/bin/python -m bench.log_insert [--inserts 3000] [--url postgresql+psycopg://...]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
import uuid

from sqlalchemy import create_engine, text

from app.db.models import Base
from app.rooms.action_log import AsyncRows, Entry

DEFAULT_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"


async def _run(url: str, inserts: int, rounds: int) -> list[float]:
    rows = AsyncRows(url)
    figures = []
    seq = 0
    try:
        for _ in range(rounds):
            started = time.process_time()
            for _ in range(inserts):
                seq += 1
                await rows.insert([Entry(1, seq, 0, {"kind": "draw", "pile": 2})])
            figures.append((time.process_time() - started) / inserts * 1e6)
    finally:
        await rows.close()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inserts", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--url", default=DEFAULT_URL)
    args = parser.parse_args()
    scratch = f"gn_bench_{uuid.uuid4().hex[:8]}"
    admin = create_engine(args.url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f"CREATE DATABASE {scratch}"))
    url = args.url.rsplit("/", 1)[0] + "/" + scratch
    try:
        engine = create_engine(url)
        Base.metadata.create_all(engine)
        with engine.begin() as conn:  # no game row to point at: drop the foreign key
            name = conn.execute(
                text(
                    "SELECT conname FROM pg_constraint"
                    " WHERE conrelid = 'actions'::regclass AND contype = 'f'"
                )
            ).scalar_one()
            conn.execute(text(f'ALTER TABLE actions DROP CONSTRAINT "{name}"'))
        engine.dispose()
        figures = asyncio.run(_run(url, args.inserts, args.rounds))
    finally:
        with admin.connect() as conn:
            conn.execute(text(f"DROP DATABASE IF EXISTS {scratch} WITH (FORCE)"))
        admin.dispose()
    print(
        {
            "inserts_per_round": args.inserts,
            "us_cpu_per_insert": [round(f, 1) for f in figures],
            "median": round(statistics.median(figures), 1),
        }
    )


if __name__ == "__main__":
    main()
