"""The moves part on its worst positions: render time and bytes, per game.

    .venv/bin/python -m bench.actions [--repeat 200] [--seeds 20]

For each game, the largest moves part over the states of seeded random games (every active
seat of every state; For20 with 3 face-up materials each), and For20's hoarded positions
(`tests.support.moves_part.POSITIONS`: 13 materials, 4 papers and 2 legendaries, which listed
33,385 smokes before smokes were built; a window answered from a big hand). Each is rendered
`--repeat` times with the server's templates after one warm-up render; the figures are the
median and the worst render in ms of CPU time (this process's, so other jobs on a shared machine
disturb it less than wall time), the median ms of computing the seat's offers (`choices`, once
per state and seat), and the part's bytes. In process, no server: the render on the event loop
that the 5 ms budget is about.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import time
from typing import Any

from app.games.core import Applied, Game
from app.games.registry import GAMES
from tests.support.moves_part import FOR20, POSITIONS, render_moves


def largest(game: Game[Any], seeds: int) -> tuple[Any, int]:
    """Returns the (state, seat) whose moves part is the largest over seeded random games."""
    best: tuple[int, Any, int] = (-1, None, 0)
    for seed in range(seeds):
        rng = random.Random(seed)
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        state = game.setup(players, {"starting_materials": True}, seed)
        for _step in range(600):
            active = sorted(game.active_seats(state))
            if not active:
                break
            for seat in active:
                size = len(render_moves(game, state, seat))
                if size > best[0]:
                    best = (size, state, seat)
            seat = rng.choice(active)
            applied = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            assert isinstance(applied, Applied)
            state = applied.state
    return best[1], best[2]


def measure(game: Game[Any], state: Any, seat: int, repeat: int) -> dict[str, Any]:
    """Returns the median and worst ms of rendering one seat's moves part (its view made, as
    the server makes it once per move), the median ms of computing its offers (on a new
    state object each time, as after a move), and the part's bytes."""
    view = game.view(state, seat)
    html = render_moves(game, state, seat, view=view)
    renders, offers = [], []
    for _round in range(repeat):
        start = time.process_time()
        render_moves(game, state, seat, view=view)
        renders.append((time.process_time() - start) * 1000)
        fresh = dataclasses.replace(state)
        start = time.process_time()
        game.offered(fresh, seat)
        offers.append((time.process_time() - start) * 1000)
    return {
        "median_ms": round(statistics.median(renders), 3),
        "max_ms": round(max(renders), 3),
        "offers_ms": round(statistics.median(offers), 3),
        "bytes": len(html.encode()),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--seeds", type=int, default=20)
    args = parser.parse_args()
    rows: list[tuple[str, dict[str, Any]]] = []
    for game in GAMES.values():
        state, seat = largest(game, args.seeds)
        name = f"{game.id}: largest of {args.seeds} games"
        rows.append((name, measure(game, state, seat, args.repeat)))
    for name, make in POSITIONS.items():
        state, seat = make()
        rows.append((name, measure(FOR20, state, seat, args.repeat)))
    print(f"{'position':34} {'render ms':>10} {'max ms':>8} {'offers ms':>10} {'bytes':>7}")
    for name, row in rows:
        print(
            f"{name:34} {row['median_ms']:>10} {row['max_ms']:>8} {row['offers_ms']:>10}"
            f" {row['bytes']:>7}"
        )


if __name__ == "__main__":
    main()
