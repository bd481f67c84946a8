"""The same Alembic migrations run up, down and up again on SQLite and PostgreSQL."""

from __future__ import annotations

from sqlalchemy import Connection, create_engine, inspect

from app.db.engine import sync_url
from app.db.migrate import downgrade, upgrade
from app.db.models import Base

TABLES = {
    "people", "rooms", "seats", "games", "actions", "final_scores", "campaigns", "campaign_members",
    "game_summaries", "ratings", "person_tallies", "rivalries", "chat_messages", "chat_mutes",
}  # fmt: skip


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


def _a_game_being_played(conn: Connection) -> None:
    """Stores Ann's room (id 1) with its game (id 1) being played, in the columns every
    migration has had."""
    conn.exec_driver_sql("INSERT INTO people (id, display_name) VALUES (1, 'Ann')")
    conn.exec_driver_sql(
        "INSERT INTO rooms (id, code, game_type, options, listed, host_id, status) "
        "VALUES (1, 'abc', 'four-pints', '{}', true, 1, 'playing')"
    )
    conn.exec_driver_sql(
        "INSERT INTO games (id, room_id, game_type, seed, options, players, status) "
        "VALUES (1, 1, 'four-pints', 7, '{}', '[]', 'playing')"
    )


def test_rooms_and_logs_from_before_clocks_upgrade_with_no_clock_and_no_stand_ins(
    database_url: str,
) -> None:
    """Migration 0002 adds the turn clock and the log's stand-in column to existing data:
    a room opened before has no clock, a move logged before was its player's own."""
    upgrade(database_url, "0001", quiet=True)
    engine = create_engine(sync_url(database_url))
    try:
        with engine.begin() as conn:
            _a_game_being_played(conn)
            conn.exec_driver_sql(
                "INSERT INTO actions (game_id, seq, seat, action, created_at) "
                "VALUES (1, 1, 0, '{}', CURRENT_TIMESTAMP)"
            )
        upgrade(database_url, quiet=True)
        with engine.connect() as conn:
            assert conn.exec_driver_sql("SELECT clock FROM rooms").scalar_one() == "off"
            assert conn.exec_driver_sql("SELECT clock FROM games").scalar_one() is None
            assert conn.exec_driver_sql("SELECT stand_in FROM actions").scalar_one() is None
    finally:
        engine.dispose()


def test_games_from_before_campaigns_upgrade_as_played_with_rules_version_1(
    database_url: str,
) -> None:
    """Migration 0003 adds rules versions and campaigns: a game stored before was played
    with version 1 of its rules and belongs to no campaign."""
    upgrade(database_url, "0002", quiet=True)
    engine = create_engine(sync_url(database_url))
    try:
        with engine.begin() as conn:
            _a_game_being_played(conn)
        upgrade(database_url, quiet=True)
        with engine.connect() as conn:
            row = conn.exec_driver_sql(
                "SELECT rules_version, campaign_id, campaign_version, problem FROM games"
            ).one()
            assert tuple(row) == (1, None, None, None)
            assert conn.exec_driver_sql("SELECT campaign_id FROM rooms").scalar_one() is None
    finally:
        engine.dispose()


def test_campaigns_from_before_codes_upgrade_with_a_code_each(database_url: str) -> None:
    """Migration 0004 gives every campaign an unguessable code for its page."""
    upgrade(database_url, "0003", quiet=True)
    engine = create_engine(sync_url(database_url))
    try:
        with engine.begin() as conn:
            for campaign_id in (1, 2):
                conn.exec_driver_sql(
                    "INSERT INTO campaigns (id, game_type, name, version) "
                    f"VALUES ({campaign_id}, 'stickers', 'Fridays', 0)"
                )
        upgrade(database_url, quiet=True)
        with engine.connect() as conn:
            rows = conn.exec_driver_sql("SELECT code, history FROM campaigns").all()
    finally:
        engine.dispose()
    codes = {code for code, _history in rows}
    assert len(codes) == 2 and all(len(code) >= 12 for code in codes)
    assert [history for _code, history in rows] == [None, None]


def test_rooms_from_before_last_seen_upgrade_as_last_seen_when_opened(database_url: str) -> None:
    """Migration 0006 gives every room its last seen time: a room opened before was last seen
    when it was opened (so a room long left alone counts as abandoned at once)."""
    upgrade(database_url, "0005", quiet=True)
    engine = create_engine(sync_url(database_url))
    try:
        with engine.begin() as conn:
            _a_game_being_played(conn)
            conn.exec_driver_sql("UPDATE rooms SET created_at = '2026-01-02 03:04:05'")
        upgrade(database_url, quiet=True)
        with engine.connect() as conn:
            same = conn.exec_driver_sql("SELECT last_seen_at = created_at FROM rooms").scalar_one()
            assert same in (True, 1)
            conn.exec_driver_sql(
                "INSERT INTO rooms (id, code, game_type, options, listed, host_id, status) "
                "VALUES (2, 'new', 'four-pints', '{}', false, 1, 'open')"
            )
            seen = conn.exec_driver_sql("SELECT last_seen_at FROM rooms WHERE id = 2").scalar_one()
            assert seen is not None  # a new room is seen as it opens
        downgrade(database_url, "0005")
        with engine.connect() as conn:
            assert conn.exec_driver_sql("SELECT code FROM rooms").scalar_one() == "abc"
    finally:
        engine.dispose()


def test_rooms_from_before_chat_upgrade_with_watchers_kept_quiet(database_url: str) -> None:
    """Migration 0007 adds the chat: a room opened before lets only its players write, has no
    lines and nobody muted; a line then stores with its game and move."""
    upgrade(database_url, "0006", quiet=True)
    engine = create_engine(sync_url(database_url))
    try:
        with engine.begin() as conn:
            _a_game_being_played(conn)
        upgrade(database_url, quiet=True)
        with engine.begin() as conn:
            assert conn.exec_driver_sql("SELECT chat_watchers FROM rooms").scalar_one() in (
                False,
                0,
            )
            assert conn.exec_driver_sql("SELECT count(*) FROM chat_messages").scalar_one() == 0
            assert conn.exec_driver_sql("SELECT count(*) FROM chat_mutes").scalar_one() == 0
            conn.exec_driver_sql(
                "INSERT INTO chat_messages (room_id, game_id, after_seq, person_id, kind, text,"
                " created_at) VALUES (1, 1, 3, 1, 'message', 'gg', CURRENT_TIMESTAMP)"
            )
            row = conn.exec_driver_sql("SELECT game_id, after_seq, text FROM chat_messages").one()
            assert tuple(row) == (1, 3, "gg")
    finally:
        engine.dispose()
