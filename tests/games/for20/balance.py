"""Measures how long For20 games of smart bots last, for the rules doc's "Game length" table.

    .venv/bin/python -m tests.games.for20.balance            # 200 games a player count
    .venv/bin/python -m tests.games.for20.balance --games 20

Seeds 1000 to 1000 + games - 1; every seat is the smart bot, and in a window every seat asked
chooses at once (in seat order), as bots do, so the clock never fires.
"""

from __future__ import annotations

import argparse
import random
import statistics
from dataclasses import dataclass

from app.games.core import Applied
from app.games.for20 import GAME
from app.games.for20.bots import smart
from app.games.for20.events import AnswerDeclared, StageOpened, WindowOpened
from app.games.for20.state import For20State, Phase

_FIRST_SEED = 1000
_MAX_STEPS = 20_000


@dataclass(frozen=True, slots=True)
class Game:
    """One finished game: rounds and turns played, windows opened, stages after the first,
    answers shown."""

    rounds: int
    turns: int
    windows: int
    stages: int
    answers: int


def play(players: int, seed: int) -> Game:
    """Returns the figures of one seeded game of smart bots."""
    rng = random.Random(seed)
    state: For20State = GAME.setup(players, {}, seed)
    windows = stages = answers = 0
    for _step in range(_MAX_STEPS):
        active = sorted(GAME.active_seats(state))
        if not active:
            break
        seat = active[0]
        applied = GAME.apply(state, seat, smart(GAME, state, seat, rng))
        assert isinstance(applied, Applied), applied
        windows += sum(isinstance(event, WindowOpened) for event in applied.events)
        stages += sum(isinstance(event, StageOpened) for event in applied.events)
        answers += sum(isinstance(event, AnswerDeclared) for event in applied.events)
        state = applied.state
    assert state.phase is Phase.OVER, (players, seed)
    return Game(state.round, state.turn, windows, stages, answers)


def _percentile(values: list[int], share: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def row(players: int, games: list[Game]) -> str:
    """Returns one table row of the doc: rounds, turns, windows and answers a game."""
    rounds = [game.rounds for game in games]
    turns = [game.turns for game in games]
    return (
        f"| {players} | {statistics.mean(rounds):.1f} ({min(rounds)}–{max(rounds)}) "
        f"| {statistics.mean(turns):.1f} "
        f"| {_percentile(turns, 0.1)}–{_percentile(turns, 0.9)} "
        f"| {statistics.mean(game.windows for game in games):.1f} "
        f"| {statistics.mean(game.stages for game in games):.1f} "
        f"| {statistics.mean(game.answers for game in games):.1f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games a player count")
    args = parser.parse_args()
    print(
        "| players | rounds: mean (min–max) | turns: mean | turns: 10th–90th percentile "
        "| windows a game | later stages a game | answers a game |"
    )
    print("|--:|---|--:|---|--:|--:|--:|")
    for players in range(GAME.min_players, GAME.max_players + 1):
        seeds = range(_FIRST_SEED, _FIRST_SEED + args.games)
        print(row(players, [play(players, seed) for seed in seeds]), flush=True)


if __name__ == "__main__":
    main()
