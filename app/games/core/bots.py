"""Bots every game gets for free."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from app.games.core.actions import Action
from app.games.core.contract import CLOCK, Game
from app.games.core.outcome import Refusal
from app.games.core.undo import Trail, Undo, play


def random_legal(game: Game[Any], state: Any, seat: int, rng: random.Random) -> Action:
    """Returns a uniformly random legal action for the seat."""
    return rng.choice(game.legal_actions(state, seat))


def playout(
    game: Game[Any],
    players: int,
    seed: int,
    rng: random.Random,
    *,
    options: Mapping[str, Any] | None = None,
    bot: str | None = None,
    clock_chance: float = 0.1,
    moves: int = 5000,
    undo_chance: float = 0.0,
) -> tuple[list[tuple[int, dict[str, Any]]], Any]:
    """Plays a game with one bot at every seat (`bot`, else the game's stand-in), at most
    `moves` moves; returns its log of (seat, action JSON) and the state it reached.

    As in a room: a random active seat moves; a running timer runs out with
    `clock_chance` per move (applied as the CLOCK seat); an action that changes nothing
    and shows nothing (a searcher's "keep looking") is no move and is not logged. With
    `undo_chance`, a seat that may take back a move does so that often (tests of undo: in a
    room, bots never undo); without, the bots draw exactly as they always did."""
    choose = game.bots.get(bot or game.stand_in, random_legal)
    valid = game.validate_options(options or {})
    if isinstance(valid, Refusal):
        raise ValueError(valid.text())
    state = game.setup(players, valid, seed)
    log: list[tuple[int, dict[str, Any]]] = []
    trail = Trail()
    while len(log) < moves:
        active = sorted(game.active_seats(state))
        timer = game.timer(state)
        if timer is not None and (not active or rng.random() < clock_chance):
            seat, action = CLOCK, timer.action
        elif active:
            seat = rng.choice(active)
            undoing = undo_chance and trail.lets(seat) and rng.random() < undo_chance
            action = Undo() if undoing else choose(game, state, seat, rng)
        else:
            break
        applied = play(game, state, trail, seat, action)
        if isinstance(applied, Refusal):
            raise AssertionError(f"a bot's move was refused: {applied.text()}")
        if applied.state is state and not applied.events:
            continue
        log.append((seat, action.to_json()))
        if undo_chance:  # what may be taken back is worked out only where it is used
            trail = trail.then(game, state, seat, action, applied)
        state = applied.state
    return log, state
