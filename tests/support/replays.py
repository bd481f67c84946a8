"""Seeded bot games stored through the real store, and the app serving them in this process,
for tests of replays (no server subprocess: an ASGI client against the app)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from app.config import Settings
from app.db.engine import make_engine
from app.db.migrate import upgrade
from app.games.core import Game
from app.games.core.bots import playout
from app.identity import COOKIE, Identity
from app.main import create_app
from app.rooms.store import Store


@dataclass(frozen=True, slots=True)
class StoredGame:
    code: str  # the room's invite code
    number: int  # the game's number in its room
    people: tuple[int, ...]  # person ids, in seat order
    log: list[tuple[int, dict[str, Any]]]
    state: Any  # where the bots' game got to

    @property
    def page(self) -> str:
        return f"/r/{self.code}/games/{self.number}"


async def store_game(
    store: Store,
    game: Game[Any],
    players: int,
    seed: int,
    moves: int = 5000,
    played: tuple[list[tuple[int, dict[str, Any]]], Any] | None = None,
) -> StoredGame:
    """Plays a seeded bot game (at most `moves` moves; or takes the log and final state
    `played`) and stores it as a room would: a room of `players` people, the game, each
    action, and its result if it ended."""
    log, state = played or playout(game, players, seed, random.Random(seed), moves=moves)
    people = tuple([await store.create_person(f"P{n}") for n in range(players)])
    code = await store.create_room(game.id, {}, people[0], players, False)
    room = await store.room_by_code(code)
    assert room is not None
    for seat, person in enumerate(people[1:], start=1):
        await store.set_seat(room.id, seat, person, None)
    seats = [
        {"name": f"P{n}", "person_id": person, "bot": None, "seat_no": n, "stand_in": None}
        for n, person in enumerate(people)
    ]
    record = await store.start_game(
        room.id,
        game.id,
        seed,
        game.validate_options({}),  # type: ignore[arg-type]
        seats,
        rules_version=game.rules_version,
    )
    for seq, (seat, action) in enumerate(log, start=1):
        result = game.result(state) if seq == len(log) else None
        await store.append_action(record, seq, seat, action, result, room.id, seats)
    return StoredGame(code, len(await store.room_games(room.id)), people, log, state)


@dataclass(frozen=True, slots=True)
class Served:
    """The app in this process on a fresh database, with its store."""

    client: httpx.AsyncClient
    store: Store
    identity: Identity

    def as_person(self, person: int | None) -> dict[str, str]:
        """Returns the cookies of a person (none for an anonymous visitor)."""
        return {} if person is None else {COOKIE: self.identity.sign(person)}


@asynccontextmanager
async def served(
    folder: Path, games: Mapping[str, Game[Any]] | None = None
) -> AsyncIterator[Served]:
    """The app on a fresh SQLite file, serving the registry's games (or `games`)."""
    url = f"sqlite+aiosqlite:///{folder / 'gamenight.db'}"
    upgrade(url, quiet=True)
    settings = Settings(
        database_url=url, data_dir=folder, secret_key="replay-tests-secret-key", gc_guard=False
    )
    app = create_app(settings) if games is None else create_app(settings, games=games)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
            yield Served(client, app.state.store, app.state.identity)


def stored_in_new_database(
    folder: Path, game: Game[Any], players: int, seed: int
) -> tuple[str, StoredGame]:
    """Makes a SQLite database in `folder` holding one stored bot game (`store_game`), for a
    server a browser test starts on it; returns the database's URL and the game."""
    url = f"sqlite+aiosqlite:///{folder / 'gamenight.db'}"
    upgrade(url, quiet=True)

    async def seed_it() -> StoredGame:
        engine = make_engine(url)
        store = Store(engine)
        stored = await store_game(store, game, players, seed)
        await store.close()
        await engine.dispose()
        return stored

    with ThreadPoolExecutor(1) as thread:  # Playwright's own loop may run in this one
        return url, thread.submit(asyncio.run, seed_it()).result()
