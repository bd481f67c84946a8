"""CPU cost of showing one move to a room's sockets, in process, no network.

After every move of a seeded 4 Pints game the room's listeners (real
`Connection`s over a socket that only counts) diff their parts, render what
changed and queue it: the work `LiveRoom._changed` does on the server's event
loop for every accepted action. This isolates that work from uvicorn, the
database and the client, so its figure is steady on a busy machine.

    .venv/bin/python -m bench.broadcast [--moves 20000] [--players 4] [--tabs 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from app.games.core import Refusal
from app.games.four_pints import GAME
from app.rooms.live import LiveRoom, Match, Player
from app.rooms.store import RoomRow, SeatRow
from app.web.connection import Connection
from app.web.render import make_environment


def room(players: int, seed: int) -> LiveRoom:
    row = RoomRow(1, "bench", GAME.id, {}, True, 1, "playing")
    seats = [SeatRow(n, n + 1, None) for n in range(players)]
    names = {n + 1: f"Player {n + 1}" for n in range(players)}
    live = LiveRoom(row, GAME, seats, names, None, 0)  # type: ignore[arg-type]
    state = GAME.setup(players, {}, seed)
    live.match = Match(1, state, [Player(f"Player {n + 1}", n + 1) for n in range(players)])
    return live


def run(moves: int, players: int, tabs: int, seed: int) -> dict[str, Any]:
    env = make_environment()
    rng = random.Random(seed)
    live = room(players, seed)
    conns = [
        Connection(None, live, person, env)  # type: ignore[arg-type]
        for person in range(1, players + 1)
        for _tab in range(tabs)
    ]
    for conn in conns:
        live.listeners.add(conn)
    live._changed()  # the first full page, not measured
    for conn in conns:
        conn._outbox.clear()
    timings: list[float] = []
    sent: list[int] = []
    for _ in range(moves):
        match = live.match
        assert match is not None
        if match.result is not None:
            live.match = match = Match(
                match.record_id + 1, GAME.setup(players, {}, rng.getrandbits(32)), match.players
            )
            live._changed()
            for conn in conns:
                conn._outbox.clear()
            continue
        seat = next(iter(GAME.active_seats(match.state)))
        action = rng.choice(GAME.legal_actions(match.state, seat))
        applied = GAME.apply(match.state, seat, action)
        assert not isinstance(applied, Refusal)
        # As LiveRoom._apply does once the move is committed, then it announces it.
        live._advance(match, seat, applied)
        match.result = GAME.result(match.state)
        start = time.process_time()  # CPU time: steady when other jobs share the machine
        live._changed(seating=match.result is not None)
        timings.append(time.process_time() - start)
        for conn in conns:
            while conn._outbox:
                sent.append(len((conn._outbox.popleft() or "").encode()))
    timings.sort()
    sent.sort()
    return {
        "moves": len(timings),
        "sockets": len(conns),
        "us_per_move_mean": round(1e6 * statistics.fmean(timings), 1),
        "us_per_move_p50": round(1e6 * timings[len(timings) // 2], 1),
        "us_per_move_p99": round(1e6 * timings[int(len(timings) * 0.99)], 1),
        # Whole games, round ends and game ends included (a short bench.load window is not).
        "bytes_per_message_mean": round(statistics.fmean(sent)),
        "bytes_per_message_p99": sent[int(len(sent) * 0.99)],
        "bytes_per_message_max": sent[-1],
        "messages_over_2_kb_pct": round(100 * sum(1 for n in sent if n > 2048) / len(sent), 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=20000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--tabs", type=int, default=1, help="sockets per seat")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(run(args.moves, args.players, args.tabs, args.seed))


if __name__ == "__main__":
    main()
