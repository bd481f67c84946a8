"""Builders for Speedy Pickers situations, and short ways to make the moves tests need."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from app.games.core import CLOCK, Action, Applied, Refusal
from app.games.speedy_pickers import GAME
from app.games.speedy_pickers import actions as act
from app.games.speedy_pickers.cards import CARDS, Kind, Power
from app.games.speedy_pickers.objects import OBJECTS, Category
from app.games.speedy_pickers.state import Phase, Player, SpeedyState


def start(players: int = 4, mode: str = "beginner", seed: int = 1, **options: Any) -> SpeedyState:
    return GAME.setup(players, {"mode": mode, **options}, seed)


def ok(state: SpeedyState, seat: int, action: Action) -> SpeedyState:
    """Returns the state after an action that must be accepted."""
    applied = GAME.apply(state, seat, action)
    assert isinstance(applied, Applied), applied
    return applied.state


def refused(state: SpeedyState, seat: int, action: Action) -> Refusal:
    applied = GAME.apply(state, seat, action)
    assert isinstance(applied, Refusal), "the action was accepted"
    return applied


def mark(state: SpeedyState, seat: int, tile: str, right: bool = True) -> SpeedyState:
    return ok(state, seat, act.Mark(tile, state.turn, 400, 300, tile if right else ""))


def ready_all(state: SpeedyState) -> SpeedyState:
    """Returns the state once every seat said Ready in the prepare phase: the search runs."""
    for seat in sorted(GAME.active_seats(state)):
        state = ok(state, seat, act.Ready())
    return state


def time_up(state: SpeedyState) -> SpeedyState:
    """Returns the state after the running timer (sand timer, prepare or check) ran out."""
    timer = GAME.timer(state)
    assert timer is not None
    return ok(state, CLOCK, timer.action)


def check_over(state: SpeedyState) -> SpeedyState:
    """Returns the state once the beginner's check has run its clock (every board checked,
    the turn over), or the state itself in any other phase."""
    while state.phase is Phase.CHECK:
        state = time_up(state)
    return state


def turn_over(state: SpeedyState) -> SpeedyState:
    """Returns the state after the sand timer ran out and, in beginner mode, the check."""
    return check_over(time_up(state))


def tiles_of(category: Category, count: int, skip: int = 0) -> tuple[str, ...]:
    return tuple(t.key for t in OBJECTS if t.category is category)[skip : skip + count]


def card_of(power: Power, copy: int = 0) -> int:
    return [c.id for c in CARDS if c.power is power][copy]


def collector(category: Category, objects: int) -> int:
    return next(
        c.id
        for c in CARDS
        if c.kind is Kind.COLLECTOR and c.category is category and c.objects == objects
    )


def with_seat(state: SpeedyState, seat: int, **changes: Any) -> SpeedyState:
    return state.with_player(seat, **changes)


def holding(state: SpeedyState, seat: int, *cards: int) -> SpeedyState:
    """Returns the state with the seat holding these cards, taken out of the deck and display."""
    deck = tuple(c for c in state.deck if c not in cards)
    display = tuple(c for c in state.display if c not in cards)
    player: Player = state.player(seat)
    state = replace(state, deck=deck, display=display)
    return state.with_player(seat, cards=player.cards + cards)


def on_display(state: SpeedyState, *cards: int) -> SpeedyState:
    """Returns the state with exactly these cards on display, the others back in the deck."""
    rest = tuple(c for c in state.display + state.deck if c not in cards)
    return replace(state, display=cards, deck=rest)


def giving(state: SpeedyState, seat: int, tiles: tuple[str, ...]) -> SpeedyState:
    """Returns the state with the seat keeping these tiles face up, taken from bag or centre."""
    bag = tuple(t for t in state.bag if t not in tiles)
    centre = tuple(t for t in state.centre if t not in tiles)
    taken = len(state.bag) + len(state.centre) - len(bag) - len(centre)
    assert taken == len(tiles), "the tiles must come from the bag or the centre"
    state = replace(state, bag=bag, centre=centre)
    return state.with_player(seat, kept=state.player(seat).kept + tiles)
