"""Finished games for history tests, played into a store through its real end path."""

from __future__ import annotations

from collections.abc import Sequence

from app.games.core import Result
from app.rooms.store import Store


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
