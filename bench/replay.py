"""How long a replay takes: rebuilding a stored game move by move through `replay.steps`
(what a replay page does the first time it shows a game), and rendering one moment of it
(what each step of the slider costs once the game is rebuilt and kept), and the log's lines
in plain words (the page says them all once).

    .venv/bin/python -m bench.replay                # every game, the longest of a few seeds
    .venv/bin/python -m bench.replay --runs 50

The longest game is found among seeded bot games (random bots, no timer cut short); 4 Pints
with four players has one of 543 moves (seed 134), of which the first 500 are timed as the
issue's "500-move replay". Each figure is the median of `--runs` runs in this process, on
one core, with the garbage collector as the server runs it.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from app.games.core import Game
from app.games.core.bots import playout
from app.games.registry import GAMES
from app.rooms.replays import Recording, Timeline, rebuild
from app.web.render import make_environment
from app.web.replay_table import Seen, moment_html

LONG_SEED = {"four-pints": 134}  # a seed known to give a game of 500+ moves (4 players)


def recorded(game: Game[Any], players: int, seed: int, moves: int) -> Recording:
    log, _state = playout(
        game, players, seed, random.Random(seed), bot="random", clock_chance=0.0, moves=moves
    )
    options = game.validate_options({})
    assert isinstance(options, dict)
    seats = tuple({"name": f"P{n}"} for n in range(players))
    return Recording(game.id, seed, options, seats, game.rules_version, None, tuple(log), True)


def longest(game: Game[Any], players: int, seeds: int) -> Recording:
    games = [recorded(game, players, seed, 5000) for seed in range(seeds)]
    return max(games, key=lambda r: len(r.actions))


def median_ms(work: Any, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def measure(env: Any, game: Game[Any], runs: int, seeds: int) -> tuple[int, float, float, float]:
    """Returns a long game's moves, and the median ms to rebuild it, to render its middle
    moment with everything revealed, and to say its log."""
    seed = LONG_SEED.get(game.id)
    players = game.max_players
    found = (
        recorded(game, players, seed, 500) if seed is not None else longest(game, players, seeds)
    )
    timeline: Timeline = rebuild(game, found)
    names = found.names

    def moment() -> None:
        moment_html(env, game, found, timeline, timeline.moves // 2, Seen(None, True), _url)

    def lines() -> None:
        for events in timeline.events:
            for event in events:
                game.describe(event, names)

    return (
        timeline.moves,
        median_ms(lambda: rebuild(game, found), runs),
        median_ms(moment, runs),
        median_ms(lines, runs),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--seeds", type=int, default=10)
    args = parser.parse_args()
    env = make_environment()
    print(f"{'game':16} {'moves':>6} {'rebuild ms':>11} {'µs/move':>8} {'moment ms':>10} log ms")
    for game_id, game in GAMES.items():
        moves, took, shown, logged = measure(env, game, args.runs, args.seeds)
        per_move = took * 1000 / max(1, moves)
        print(f"{game_id:16} {moves:6} {took:11.1f} {per_move:8.0f} {shown:10.1f} {logged:6.1f}")


def _url(seat: int | None, name: str) -> str:
    return f"/{seat}/{name}"


if __name__ == "__main__":
    main()
