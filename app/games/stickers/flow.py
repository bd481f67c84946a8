"""The turn's frame: its start, its end with the refills, the next turn and the last round."""

from __future__ import annotations

from dataclasses import replace

from app.games.stickers.cards import HAND_SIZE, MARKET_SIZE
from app.games.stickers.events import LastRound, MarketRefilled, TurnEnded, TurnStarted
from app.games.stickers.hooks import Events
from app.games.stickers.reveal import start_reveal
from app.games.stickers.state import Phase, StickersState
from app.games.stickers.zones import draw, draw_into_hand


def begin_turn(state: StickersState, seat: int, events: Events) -> StickersState:
    """Returns the state at the start of `seat`'s turn; a step with nothing to do is skipped
    (no market card to take; no card in hand to play: the turn ends at once)."""
    state = replace(state, seat=seat, phase=Phase.TAKE, played=(), pending=(), question=None)
    events.append(TurnStarted(seat, state.round, state.last_round))
    if state.market:
        return state
    state = replace(state, phase=Phase.PLAY)
    return state if state.hand else end_turn(state, events)


def end_turn(state: StickersState, events: Events) -> StickersState:
    """Returns the next turn (or the final reveal) after the refill of hand and market."""
    events.append(TurnEnded(state.seat, len(state.pending)))
    state = replace(state, pending=(), played=())
    state = draw_into_hand(state, state.seat, HAND_SIZE - len(state.hand), events)
    state = _refill_market(state, events)
    if not state.last_round and not state.pile:
        state = replace(state, last_round=True)
        events.append(LastRound(state.seat))
    following = (state.seat + 1) % state.players
    if following == state.first:
        if state.last_round:
            return start_reveal(state, events)
        state = replace(state, round=state.round + 1)
    return begin_turn(replace(state, turn=state.turn + 1), following, events)


def _refill_market(state: StickersState, events: Events) -> StickersState:
    cards, from_stock, state = draw(state, MARKET_SIZE - len(state.market))
    if not cards:
        return state
    events.append(MarketRefilled(cards, from_stock))
    return replace(state, market=(*state.market, *cards))
