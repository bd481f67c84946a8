"""The printed effects: the collection bonus (take two, swap) and the Hat and Question mark.

Each is an `hooks.Effect`: its move, what the table offers, the moves bots choose from, why a
move is refused, and what it does. A campaign rule for boxes F-I brings more of these.
"""

from __future__ import annotations

import itertools
from dataclasses import replace

from app.games.core.actions import Action
from app.games.core.choices import Choice, Gather, Item, OneOf, Pick, Span, first_of_each
from app.games.core.i18n import _
from app.games.core.outcome import Refusal
from app.games.stickers.actions import Ask, EffectAction, Hat, Swap, TakeTwo
from app.games.stickers.board import NEIGHBOUR_PAIRS, SPACES, neighbours
from app.games.stickers.cards import HAT, QUESTION, Category
from app.games.stickers.events import Asked, Handed, HandedCard, Played, Swapped, Took
from app.games.stickers.hooks import Effect, Events
from app.games.stickers.state import Pending, Phase, Question, StickersState, set_seat, without
from app.games.stickers.zones import can_draw, draw, draw_into_hand, place

TAKE_TWO = "take_two"
SWAP = "swap"

_TAKEN = 2
"""Market cards a collection bonus of one or two cards takes."""


def printed_bonus(played: int) -> tuple[str, ...]:
    """Returns the effects the printed bonus list (box D) grants for a collection's size."""
    return (TAKE_TWO,) if played <= 2 else (SWAP,)


def sticker_effects(card: int, state: StickersState) -> tuple[Pending, ...]:
    """Returns the pending effects of a card's action stickers (it was played visible)."""
    return tuple(Pending(kind, card, index) for index, kind in enumerate(state.card(card).actions))


# --- the collection bonus: take two market cards ------------------------------------------


def _taking(state: StickersState) -> int:
    return min(_TAKEN, len(state.market))


def _take_two_moves(state: StickersState, seat: int, pending: Pending) -> tuple[Action, ...]:
    combos = itertools.combinations(range(len(state.market)), _taking(state))
    alike = first_of_each(combos, lambda slots: tuple(sorted(_looks(state, s) for s in slots)))
    return tuple(TakeTwo(pending.source, pending.sticker, slots) for slots in alike if slots)


def _looks(state: StickersState, slot: int) -> tuple[Category, int, tuple[str, ...]]:
    return state.card(state.market[slot]).looks


def _take_two_offers(state: StickersState, seat: int, pending: Pending) -> tuple[Choice, ...]:
    need = _taking(state)
    if not need:
        return ()
    items = tuple(Item(slot) for slot in range(len(state.market)))
    return (Gather(TakeTwo(pending.source, pending.sticker), "slots", items, Span(need, need)),)


def _take_two_check(
    state: StickersState, seat: int, pending: Pending, action: EffectAction
) -> Refusal | None:
    assert isinstance(action, TakeTwo)
    slots = action.slots
    if len(set(slots)) != len(slots) or not all(0 <= s < len(state.market) for s in slots):
        return Refusal(_("Choose cards that are in the market."))
    if len(slots) != _taking(state):
        return Refusal(_("Choose {count} cards from the market."), {"count": _taking(state)})
    return None


def _take_two(
    state: StickersState, seat: int, pending: Pending, action: EffectAction, events: Events
) -> StickersState:
    assert isinstance(action, TakeTwo)
    cards = tuple(state.market[slot] for slot in sorted(action.slots))
    events.append(Took(seat, cards, bonus=True))
    state = replace(state, market=without(state.market, cards))
    return set_seat(state, seat, hand=(*state.hands[seat], *cards))


# --- the collection bonus: swap two neighbouring markers -------------------------------------


def _swap_moves(state: StickersState, seat: int, pending: Pending) -> tuple[Action, ...]:
    return tuple(Swap(pending.source, pending.sticker, a, b) for a, b in NEIGHBOUR_PAIRS)


def _swap_offers(state: StickersState, seat: int, pending: Pending) -> tuple[Choice, ...]:
    return tuple(Pick(move) for move in _swap_moves(state, seat, pending))


def _swap_check(
    state: StickersState, seat: int, pending: Pending, action: EffectAction
) -> Refusal | None:
    assert isinstance(action, Swap)
    spaces = range(SPACES)
    if action.first not in spaces or action.second not in spaces:
        return Refusal(_("There is no such space on the rarity board."))
    if not neighbours(action.first, action.second):
        return Refusal(_("Only neighbouring markers swap: their levels differ by one."))
    return None


def _swap(
    state: StickersState, seat: int, pending: Pending, action: EffectAction, events: Events
) -> StickersState:
    assert isinstance(action, Swap)
    board = list(state.board)
    board[action.first], board[action.second] = board[action.second], board[action.first]
    events.append(Swapped(seat, board[action.second].value, board[action.first].value))
    return replace(state, board=tuple(board))


# --- Hat: play the top card of the draw pile --------------------------------------------------


def _hat_moves(state: StickersState, seat: int, pending: Pending) -> tuple[Action, ...]:
    return (Hat(pending.source, pending.sticker),) if can_draw(state) else ()


def _hat_offers(state: StickersState, seat: int, pending: Pending) -> tuple[Choice, ...]:
    return tuple(Pick(move) for move in _hat_moves(state, seat, pending))


def _hat_check(
    state: StickersState, seat: int, pending: Pending, action: EffectAction
) -> Refusal | None:
    return None if can_draw(state) else Refusal(_("There is no card left to draw."))


def _hat(
    state: StickersState, seat: int, pending: Pending, action: EffectAction, events: Events
) -> StickersState:
    """Returns the state with the drawn card in its column, visible: its own action stickers
    become pending too (a chain reaction)."""
    (card,), _from_stock, state = draw(state, 1)
    state = place(state, seat, (card,))
    events.append(Played(seat, state.card(card).category.value, (card,), hat=True))
    return replace(state, pending=(*state.pending, *sticker_effects(card, state)))


# --- Question mark: ask a player for a card of a category -----------------------------------


def _ask_moves(state: StickersState, seat: int, pending: Pending) -> tuple[Action, ...]:
    return tuple(
        Ask(pending.source, pending.sticker, target, category.value)
        for target in state.others(seat)
        for category in Category
    )


def _ask_offers(state: StickersState, seat: int, pending: Pending) -> tuple[Choice, ...]:
    return (OneOf(Ask(pending.source, pending.sticker), _ask_moves(state, seat, pending)),)


def _ask_check(
    state: StickersState, seat: int, pending: Pending, action: EffectAction
) -> Refusal | None:
    assert isinstance(action, Ask)
    if action.target == seat or not 0 <= action.target < state.players:
        return Refusal(_("Ask another player."))
    if action.category not in set(Category):
        return Refusal(_("Name one of the nine categories."))
    return None


def _ask(
    state: StickersState, seat: int, pending: Pending, action: EffectAction, events: Events
) -> StickersState:
    """Returns the state after the question: waiting for the target to pick the card to hand
    over, or, when they hold none of the category, the asker's draw instead. The target picks
    even among alike cards: handing over at once would tell everyone what they hold."""
    assert isinstance(action, Ask)
    category = Category(action.category)
    events.append(Asked(seat, action.target, category.value))
    matching = tuple(c for c in state.hands[action.target] if state.card(c).category is category)
    if not matching:
        return draw_into_hand(state, seat, 1, events)
    return replace(state, phase=Phase.GIVE, question=Question(seat, action.target, category))


def hand_over(state: StickersState, question: Question, card: int, events: Events) -> StickersState:
    """Returns the state after the target handed the card to the asker and drew one."""
    asker, target = question.asker, question.target
    events.append(Handed(asker, target, question.category.value))
    events.append(HandedCard(asker, target, card, seen_by=frozenset({asker, target})))
    state = set_seat(state, target, hand=without(state.hands[target], (card,)))
    state = set_seat(state, asker, hand=(*state.hands[asker], card))
    state = replace(state, phase=Phase.EFFECTS, question=None)
    return draw_into_hand(state, target, 1, events)


SWAP_EFFECT = Effect(SWAP, Swap, _swap_offers, _swap_moves, _swap_check, _swap)

PRINTED: tuple[Effect, ...] = (
    Effect(TAKE_TWO, TakeTwo, _take_two_offers, _take_two_moves, _take_two_check, _take_two),
    SWAP_EFFECT,
    Effect(HAT, Hat, _hat_offers, _hat_moves, _hat_check, _hat),
    Effect(QUESTION, Ask, _ask_offers, _ask_moves, _ask_check, _ask),
)
"""The effects of the printed game, by kind (the bonus's and the action stickers')."""
