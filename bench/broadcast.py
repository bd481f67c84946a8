"""CPU cost and size of showing one move to a room's sockets, in process, no network.

After every move of seeded games of one game (4 Pints unless `--game`), played by random
legal moves at a random active seat, with a running timer run out now and then, the room's
listeners (real `Connection`s over a socket that only counts) diff their parts, render what
changed and queue it: the work `LiveRoom._changed` does on the server's event loop for every
accepted action. This isolates that work from uvicorn, the database and the client, so its
figure is steady on a busy machine. `--game all` prints one line per game.

    .venv/bin/python -m bench.broadcast [--game four-pints|...|all] [--moves 20000]
        [--players N] [--tabs 1]
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

from app.games.core import CLOCK, Action, Game, Refusal
from app.games.registry import GAMES
from app.rooms.live import LiveRoom, Match, Player
from app.rooms.store import RoomRow, SeatRow
from app.web.connection import Connection
from app.web.render import make_environment

PLAYERS = {"four-pints": 4, "stellar": 2, "for20": 4, "speedy_pickers": 4, "stickers": 4}
"""Seats per game when `--players` is not given: 4, or the game's only count."""

CLOCK_CHANCE = 0.1  # as core.bots.playout: a running timer runs out now and then


def setup(game: Game[Any], players: int, seed: int) -> Any:
    options = game.validate_options({})
    assert not isinstance(options, Refusal)
    return game.setup(players, options, seed)


def room(game: Game[Any], players: int, seed: int) -> LiveRoom:
    row = RoomRow(1, "bench", game.id, {}, True, 1, "playing")
    seats = [SeatRow(n, n + 1, None) for n in range(players)]
    names = {n + 1: f"Player {n + 1}" for n in range(players)}
    live = LiveRoom(row, game, seats, names, None, 0)  # type: ignore[arg-type]
    state = setup(game, players, seed)
    # Each player at their room seat, as LiveRoom starts a game: the seats list them.
    players_at = [Player(f"Player {n + 1}", n + 1, seat_no=n) for n in range(players)]
    live.match = Match(1, state, players_at)
    return live


def next_move(game: Game[Any], state: Any, rng: random.Random) -> tuple[int, Action] | None:
    """Returns a random active seat's random legal move, or the running timer's action."""
    active = sorted(game.active_seats(state))
    timer = game.timer(state)
    if timer is not None and (not active or rng.random() < CLOCK_CHANCE):
        return CLOCK, timer.action
    if not active:
        return None
    seat = rng.choice(active)
    return seat, rng.choice(game.legal_actions(state, seat))


def run(
    game: Game[Any], moves: int, players: int, tabs: int, seed: int, over: int = 2048
) -> dict[str, Any]:
    env = make_environment()
    rng = random.Random(seed)
    live = room(game, players, seed)
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
    by_part: Counter[str] = Counter()
    over_by_part: Counter[str] = Counter()  # the same, in the messages over `over` bytes only
    # Messages by the move that caused them (its action's kind, "-end" when it ended the game).
    by_move: Counter[str] = Counter()
    over_by_move: Counter[str] = Counter()
    for _ in range(moves):
        match = live.match
        assert match is not None
        move = next_move(game, match.state, rng) if match.result is None else None
        if move is None:
            live.match = match = Match(
                match.record_id + 1, setup(game, players, rng.getrandbits(32)), match.players
            )
            live._changed()
            for conn in conns:
                conn._outbox.clear()
            continue
        seat, action = move
        applied = game.apply(match.state, seat, action)
        assert not isinstance(applied, Refusal), applied
        if applied.state is match.state and not applied.events:
            continue  # no move (a searcher's "keep looking"): nothing is sent
        # As LiveRoom._apply does once the move is committed, then it announces it; with
        # the action, so what a person may take back (the Undo button) comes and goes.
        live._advance(match, seat, applied, action=action)
        match.result = game.result(match.state)
        start = time.process_time()  # CPU time: steady when other jobs share the machine
        live._changed(seating=match.result is not None)
        timings.append(time.process_time() - start)
        move_kind = action.kind + ("-end" if match.result is not None else "")
        for conn in conns:
            while conn._outbox:
                message = conn._outbox.popleft() or ""
                size = len(message.encode())
                sent.append(size)
                by_move[move_kind] += 1
                over_by_move[move_kind] += size > over
                for part_id, html in _top_level(message):
                    by_part[part_id] += len(html.encode())
                    if size > over:
                        over_by_part[part_id] += len(html.encode())
    timings.sort()
    sent.sort()
    return {
        "game": game.id,
        "players": players,
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
        # Mean bytes per message that each part (its top-level element's id) takes.
        "bytes_per_message_by_part": {
            name: round(total / len(sent)) for name, total in by_part.most_common(8)
        },
        # What the messages over `over` bytes (2 KB by default) are made of: mean bytes per
        # such message by part, so the p99's causes show apart from the mean's.
        f"over_{over}_b_by_part": {
            name: round(total / max(1, sum(1 for n in sent if n > over)))
            for name, total in over_by_part.most_common(8)
        },
        # Which moves make them: messages over `over` bytes / messages, by the move's kind.
        f"over_{over}_b_by_move": {
            kind: f"{over_by_move[kind]}/{by_move[kind]}"
            for kind, _count in over_by_move.most_common()
            if over_by_move[kind]
        },
    }


_OPENING = re.compile(r'<(\w+)[^>]*?\s(?:id="([^"]+)"|hx-swap-oob="\w+:#([^"]+)")')


def _top_level(message: str) -> Iterator[tuple[str, str]]:
    """Yields each top-level element of a message with its id (the part or the unit it
    swaps: app/web/patches.py; for an insert, the unit it goes beside), found by its opening
    tag and the position of the next top-level opening tag. Numbers in ids read N, and a
    move's id (`mv-` and a digest) reads `mv-N`."""
    starts = [m for m in _OPENING.finditer(message) if _depth(message, m.start()) == 0]
    for found, following in zip(starts, [*starts[1:], None], strict=True):
        end = following.start() if following else len(message)
        ident = re.sub(r"^mv-[0-9a-f]+", "mv-N", found.group(2) or found.group(3))
        yield re.sub(r"\d+", "N", ident), message[found.start() : end]


def _depth(message: str, at: int) -> int:
    """Returns how many elements are open at a position (void elements never count)."""
    before = message[:at]
    opened = len(re.findall(r"<(?!/|br|img|input|hr|meta|link)[a-zA-Z]", before))
    return opened - len(re.findall(r"</", before))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="four-pints", choices=[*GAMES, "all"])
    parser.add_argument("--moves", type=int, default=20000)
    parser.add_argument("--players", type=int, help="seats (default: 4, or the game's count)")
    parser.add_argument("--tabs", type=int, default=1, help="sockets per seat")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--over", type=int, default=2048, help="split the messages over this many bytes by part"
    )
    args = parser.parse_args()
    for game_id in GAMES if args.game == "all" else [args.game]:
        players = args.players or PLAYERS[game_id]
        result = run(GAMES[game_id], args.moves, players, args.tabs, args.seed, args.over)
        print(result, flush=True)


if __name__ == "__main__":
    main()
