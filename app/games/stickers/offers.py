"""What a Stickers seat is offered, and the bounded set of moves bots choose from.

People build a collection on the table: first its visible card (one step per category and
kind of card: copies alike are offered once), then the other cards of that category to go
under it. Effects offer their own shapes (`effects.py`): two market cards to gather, a swap
per pair of neighbouring spaces, a Hat button, a Question mark's player and category as one of
several buttons; the sticker step one sticker of each kind the player holds, with the cards of
their album it may go on. Every other move is a button, copies of a card offered once.

Bots get complete moves: per category and kind of visible card, one collection of each size
(the most starry cards first under it), every effect's moves, and the rest as offered.
"""

from __future__ import annotations

from app.games.core.actions import Action
from app.games.core.choices import Choice, Gather, Item, Pick, Span, first_of_each
from app.games.stickers import sticking
from app.games.stickers.actions import EndTurn, Give, Play, Reveal, Take
from app.games.stickers.cards import Category
from app.games.stickers.reveal import choosing
from app.games.stickers.state import Phase, StickersState
from app.games.stickers.turn import available, effect_moves


def choices(state: StickersState, seat: int) -> tuple[Choice, ...]:
    """Returns the seat's moves for the table."""
    if state.phase is Phase.STICK:
        return sticking.offers(state, seat)
    if state.phase is Phase.PLAY and seat == state.seat:
        return tuple(_collection(state, visible) for visible in _visible_cards(state))
    if state.phase is Phase.EFFECTS and seat == state.seat:
        offers = (
            choice
            for pending, effect in available(state)
            for choice in effect.offers(state, seat, pending)
        )
        return (*offers, Pick(EndTurn()))
    return tuple(Pick(move) for move in bounded(state, seat))


def bounded(state: StickersState, seat: int) -> tuple[Action, ...]:
    """Returns complete legal moves for bots and playouts: a bounded sample of them."""
    if state.phase is Phase.REVEAL:
        return _reveals(state, seat)
    if state.phase is Phase.STICK:
        return sticking.moves(state, seat)
    if state.phase is Phase.GIVE:
        return _gives(state, seat)
    if seat != state.seat:
        return ()
    if state.phase is Phase.TAKE:
        slots = first_of_each(range(len(state.market)), lambda s: _looks(state, state.market[s]))
        return tuple(Take(slot) for slot in slots)
    if state.phase is Phase.PLAY:
        return tuple(play for visible in _visible_cards(state) for play in _plays(state, visible))
    if state.phase is Phase.EFFECTS:
        return (*effect_moves(state), EndTurn())
    return ()


def _looks(state: StickersState, card: int) -> tuple[Category, int, tuple[str, ...]]:
    return state.card(card).looks


def _visible_cards(state: StickersState) -> tuple[int, ...]:
    """Returns one card of each kind in the hand: the visible cards a collection may have."""
    return first_of_each(sorted(state.hand), lambda card: _looks(state, card))


def _under(state: StickersState, visible: int) -> tuple[int, ...]:
    """Returns the hand's other cards of the visible card's category, the starriest first."""
    category = state.card(visible).category
    others = (c for c in state.hand if c != visible and state.card(c).category is category)
    return tuple(sorted(others, key=lambda c: (-state.card(c).stars, c)))


def _collection(state: StickersState, visible: int) -> Choice:
    under = _under(state, visible)
    if not under:
        return Pick(Play(visible))
    items = tuple(Item(card) for card in under)
    return Gather(Play(visible), "others", items, Span(0, len(items)))


def _plays(state: StickersState, visible: int) -> tuple[Play, ...]:
    under = _under(state, visible)
    return tuple(Play(visible, under[:size]) for size in range(len(under) + 1))


def _gives(state: StickersState, seat: int) -> tuple[Action, ...]:
    question = state.question
    if question is None or seat != question.target:
        return ()
    matching = (c for c in state.hands[seat] if state.card(c).category is question.category)
    return tuple(Give(card) for card in first_of_each(sorted(matching), lambda c: _looks(state, c)))


def _reveals(state: StickersState, seat: int) -> tuple[Action, ...]:
    """Returns one reveal per category in the hand: every card of it joins the album alike."""
    if seat not in choosing(state):
        return ()
    hand = sorted(state.hands[seat])
    return tuple(Reveal(card) for card in first_of_each(hand, lambda c: state.card(c).category))
