"""Finding a step of a seeded bot playout, for the undo tests of every game."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from app.games.core import Action, Applied, Game, Refusal
from app.games.core.bots import playout

# Speedy Pickers' turns of one's own are the expert game's sale.
_OPTIONS: dict[str, dict[str, Any]] = {"speedy_pickers": {"mode": "expert"}}


def seats_for(game: Game[Any]) -> int:
    """Returns how many seats the undo tests play a game with: 3 where it may."""
    return min(game.max_players, max(game.min_players, 3))


def options_for(game: Game[Any]) -> dict[str, Any]:
    """Returns the options the undo tests play a game with (with turns of one's own)."""
    options = game.validate_options(_OPTIONS.get(game.id, {}))
    assert not isinstance(options, Refusal)
    return options


class Step(NamedTuple):
    """One accepted move of a playout: the state before it, who made it, what, and after."""

    before: Any
    seat: int
    action: Action
    applied: Applied[Any]


def steps(game: Game[Any], players: int, options: Mapping[str, Any], seed: int) -> list[Step]:
    """Returns every move of a seeded game the game's stand-in bot plays (`bots.playout`;
    a timer runs out only when nobody may act, so searches and sales run their course)."""
    rng = random.Random(seed)
    log, _final = playout(game, players, seed, rng, options=options, clock_chance=0.0)
    state, made = game.setup(players, options, seed), []
    for seat, payload in log:
        action = game.codec.decode(payload)
        assert isinstance(action, Action)
        applied = game.apply(state, seat, action)
        assert isinstance(applied, Applied)
        made.append(Step(state, seat, action, applied))
        state = applied.state
    return made


def find(
    game: Game[Any],
    players: int,
    options: Mapping[str, Any],
    wanted: Callable[[Step], bool],
    seeds: range = range(12),
) -> Step:
    """Returns the first move of the seeded playouts that is `wanted`."""
    for seed in seeds:
        for step in steps(game, players, options, seed):
            if wanted(step):
                return step
    raise AssertionError("no such move in the playouts")
