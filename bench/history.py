"""History pages at size: a scratch PostgreSQL database filled with bot games, then each
history page timed in process.

    .venv/bin/python -m bench.history [--games 100000] [--people 50] [--moves 40] [--requests 200]

Filling: rows go straight in with COPY (no server, no engines): people, rooms of a few games
each, games of the five registered kinds with 2 to the kind's most seats, about a fifth of the
seats bots, seeded scores and ranks, final scores and an action log of `--moves` moves a game
on average. A few games are abandoned (no result) and a few have a person's seat played by a
stand-in after it was handed to a bot, as the rooms write them. Then `app.history.record.rebuild`
writes every summary and rating (the command an import runs; its time is reported), and the
tables are ANALYZEd, as autovacuum would have done by then.

Timing: the app from `create_app`, its lifespan run, requests through httpx's ASGI transport
one at a time, so a figure is the server's time for the page (routing, queries, rendering, the
response) without a network or a client. Each page kind is asked `--requests` times with
random people, games and cursors; p50 and p99 per kind are printed, then one JSON line.
The scratch database (GAMENIGHT_BENCH_POSTGRES_URL's server, as bench/load.py) is dropped at
the end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import psycopg

from app.config import Settings
from app.db.engine import make_sync_engine, sync_url
from app.db.migrate import upgrade
from app.games.registry import GAMES
from app.history.record import rebuild
from app.main import create_app
from bench.load import scratch_database

TARGET_P99_MS = 100.0
GAMES_PER_ROOM = 5
ABANDONED = 0.02  # share of games abandoned
HANDED_OVER = 0.02
_CHUNK = 2000  # games copied at once  # share of games where a person's seat was handed to a bot
START = datetime(2024, 1, 1, 19, 0, tzinfo=UTC)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--people", type=int, default=50)
    parser.add_argument("--moves", type=int, default=40, help="moves per game, on average")
    parser.add_argument("--requests", type=int, default=200, help="per page kind")
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, scratch_database("postgres", Path(folder)) as url:
        upgrade(url, quiet=True)
        began = time.perf_counter()
        counts = fill(url, args.games, args.people, args.moves, random.Random(args.seed))
        filled = time.perf_counter() - began
        began = time.perf_counter()
        engine = make_sync_engine(url)
        with engine.begin() as conn:
            rated = rebuild(conn)
        engine.dispose()
        rebuilt = time.perf_counter() - began
        _analyze(url)
        figures = asyncio.run(measure(url, args.people, args.requests, random.Random(args.seed)))
    report(args, counts, filled, rebuilt, rated, figures)


# ---- filling ------------------------------------------------------------------------------


def fill(url: str, games: int, people: int, moves: int, rng: random.Random) -> dict[str, int]:
    """Writes the rows with COPY; returns how many of each."""
    kinds = [(g.id, g.min_players, g.max_players, sorted(g.bots)) for g in GAMES.values()]
    counts = {"games": 0, "final_scores": 0, "actions": 0, "abandoned": 0, "handed_over": 0}
    with psycopg.connect(sync_url(url).replace("postgresql+psycopg://", "postgresql://")) as conn:
        with conn.cursor().copy("COPY people (id, display_name) FROM STDIN") as copy:
            for person in range(1, people + 1):
                copy.write_row((person, f"Player {person}"))
        rooms = (games + GAMES_PER_ROOM - 1) // GAMES_PER_ROOM
        with conn.cursor().copy(
            "COPY rooms (id, code, game_type, options, listed, host_id, status) FROM STDIN"
        ) as copy:
            for room in range(1, rooms + 1):
                kind = kinds[room % len(kinds)][0]
                copy.write_row((room, f"bench{room}", kind, "{}", False, 1, "finished"))
        chunk: list[dict[str, Any]] = []
        for game_id in range(1, games + 1):
            room = (game_id - 1) // GAMES_PER_ROOM + 1
            kind, low, high, bots = kinds[room % len(kinds)]
            game = _game(rng, game_id, room, kind, people, low, high, bots, moves)
            counts["abandoned"] += game["abandoned"]
            counts["handed_over"] += game["handed_over"]
            chunk.append(game)
            if len(chunk) == _CHUNK or game_id == games:
                _copy(conn, chunk, counts)
                chunk = []
        conn.commit()
        for table in ("people", "rooms", "games", "final_scores", "actions"):
            conn.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                f"(SELECT max(id) FROM {table}))"
            )
        conn.commit()
    return counts


def _game(
    rng: random.Random,
    game_id: int,
    room: int,
    kind: str,
    people: int,
    low: int,
    high: int,
    bots: list[str],
    moves: int,
) -> dict[str, Any]:
    """Returns one game's rows: seats, scores, ranks, moves and times."""
    seats = rng.randint(low, high)
    # A game night's friends: a circle of nearby people, so each has regular rivals.
    circle = rng.randrange(people)
    pool = [1 + (circle + k) % people for k in range(min(people, 10))]
    players: list[dict[str, Any]] = []
    for seat, person in enumerate(rng.sample(pool, seats)):
        if seat > 0 and rng.random() < 0.2:
            players.append({"name": "Bot", "person_id": None, "bot": rng.choice(bots)})
        else:
            players.append({"name": f"Player {person}", "person_id": person, "bot": None})
    abandoned = rng.random() < ABANDONED
    handed = not abandoned and rng.random() < HANDED_OVER
    if handed:
        players[0]["stand_in"] = "host"
    started = START + timedelta(minutes=7 * game_id)
    length = max(seats * 2, int(rng.gauss(moves, moves / 3)))
    finished = started + timedelta(seconds=length * rng.uniform(5, 40))
    scores = [max(0, int(rng.gauss(30, 12))) for _ in range(seats)]
    ranks = [1 + sum(1 for other in scores if other > score) for score in scores]
    actions = [
        (
            game_id,
            seq,
            seq % seats,
            '{"kind": "move"}',
            started + timedelta(seconds=seq * 10),
            "host" if handed and seq % seats == 0 and seq > length // 2 else None,
        )
        for seq in range(1, length + 1)
    ]
    return {
        "row": (
            game_id,
            room,
            kind,
            rng.getrandbits(48),
            "{}",
            json.dumps(players),
            "abandoned" if abandoned else "finished",
            None
            if abandoned
            else json.dumps({"scores": scores, "ranks": ranks, "rounds": [scores]}),
            started,
            finished,
            1,
        ),
        "abandoned": abandoned,
        "handed_over": handed,
        "scores": []
        if abandoned
        else [
            (
                game_id,
                seat,
                p["person_id"],
                p["bot"],
                scores[seat],
                ranks[seat],
                f"[{scores[seat]}]",
            )
            for seat, p in enumerate(players)
        ],
        "actions": actions,
    }


def _copy(
    conn: psycopg.Connection[Any], chunk: list[dict[str, Any]], counts: dict[str, int]
) -> None:
    """Copies a chunk of games, then their final scores and moves (which refer to them)."""
    tables = (
        (
            "games (id, room_id, game_type, seed, options, players, status, result, started_at,"
            " finished_at, rules_version)",
            "row",
        ),
        ("final_scores (game_id, seat_no, person_id, bot, score, rank, rounds)", "scores"),
        ("actions (game_id, seq, seat, action, created_at, stand_in)", "actions"),
    )
    for table, key in tables:
        with conn.cursor().copy(f"COPY {table} FROM STDIN") as copy:
            for game in chunk:
                for row in [game[key]] if key == "row" else game[key]:
                    copy.write_row(row)
    counts["games"] += len(chunk)
    counts["final_scores"] += sum(len(game["scores"]) for game in chunk)
    counts["actions"] += sum(len(game["actions"]) for game in chunk)


def _analyze(url: str) -> None:
    admin = sync_url(url).replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute("ANALYZE")


# ---- timing -------------------------------------------------------------------------------


async def measure(
    url: str, people: int, requests: int, rng: random.Random
) -> dict[str, dict[str, float]]:
    """Returns p50, p99 and max milliseconds per page kind (wall time), and the p50 and p99
    of the server process's CPU time (not PostgreSQL's): on a machine shared with other work
    the wall time also holds the waits for a core."""
    app = create_app(Settings(database_url=url))
    kinds = list(GAMES)
    pages: dict[str, Callable[[], str]] = {
        "person": lambda: f"/people/{rng.randint(1, people)}",
        "person, older results": lambda: (
            f"/people/{rng.randint(1, people)}?before={rng.randint(1000, 100_000)}"
        ),
        "person, scores chart": lambda: f"/people/{rng.randint(1, people)}/scores.svg",
        "person, wins chart": lambda: f"/people/{rng.randint(1, people)}/wins.svg",
        "game": lambda: f"/games/{rng.choice(kinds)}/history",
        "game, leaderboard page 2": lambda: f"/games/{rng.choice(kinds)}/history?page=1",
        "game, older games": lambda: (
            f"/games/{rng.choice(kinds)}/history?before={rng.randint(1000, 100_000)}"
        ),
    }
    figures: dict[str, dict[str, float]] = {}
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
            for _warm in range(20):
                for make in pages.values():
                    assert (await client.get(make())).status_code == 200
            for name, make in pages.items():
                times, cpu = [], []
                for _n in range(requests):
                    path = make()
                    began, began_cpu = time.perf_counter(), time.process_time()
                    response = await client.get(path)
                    times.append((time.perf_counter() - began) * 1000)
                    cpu.append((time.process_time() - began_cpu) * 1000)
                    assert response.status_code == 200, (path, response.status_code)
                figures[name] = {
                    **_percentiles(times),
                    "cpu_p50_ms": statistics.median(cpu),
                    "cpu_p99_ms": _percentiles(cpu)["p99_ms"],
                }
    return figures


def _percentiles(times: list[float]) -> dict[str, float]:
    cuts = statistics.quantiles(times, n=100, method="inclusive")
    return {"p50_ms": cuts[49], "p99_ms": cuts[98], "max_ms": max(times)}


def report(
    args: argparse.Namespace,
    counts: dict[str, int],
    filled: float,
    rebuilt: float,
    rated: int,
    figures: dict[str, dict[str, float]],
) -> None:
    print(
        f"{counts['games']} games ({counts['abandoned']} abandoned, {counts['handed_over']} with"
        f" a seat handed to a bot), {counts['final_scores']} final scores,"
        f" {counts['actions']} actions, {args.people} people: filled in {filled:.0f} s"
    )
    print(f"rebuild of summaries and ratings: {rated} finished games in {rebuilt:.1f} s")
    print(f"{'page':28} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'CPU p50':>8} {'CPU p99':>8}")
    for name, row in figures.items():
        mark = "" if row["p99_ms"] < TARGET_P99_MS else "  over target"
        print(
            f"{name:28} {row['p50_ms']:8.1f} {row['p99_ms']:8.1f} {row['max_ms']:8.1f}"
            f" {row['cpu_p50_ms']:8.1f} {row['cpu_p99_ms']:8.1f}{mark}"
        )
    worst = max(row["p99_ms"] for row in figures.values())
    print(f"worst p99 {worst:.1f} ms (target < {TARGET_P99_MS:.0f} ms)")
    print(
        json.dumps({"args": vars(args), "counts": counts, "rebuild_s": rebuilt, "pages": figures})
    )


if __name__ == "__main__":
    main()
