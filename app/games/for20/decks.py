"""Drawing: OP 01-02 at the start of a turn, OP 25-28 when a deck runs out.

A draw takes the deck's top card; an empty deck is first rebuilt from its shuffled dump
(OP 25); when both are empty nothing is drawn (OP 26-28). Effects that draw (Legalize,
Munchies, Grow Box, abilities) follow the same rules: they draw only what exists.
"""

from __future__ import annotations

from dataclasses import replace

from app.games.core.outcome import Event
from app.games.for20.events import (
    DrawSkipped,
    GameCardDrawn,
    GameCardSeen,
    MaterialDrawn,
    Reshuffled,
)
from app.games.for20.state import For20State, change_board

Events = list[Event]


def start_of_turn_draws(state: For20State, events: Events) -> For20State:
    """OP 01-02: a material into the reserve, then a game card into the hand (OP 25-28)."""
    seat = state.seat
    state, got_material = draw_material(state, seat, "turn", events, report=False)
    state, got_card = draw_game_card(state, seat, "turn", events, report=False)
    if not (got_material and got_card):
        events.append(DrawSkipped(seat, not got_material, not got_card, "turn"))
    return state


def draw_material(
    state: For20State, seat: int, cause: str, events: Events, report: bool = True
) -> tuple[For20State, bool]:
    """OP 01: returns the state with the top material in the seat's reserve, and whether it was."""
    state = _refill_materials(state, events)
    if not state.material_deck:
        if report:
            events.append(DrawSkipped(seat, True, False, cause))
        return state, False
    card = state.material_deck[0]
    state = replace(state, material_deck=state.material_deck[1:])
    state = change_board(state, seat, reserve=(*state.boards[seat].reserve, card))
    events.append(MaterialDrawn(seat, card, cause))
    return state, True


def draw_game_card(
    state: For20State, seat: int, cause: str, events: Events, report: bool = True
) -> tuple[For20State, bool]:
    """OP 02: returns the state with the top game card in the seat's hand, and whether it was."""
    state = _refill_game(state, events)
    if not state.game_deck:
        if report:
            events.append(DrawSkipped(seat, False, True, cause))
        return state, False
    card = state.game_deck[0]
    state = replace(state, game_deck=state.game_deck[1:])
    state = change_board(state, seat, hand=(*state.boards[seat].hand, card))
    events.append(GameCardDrawn(seat, cause))
    events.append(GameCardSeen(seat, card, seen_by=frozenset({seat})))
    return state, True


def _refill_materials(state: For20State, events: Events) -> For20State:
    """OP 25: an empty materials deck becomes its shuffled dump."""
    if state.material_deck or not state.material_dump:
        return state
    deck, rng = state.rng.shuffle(state.material_dump)
    events.append(Reshuffled("materials", len(deck)))
    return replace(state, material_deck=deck, material_dump=(), rng=rng)


def _refill_game(state: For20State, events: Events) -> For20State:
    """OP 25: an empty game deck becomes its shuffled dump."""
    if state.game_deck or not state.game_dump:
        return state
    deck, rng = state.rng.shuffle(state.game_dump)
    events.append(Reshuffled("game", len(deck)))
    return replace(state, game_deck=deck, game_dump=(), rng=rng)
