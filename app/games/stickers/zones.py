"""Where cards move: draws (from the pile, then the stock) and placing cards in albums.

Draws come from the draw pile, and from the stock once the pile is out (the rulebook's "Out of
cards?" names the refills; chosen: a Hat or a Question mark draws the same way, one rule for
every draw). A draw from two empty piles draws nothing.
"""

from __future__ import annotations

from dataclasses import replace

from app.games.stickers.events import Drew, DrewCards
from app.games.stickers.hooks import Events
from app.games.stickers.state import Column, StickersState, set_seat


def can_draw(state: StickersState) -> bool:
    return bool(state.pile or state.stock)


def draw(state: StickersState, count: int) -> tuple[tuple[int, ...], int, StickersState]:
    """Returns up to `count` cards from the top of the pile, then the stock; how many came from
    the stock; and the state without them."""
    count = max(count, 0)  # a hand above six draws nothing (and discards nothing)
    from_pile = state.pile[:count]
    from_stock = state.stock[: count - len(from_pile)]
    state = replace(state, pile=state.pile[len(from_pile) :], stock=state.stock[len(from_stock) :])
    return (*from_pile, *from_stock), len(from_stock), state


def draw_into_hand(state: StickersState, seat: int, count: int, events: Events) -> StickersState:
    """Returns the state after `seat` drew up to `count` cards (only they see which)."""
    cards, from_stock, state = draw(state, count)
    if not cards:
        return state
    events.append(Drew(seat, len(cards), from_stock))
    events.append(DrewCards(seat, cards, seen_by=frozenset({seat})))
    return set_seat(state, seat, hand=(*state.hands[seat], *cards))


def place(state: StickersState, seat: int, cards: tuple[int, ...]) -> StickersState:
    """Returns the state with cards of one category added, in order, to the seat's column of
    it (a new column when it has none): the last card is the column's visible card."""
    category = state.card(cards[0]).category
    album = state.albums[seat]
    column = state.column(seat, category)
    if column is None:
        album = (*album, Column(category, cards))
    else:
        grown = Column(category, (*column.cards, *cards))
        album = tuple(grown if c is column else c for c in album)
    return set_seat(state, seat, album=album)
