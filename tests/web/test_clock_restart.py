"""A turn clock keeps its deadline across a server restart: the server is killed by its PID
while a seat's clock runs and started again on the same database; the seat runs out at the
moment it would have without the restart, not a full clock later."""

from __future__ import annotations

import asyncio
import re
import time
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import create_engine, text

from app.db.engine import sync_url
from app.games.core.clock import PRESETS
from tests.support.server import LiveServer
from tests.support.tabs import Tab, join

SCALE = 0.12  # fast: 120 s bank + 8 s a move -> 14.4 s + 0.96 s (a slow restart fits)
DEADLINE = (PRESETS["fast"].bank + PRESETS["fast"].allowance) * SCALE
TOLERANCE = 0.3


def rows(url: str, sql: str) -> list[tuple[object, ...]]:
    engine = create_engine(sync_url(url))
    try:
        with engine.connect() as conn:
            return [tuple(row) for row in conn.execute(text(sql))]
    finally:
        engine.dispose()


def epoch(value: object) -> float:
    moment = value if isinstance(value, datetime) else datetime.fromisoformat(str(value))
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).timestamp()


async def started_room(server: LiveServer) -> tuple[str, str, Tab]:
    """Ann opens a fast-clock room, Bob sits, Ann starts; returns (code, Ann's cookie, tab)."""
    code, ann_cookie = join(server.url, "Ann", options={"clock": "fast"})
    _code, bob_cookie = join(server.url, "Bob", code)
    ann = await Tab.open(server.url, code, ann_cookie)
    bob = await Tab.open(server.url, code, bob_cookie)
    await bob.until(lambda t: {"cmd": "sit", "seat": 1} in t.commands())
    await bob.send({"cmd": "sit", "seat": 1})
    await ann.until(lambda t: any(c.get("cmd") == "start" for c in t.commands()))
    await ann.send({"cmd": "start"})
    await ann.until(lambda t: bool(running_clock(t)))
    await bob.close()
    return code, ann_cookie, ann


def running_clock(tab: Tab) -> str:
    """Returns the HTML of the clock counting down in the seats, or ''."""
    clocks = [html for name, html in tab.parts.items() if name.startswith("clock-")]
    return next((html for html in clocks if "clock running" in html), "")


def countdown(tab: Tab) -> float:
    """Returns the seconds left the running clock showed when it arrived."""
    found = re.search(r'data-countdown="([\d.]+)"', running_clock(tab))
    assert found, tab.parts
    return float(found.group(1))


async def test_a_running_clock_runs_out_at_the_same_moment_after_a_restart(
    database_url: str, tmp_path: Path
) -> None:
    server = LiveServer(database_url, tmp_path, settings={"GAMENIGHT_CLOCK_SCALE": str(SCALE)})
    server.start()
    try:
        code, cookie, ann = await started_room(server)
        ((started,),) = rows(database_url, "SELECT started_at FROM games")
        deadline = epoch(started) + DEADLINE
        await asyncio.sleep(1.0)
        server.kill()  # by its PID, with the clock running
        await ann.close()
        server.start()  # the same database, the same port
        assert time.time() < deadline - 1.0, "the restart took too long for this test"
        ann = await Tab.open(server.url, code, cookie)  # Ann is back at the table
        await ann.until(lambda t: bool(running_clock(t)))
        assert abs(countdown(ann) - (deadline - time.time())) < 1.0  # not a full clock again
        while not rows(database_url, "SELECT seq FROM actions") and time.time() < deadline + 5:
            await asyncio.sleep(0.05)
        ((seq, at, stand_in),) = rows(database_url, "SELECT seq, created_at, stand_in FROM actions")
        assert (seq, stand_in) == (1, "time")
        assert abs(epoch(at) - deadline) < TOLERANCE  # a restart from full: 1 s and more later
        await ann.close()
    finally:
        server.close()
