"""Finished games for history tests, played into a store through its real end path."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from app.games.core import Result
from app.rooms.store import Store
from tests.db.test_store import store_at
from tests.support.server import LiveServer


async def people(store: Store, *names: str) -> list[int]:
    return [await store.create_person(name) for name in names]


async def finish(
    store: Store,
    seated: Sequence[int | str],
    scores: Sequence[int],
    *,
    game_type: str = "four-pints",
    stand_ins: Sequence[str | None] = (),
    moves_per_seat: int = 4,
) -> int:
    """Plays a game to its end: `seated` holds person ids or bot names, `scores` their totals
    (ranks follow them, ties share); `stand_ins[i]` makes seat i's first move a stand-in's.
    Returns the game id."""
    host = next((s for s in seated if isinstance(s, int)), None) or await store.create_person("H")
    code = await store.create_room(game_type, {}, host, seats=len(seated), listed=False)
    room = await store.room_by_code(code)
    assert room is not None
    players = [
        {"name": str(s), "person_id": s, "bot": None}
        if isinstance(s, int)
        else {"name": s, "person_id": None, "bot": s}
        for s in seated
    ]
    game_id = await store.start_game(room.id, game_type, 1, {}, players)
    log = [
        (seat, stand_ins[seat] if turn == 0 and seat < len(stand_ins) else None)
        for turn in range(moves_per_seat)
        for seat in range(len(seated))
    ]
    ranks = tuple(1 + sum(1 for other in scores if other > score) for score in scores)
    result = Result(scores=tuple(scores), ranks=ranks, rounds=(tuple(scores),))
    for seq, (seat, stand_in) in enumerate(log, start=1):
        last = seq == len(log)
        await store.append_action(
            game_id,
            seq,
            seat,
            {"kind": "move"},
            result if last else None,
            room.id if last else None,
            players if last else (),
            stand_in=stand_in,
        )
    return game_id


EVIL = "<script>alert(1)</script>"
GAMES_PLAYED = 150  # Ann's: more than seven pages of results


@dataclass(frozen=True)
class Filled:
    url: str
    ann: int
    evil: int
    newcomer: int


async def fill_history(url: str) -> tuple[int, int, int]:
    """Fills a database with a history: Ann's many games against Bob and someone named like
    a script, one a bot finished, 30 more rated people, an abandoned game, and a newcomer
    with none. Returns Ann's, the script-named person's and the newcomer's ids."""
    async with store_at(url) as store:
        ann, bob, evil, newcomer = await people(store, "Ann", "Bob", EVIL, "Newcomer")
        crowd = await people(store, *(f"P{n}" for n in range(30)))
        for n in range(GAMES_PLAYED):
            other = evil if n % 3 == 0 else bob
            await finish(store, [ann, other], [10 + n % 7, 9 + n % 5], moves_per_seat=1)
        await finish(store, [ann, bob], [5, 3], stand_ins=[None, "host"], moves_per_seat=1)
        for a, b in zip(crowd[::2], crowd[1::2], strict=True):  # 30 rated people in all
            await finish(store, [a, b], [2, 1], moves_per_seat=1)
        code = await store.create_room("four-pints", {}, ann, seats=2, listed=False)
        room = await store.room_by_code(code)
        assert room is not None
        players = [{"name": "Ann", "person_id": ann}, {"name": EVIL, "person_id": evil}]
        game_id = await store.start_game(room.id, "four-pints", 1, {}, players)
        await store.abandon_game(game_id, room.id, "everyone left")
        return ann, evil, newcomer


@contextmanager
def served_history(folder: Path) -> Iterator[Filled]:
    """Runs a server on a SQLite file filled by `fill_history`."""
    database = f"sqlite+aiosqlite:///{folder / 'gamenight.db'}"
    ann, evil, newcomer = asyncio.run(fill_history(database))
    live = LiveServer(database, folder).start()
    try:
        yield Filled(live.url, ann, evil, newcomer)
    finally:
        live.close()
