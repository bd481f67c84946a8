"""A turn's steps: take a market card, play a collection, carry out its effects, end the turn.

Playing a collection grants the collection bonus for the number of cards played from the hand
(the printed list, then boxes D and E) and the action stickers of the column's visible card.
They wait as `pending` effects the player carries out in any order, or lets go by ending the
turn; a card a Hat plays adds its own stickers (a chain reaction). Chosen: an effect earned
stays available for the turn even when a Hat later covers its card, because the rulebook lets
effects be carried out "at any time during your turn" once the card is played. When nothing
pending can be carried out, the turn ends by itself.
"""

from __future__ import annotations

from dataclasses import replace

from app.games.core.actions import Action
from app.games.core.i18n import _
from app.games.core.outcome import Refusal
from app.games.stickers.actions import EffectAction, Play, Take
from app.games.stickers.effects import hand_over, printed_bonus, sticker_effects
from app.games.stickers.events import Played, Took
from app.games.stickers.flow import end_turn
from app.games.stickers.hooks import Effect, Events
from app.games.stickers.state import BONUS, Pending, Phase, StickersState, set_seat, without
from app.games.stickers.zones import place


def take(state: StickersState, action: Take, events: Events) -> StickersState:
    """Returns step 2 after the market card went into the hand (the market waits to refill)."""
    card = state.market[action.slot]
    events.append(Took(state.seat, (card,)))
    state = replace(state, market=without(state.market, (card,)), phase=Phase.PLAY)
    return set_seat(state, state.seat, hand=(*state.hand, card))


def check_play(state: StickersState, action: Play) -> Refusal | None:
    """Returns why a collection cannot be played from the hand, or None."""
    cards = action.cards
    if len(set(cards)) != len(cards) or not set(cards) <= set(state.hand):
        return Refusal(_("Play cards from your hand."))
    category = state.card(action.visible).category
    if any(state.card(card).category is not category for card in cards):
        return Refusal(_("A collection is cards of one category."))
    return None


def play(state: StickersState, action: Play, events: Events) -> StickersState:
    """Returns the effects step after the collection went into the album."""
    seat, cards = state.seat, action.cards
    state = set_seat(state, seat, hand=without(state.hand, cards))
    state = place(state, seat, cards)
    events.append(Played(seat, state.card(action.visible).category.value, cards))
    state = replace(state, played=cards, phase=Phase.EFFECTS)
    for played_hook in state.hooks.played:
        state = played_hook(state, seat, cards, events)
    kinds = bonus_kinds(state, len(cards))
    bonus = tuple(Pending(kind, BONUS, index) for index, kind in enumerate(kinds))
    state = replace(
        state, pending=(*state.pending, *bonus, *sticker_effects(action.visible, state))
    )
    return settle(state, events)


def bonus_kinds(state: StickersState, played: int) -> tuple[str, ...]:
    """Returns the effects a collection of `played` cards from the hand grants: the printed
    list, then the rules of boxes D and E."""
    kinds = printed_bonus(played)
    for bonus_hook in state.hooks.bonus:
        kinds = bonus_hook(state, played, kinds)
    return kinds


def available(state: StickersState) -> tuple[tuple[Pending, Effect], ...]:
    """Returns the pending effects the current player can carry out now, with their effects."""
    if state.phase is not Phase.EFFECTS:
        return ()
    out = []
    for pending in state.pending:
        effect = state.hooks.effect(pending.kind)
        if effect is not None and effect.moves(state, state.seat, pending):
            out.append((pending, effect))
    return tuple(out)


def effect_moves(state: StickersState) -> tuple[Action, ...]:
    """Returns complete moves of every effect the current player can carry out now."""
    return tuple(
        move
        for pending, effect in available(state)
        for move in effect.moves(state, state.seat, pending)
    )


def find_pending(state: StickersState, action: EffectAction) -> tuple[Pending, Effect] | None:
    """Returns the pending effect a move names, if it is waiting and of the move's kind."""
    for pending in state.pending:
        effect = state.hooks.effect(pending.kind)
        same = (pending.source, pending.sticker) == (action.source, action.sticker)
        if same and effect is not None and effect.action is type(action):
            return pending, effect
    return None


def carry_out(
    state: StickersState, pending: Pending, effect: Effect, action: EffectAction, events: Events
) -> StickersState:
    """Returns the state after an effect was carried out (it is no longer pending)."""
    state = replace(state, pending=tuple(p for p in state.pending if p != pending))
    state = effect.resolve(state, state.seat, pending, action, events)
    return settle(state, events)


def give(state: StickersState, card: int, events: Events) -> StickersState:
    """Returns the state after a Question mark's target handed over the card it chose."""
    assert state.question is not None
    return settle(hand_over(state, state.question, card, events), events)


def settle(state: StickersState, events: Events) -> StickersState:
    """Returns the state, the turn ended when nothing pending can be carried out."""
    if state.phase is Phase.EFFECTS and not available(state):
        return end_turn(state, events)
    return state
