"""The store on both backends: rooms, seats, the append-only log, final scores."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator

import pytest
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from app.db.engine import make_engine
from app.db.migrate import upgrade
from app.db.models import FinalScore
from app.games.core import Result
from app.rooms.store import Store


@pytest.fixture
async def store(database_url: str):  # type: ignore[no-untyped-def]
    upgrade(database_url, quiet=True)
    engine = make_engine(database_url)
    yield Store(engine)
    await engine.dispose()


@contextlib.asynccontextmanager
async def store_at(url: str) -> AsyncIterator[Store]:
    """A migrated store on `url`, closed (its log's connections too) at the end."""
    upgrade(url, quiet=True)
    engine = make_engine(url)
    store = Store(engine)
    try:
        yield store
    finally:
        await store.close()
        await engine.dispose()


async def new_game(store: Store) -> int:
    """Starts a game in a fresh two-seat room; returns its id."""
    host = await store.create_person("Ann")
    code = await store.create_room("four-pints", {}, host, seats=2, listed=False)
    room = await store.room_by_code(code)
    assert room is not None
    return await store.start_game(room.id, "four-pints", 1, {}, [])


async def test_room_lifecycle_and_log(store: Store) -> None:
    host = await store.create_person("Ann")
    code = await store.create_room("four-pints", {}, host, seats=4, listed=True)
    room = await store.room_by_code(code)
    assert room is not None and room.host_id == host and room.status == "open"
    assert [s.person_id for s in await store.seats(room.id)] == [host, None, None, None]
    await store.set_seat(room.id, 1, None, "greedy")
    players = [{"name": "Ann", "person_id": host, "bot": None}, {"name": "Bot", "bot": "greedy"}]
    game_id = await store.start_game(room.id, "four-pints", 42, {}, players)
    await store.append_action(game_id, 1, 0, {"kind": "reveal"})
    await store.append_action(game_id, 2, 0, {"kind": "pass"})
    result = Result(scores=(5, 9), ranks=(2, 1), rounds=((2, 4), (3, 5)))
    await store.append_action(game_id, 3, 1, {"kind": "reveal"}, result, room.id, players)
    assert await store.actions(game_id) == [
        (0, {"kind": "reveal"}),
        (0, {"kind": "pass"}),
        (1, {"kind": "reveal"}),
    ]
    assert (await store.room_by_code(code)).status == "finished"  # type: ignore[union-attr]
    async with store.session() as session:
        scores = (await session.execute(select(FinalScore).order_by(FinalScore.seat_no))).scalars()
        rows = [(s.person_id, s.bot, s.score, s.rank, s.rounds) for s in scores]
    assert rows == [(host, None, 5, 2, [2, 3]), (None, "greedy", 9, 1, [4, 5])]


async def test_sequence_numbers_are_unique_per_game(store: Store) -> None:
    host = await store.create_person("Ann")
    code = await store.create_room("four-pints", {}, host, seats=2, listed=False)
    room = await store.room_by_code(code)
    assert room is not None
    game_id = await store.start_game(room.id, "four-pints", 1, {}, [])
    await store.append_action(game_id, 1, 0, {"kind": "reveal"})
    with pytest.raises(IntegrityError):
        await store.append_action(game_id, 1, 0, {"kind": "pass"})
    assert await store.actions(game_id) == [(0, {"kind": "reveal"})]


async def test_unlisted_rooms_stay_out_of_the_lobby(store: Store) -> None:
    host = await store.create_person("Ann")
    listed = await store.create_room("four-pints", {}, host, seats=2, listed=True)
    await store.create_room("four-pints", {}, host, seats=2, listed=False)
    assert [room.code for room, _seated, _seats in await store.listed_rooms(0.0)] == [listed]


async def test_rooms_nobody_was_at_since_are_left_out_unless_somebody_is_here(
    store: Store,
) -> None:
    host = await store.create_person("Ann")
    code = await store.create_room("four-pints", {}, host, seats=2, listed=True)
    room = await store.room_by_code(code)
    assert room is not None and abs(room.seen_at - time.time()) < 60
    await store.room_seen(room.id, time.time() - 2 * 86400)
    since = time.time() - 86400

    async def listed(here: list[int]) -> list[str]:
        return [row.code for row, _seated, _seats in await store.listed_rooms(since, here)]

    assert await listed([]) == []
    assert await listed([room.id]) == [code]  # a tab open for longer than a day
    await store.room_seen(room.id, time.time())
    assert await listed([]) == [code]


async def test_concurrent_appends_share_commits_and_a_bad_one_fails_alone(store: Store) -> None:
    host = await store.create_person("Ann")
    codes = [await store.create_room("four-pints", {}, host, 2, False) for _ in range(20)]
    rooms = [await store.room_by_code(code) for code in codes]
    games = [await store.start_game(r.id, "four-pints", 1, {}, []) for r in rooms if r]
    await store.append_action(games[0], 1, 0, {"kind": "reveal"})
    appends = [store.append_action(game, 1, 0, {"kind": "reveal"}) for game in games[1:]]
    appends.append(store.append_action(games[0], 1, 0, {"kind": "pass"}))  # duplicate seq
    outcomes = await asyncio.gather(*appends, return_exceptions=True)
    assert all(outcome is None for outcome in outcomes[:-1])
    assert isinstance(outcomes[-1], IntegrityError)
    for game in games:
        assert await store.actions(game) == [(0, {"kind": "reveal"})]


async def test_the_action_log_reads_back_as_the_models_describe_it(store: Store) -> None:
    """The log's insert bypasses SQLAlchemy's statement layer; what it wrote must read back
    through the models like any other row (JSON as a dict, the time as a datetime)."""
    from datetime import UTC, datetime, timedelta

    from app.db.models import ActionRow

    host = await store.create_person("Ann")
    code = await store.create_room("four-pints", {}, host, seats=2, listed=False)
    room = await store.room_by_code(code)
    assert room is not None
    game_id = await store.start_game(room.id, "four-pints", 1, {}, [])
    action = {"kind": "buy", "slot": 2, "note": "quote ' and \" and ünïcode"}
    await store.append_action(game_id, 1, -1, action)
    async with store.session() as session:
        row = (await session.execute(select(ActionRow))).scalars().one()
    assert (row.game_id, row.seq, row.seat, row.action) == (game_id, 1, -1, action)
    created = row.created_at if row.created_at.tzinfo else row.created_at.replace(tzinfo=UTC)
    assert abs(datetime.now(UTC) - created) < timedelta(minutes=1)


async def test_the_log_reconnects_when_its_connection_is_cut() -> None:
    """The log keeps one driver connection of its own; when PostgreSQL drops it (as on a
    restart), the next append fails on it, is retried once on a new one, and lands."""
    from sqlalchemy import text

    from tests.support.services import fresh_postgres

    with fresh_postgres() as url:
        async with store_at(url) as store:
            game_id = await new_game(store)
            await store.append_action(game_id, 1, 0, {"kind": "reveal"})
            async with store.session() as session:
                cut = await session.execute(
                    text(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                        "WHERE datname = current_database() AND pid <> pg_backend_pid()"
                    )
                )
                assert any(row[0] for row in cut)
            await store.append_action(game_id, 2, 0, {"kind": "pass"})
            assert await store.actions(game_id) == [
                (0, {"kind": "reveal"}),
                (0, {"kind": "pass"}),
            ]


async def test_the_log_reconnects_when_its_driver_cannot_go_on() -> None:
    """A connection the server ended while it was idle can leave asyncpg's protocol in a
    state it cannot go on from (InternalClientError, seen in a full run of the test above):
    that connection is dropped too, and the append lands on a new one."""
    import asyncpg

    from tests.support.services import fresh_postgres

    with fresh_postgres() as url:
        async with store_at(url) as store:
            game_id = await new_game(store)
            await store.append_action(game_id, 1, 0, {"kind": "reveal"})
            rows = store._log._rows

            class Stuck:
                """The log's connection, its protocol in a state it cannot go on from."""

                def __init__(self, real: asyncpg.Connection) -> None:
                    self.real = real

                async def execute(self, *args: object) -> None:
                    raise asyncpg.InternalClientError("cannot switch to state 12")

                def is_closed(self) -> bool:
                    return False

                def terminate(self) -> None:
                    self.real.terminate()

            stuck = rows._conn = Stuck(rows._conn)  # type: ignore[attr-defined]
            await store.append_action(game_id, 2, 0, {"kind": "pass"})
            assert rows._conn is not stuck  # type: ignore[attr-defined]
            assert await store.actions(game_id) == [(0, {"kind": "reveal"}), (0, {"kind": "pass"})]


async def test_sqlite_log_is_checkpointed_off_the_event_loop(
    tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The log's SQLite connection never checkpoints inside an insert (that fsyncs on the
    event loop); the log's thread does it every so many rows, so the write-ahead log stays
    small instead of growing with every move."""
    from app.rooms import action_log

    monkeypatch.setattr(action_log, "_CHECKPOINT_ROWS", 5)
    async with store_at(f"sqlite+aiosqlite:///{tmp_path / 'log.db'}") as store:
        game_id = await new_game(store)
        rows = store._log._rows
        assert isinstance(rows, action_log.SqliteRows)
        for seq in range(1, 121):
            await store.append_action(game_id, seq, 0, {"kind": "reveal", "pad": "x" * 200})
            # Moves are far apart next to a checkpoint's few milliseconds: let a running one
            # finish, as it would between moves (a busy test machine must not decide this).
            if rows._checkpoint is not None:
                await rows._checkpoint
        assert len(await store.actions(game_id)) == 120
        # 120 commits of about three 4 KiB pages each would make a log of ~1.4 MiB.
        assert (tmp_path / "log.db-wal").stat().st_size < 400_000


async def test_sqlite_log_never_waits_for_a_lock_on_the_event_loop(tmp_path) -> None:
    """The log inserts on the event loop, but when another connection holds SQLite's write
    lock (as the app's does during a multi-statement transaction, which needs the loop to go
    on) the insert waits on the log's thread: the loop stays free, and the move lands once the
    lock is released."""
    import sqlite3
    import time

    path = tmp_path / "locked.db"
    async with store_at(f"sqlite+aiosqlite:///{path}") as store:
        game_id = await new_game(store)
        await store.append_action(game_id, 1, 0, {"kind": "reveal"})
        blocker = sqlite3.connect(path, isolation_level=None)
        blocker.execute("BEGIN IMMEDIATE")  # holds the write lock
        try:
            append = asyncio.create_task(store.append_action(game_id, 2, 0, {"kind": "pass"}))
            started = time.monotonic()
            await asyncio.sleep(0.05)
            assert time.monotonic() - started < 0.5  # the loop was not blocked
            assert not append.done()
        finally:
            blocker.execute("COMMIT")
            blocker.close()
        await asyncio.wait_for(append, 5)
        assert await store.actions(game_id) == [(0, {"kind": "reveal"}), (0, {"kind": "pass"})]


async def test_the_log_keeps_each_moves_commit_time_and_stand_in(store: Store) -> None:
    """The room's clocks are rebuilt from the times it committed moves at, so those are
    stored exactly (to the microsecond) with who made each move for the seat's player, on
    both ways in: a plain batch and the batch that ends the game."""
    from datetime import UTC, datetime, timedelta

    from app.rooms.store import LogRow

    host = await store.create_person("Ann")
    code = await store.create_room("four-pints", {}, host, seats=2, listed=False, clock="fast")
    room = await store.room_by_code(code)
    assert room is not None and room.clock == "fast"
    dealt = datetime(2026, 12, 1, 9, 30, 0, 123456, tzinfo=UTC)
    clock = {"bank": 120.0, "allowance": 8.0}
    game_id = await store.start_game(
        room.id, "four-pints", 1, {}, [], clock=clock, started_at=dealt
    )
    record = await store.latest_game(room.id)
    assert record is not None and record.clock == clock
    assert record.started_at == dealt.timestamp()
    first, second = dealt + timedelta(seconds=3.000001), dealt + timedelta(seconds=11.5)
    await store.append_action(game_id, 1, 0, {"kind": "reveal"}, at=first)
    result = Result(scores=(1, 2), ranks=(2, 1), rounds=())
    await store.append_action(
        game_id, 2, 1, {"kind": "pass"}, result, room.id, [{}, {}], at=second, stand_in="time"
    )
    assert await store.log(game_id) == [
        LogRow(0, {"kind": "reveal"}, first.timestamp(), None),
        LogRow(1, {"kind": "pass"}, second.timestamp(), "time"),
    ]


async def test_who_plays_a_seat_can_change_during_a_game(store: Store) -> None:
    host = await store.create_person("Ann")
    code = await store.create_room("four-pints", {}, host, seats=2, listed=False)
    room = await store.room_by_code(code)
    assert room is not None
    game_id = await store.start_game(room.id, "four-pints", 1, {}, [{"name": "Ann"}])
    freed = [{"name": "Ann", "person_id": None, "bot": "greedy", "stand_in": "open"}]
    await store.set_players(game_id, freed)
    record = await store.latest_game(room.id)
    assert record is not None and record.players == freed
