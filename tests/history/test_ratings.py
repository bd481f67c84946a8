"""Ratings kept at each game's end, checked against openskill's own API on known results."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce
from sqlalchemy import select

from app.db.engine import make_sync_engine
from app.db.models import GameSummary, PersonTally, Rating, Rivalry
from app.history.rebuild import main
from app.history.record import rebuild, record_end
from app.rooms.store import Store
from tests.db.test_store import store_at
from tests.history.games import finish, people


async def ratings(store: Store) -> dict[int, tuple[float, float, int]]:
    async with store.session() as session:
        rows = await session.execute(select(Rating).where(Rating.game_type == "four-pints"))
        return {r.person_id: (r.mu, r.sigma, r.games) for r in rows.scalars()}


async def counts(store: Store) -> tuple[set[tuple[object, ...]], set[tuple[object, ...]]]:
    async with store.session() as session:
        tallies = (await session.execute(select(PersonTally))).scalars()
        rivalries = (await session.execute(select(Rivalry))).scalars()
        return (
            {(t.person_id, t.game_type, t.played, t.wins, t.score_sum, t.best) for t in tallies},
            {(r.person_id, r.rival_id, r.games, r.ahead, r.behind) for r in rivalries},
        )


async def summary(store: Store, game_id: int) -> GameSummary | None:
    async with store.session() as session:
        return await session.get(GameSummary, game_id)


async def test_known_results_rate_as_openskill_rates_them(database_url: str) -> None:
    """Ann beats Bob and Cy ties; then Cy wins a two-player game against Ann."""
    async with store_at(database_url) as store:
        ann, bob, cy = await people(store, "Ann", "Bob", "Cy")
        await finish(store, [ann, bob, cy], [30, 20, 20])
        await finish(store, [cy, ann], [15, 10])
        got = await ratings(store)
    model = PlackettLuce()
    a, b, c = model.rating(), model.rating(), model.rating()
    [[a], [b], [c]] = model.rate([[a], [b], [c]], ranks=[1, 2, 2])
    [[c], [a]] = model.rate([[c], [a]], ranks=[1, 2])
    expected = {ann: (a.mu, a.sigma, 2), bob: (b.mu, b.sigma, 1), cy: (c.mu, c.sigma, 2)}
    assert got.keys() == expected.keys()
    for person, (mu, sigma, games) in expected.items():
        assert got[person][0] == pytest.approx(mu, abs=1e-9)
        assert got[person][1] == pytest.approx(sigma, abs=1e-9)
        assert got[person][2] == games
    assert got[ann][0] > got[bob][0]  # the formula's direction: the winner gains


async def test_a_game_is_rated_once_however_often_its_end_is_recorded(sqlite_url: str) -> None:
    async with store_at(sqlite_url) as store:
        ann, bob = await people(store, "Ann", "Bob")
        game_id = await finish(store, [ann, bob], [3, 1])
        once = await ratings(store)
        engine = make_sync_engine(sqlite_url)
        with engine.begin() as conn:
            assert record_end(conn, game_id) is False
        engine.dispose()
        assert await ratings(store) == once


async def test_games_bots_finished_for_people_are_marked_and_not_rated(sqlite_url: str) -> None:
    async with store_at(sqlite_url) as store:
        ann, bob = await people(store, "Ann", "Bob")
        handed = await finish(store, [ann, bob], [3, 1], stand_ins=[None, "host"])
        timed_out_once = await finish(store, [ann, bob], [3, 1], stand_ins=["time"])
        handed_summary = await summary(store, handed)
        once_summary = await summary(store, timed_out_once)
        got = await ratings(store)
    assert handed_summary is not None and handed_summary.bot_finished
    assert not handed_summary.rated
    # One move in four by a stand-in (out of time) is not more than a quarter: rated.
    assert once_summary is not None and once_summary.rated and not once_summary.bot_finished
    assert {p: n for p, (_mu, _sigma, n) in got.items()} == {ann: 1, bob: 1}


async def test_abandoned_games_get_no_summary_and_no_rating(sqlite_url: str) -> None:
    async with store_at(sqlite_url) as store:
        ann, bob = await people(store, "Ann", "Bob")
        code = await store.create_room("four-pints", {}, ann, seats=2, listed=False)
        room = await store.room_by_code(code)
        assert room is not None
        players = [{"name": "Ann", "person_id": ann}, {"name": "Bob", "person_id": bob}]
        game_id = await store.start_game(room.id, "four-pints", 1, {}, players)
        await store.abandon_game(game_id, room.id, "everyone left")
        engine = make_sync_engine(sqlite_url)
        with engine.begin() as conn:
            assert record_end(conn, game_id) is False
            assert rebuild(conn) == 0
        engine.dispose()
        assert await summary(store, game_id) is None
        assert await ratings(store) == {}


async def test_the_rebuild_gives_the_ratings_kept_game_by_game(database_url: str) -> None:
    async with store_at(database_url) as store:
        ann, bob, cy, di = await people(store, "Ann", "Bob", "Cy", "Di")
        await finish(store, [ann, bob, cy, di], [9, 7, 7, 1])
        await finish(store, [di, "greedy", bob], [5, 9, 2])
        await finish(store, [cy, ann], [4, 4])
        await finish(store, [ann, cy], [1, 8], stand_ins=["away", "away"], moves_per_seat=2)
        await finish(store, [bob, ann, cy], [6, 2, 3], game_type="stellar")
        kept, kept_counts = await ratings(store), await counts(store)
        engine = make_sync_engine(database_url)
        with engine.begin() as conn:
            assert rebuild(conn) == 5
        engine.dispose()
        rebuilt = await ratings(store)
        assert await counts(store) == kept_counts
    assert rebuilt.keys() == kept.keys()
    for person, values in kept.items():
        assert rebuilt[person] == pytest.approx(values, abs=1e-9)


async def test_tallies_and_rivalries_count_every_finished_game(database_url: str) -> None:
    """Rated or not (a bot finished the second for Bob), both games were played."""
    async with store_at(database_url) as store:
        ann, bob, cy = await people(store, "Ann", "Bob", "Cy")
        await finish(store, [ann, bob, cy], [30, 20, 20])
        await finish(store, [bob, "greedy", ann], [12, 40, 9], stand_ins=["host"])
        tallies, rivalries = await counts(store)
    assert tallies == {
        (ann, "four-pints", 2, 1, 39, 30),
        (bob, "four-pints", 2, 0, 32, 20),
        (cy, "four-pints", 1, 0, 20, 20),
    }
    assert rivalries == {
        (ann, bob, 2, 1, 1),
        (bob, ann, 2, 1, 1),
        (ann, cy, 1, 1, 0),
        (cy, ann, 1, 0, 1),
        (bob, cy, 1, 0, 0),
        (cy, bob, 1, 0, 0),
    }


async def test_the_rebuild_command_reports_the_games_it_rebuilt(
    sqlite_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    async with store_at(sqlite_url) as store:
        ann, bob = await people(store, "Ann", "Bob")
        await finish(store, [ann, bob], [3, 1])
        before = await ratings(store)
        main(sqlite_url)
        assert await ratings(store) == before
    assert "of 1 games" in capsys.readouterr().out
