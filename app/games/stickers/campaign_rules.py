"""What the campaign's rules do at their places (the hooks of boxes A-E and J-L); the rules
themselves, with their names and texts, are data in `upgrades.py`.

Each function is one hook of `hooks.py`'s shapes, and reads only the table it is given.
"""

from __future__ import annotations

from app.games.stickers.cards import HAT, Category
from app.games.stickers.effects import TAKE_TWO
from app.games.stickers.events import Played
from app.games.stickers.hooks import Awards, Counts, Events
from app.games.stickers.state import StickersState
from app.games.stickers.zones import draw, draw_into_hand, place

_CATEGORIES = tuple(Category)

GRAND_COLLECTION = 5
"""Cards a collection needs for box D's rule to grant both printed bonuses: chosen."""

ENCORE_COLLECTION = 4
"""Cards a collection needs for box E's rule to add a Hat to its bonus: chosen."""

MONOPOLY_POINTS = 3
"""Box K: points for collecting a category nobody else collects: chosen."""


# --- setup (boxes A, B) ----------------------------------------------------------------------


def opening_exhibit(state: StickersState, events: Events) -> StickersState:
    """Box A: each player, from the first, plays the top card of the draw pile into their
    album (no bonus, no action stickers: the game has not begun)."""
    for step in range(state.players):
        seat = (state.first + step) % state.players
        cards, _from_stock, state = draw(state, 1)
        if cards:
            state = place(state, seat, cards)
            events.append(Played(seat, state.card(cards[0]).category.value, cards))
    return state


def underdog(state: StickersState, events: Events) -> StickersState:
    """Box B: every player with fewer trophies than the most draws one more card."""
    most = max(state.trophies, default=0)
    for seat, trophies in enumerate(state.trophies):
        if trophies < most:
            state = draw_into_hand(state, seat, 1, events)
    return state


# --- a collection placed (box C) and its bonus (boxes D, E) ----------------------------------


def new_column(
    state: StickersState, seat: int, cards: tuple[int, ...], events: Events
) -> StickersState:
    """Box C: a collection that starts a new column draws its player a card."""
    column = state.column(seat, state.card(cards[0]).category)
    if column is not None and len(column.cards) == len(cards):
        return draw_into_hand(state, seat, 1, events)
    return state


def grand_collection(state: StickersState, played: int, kinds: tuple[str, ...]) -> tuple[str, ...]:
    """Box D: a collection of five or more cards also takes two market cards."""
    if played >= GRAND_COLLECTION and TAKE_TWO not in kinds:
        return (*kinds, TAKE_TWO)
    return kinds


def encore(state: StickersState, played: int, kinds: tuple[str, ...]) -> tuple[str, ...]:
    """Box E: a collection of four or more cards also plays a Hat."""
    return (*kinds, HAT) if played >= ENCORE_COLLECTION else kinds


# --- scoring (boxes J, K, L) -----------------------------------------------------------------


def shiny(state: StickersState, counts: Counts) -> Counts:
    """Box J: a card with a victory-point sticker counts as two cards for majorities."""
    shining = {card for card, stuck in state.deck.stuck if stuck.points > 0}
    out = []
    for seat, seat_counts in enumerate(counts):
        extra = [0] * len(_CATEGORIES)
        for column in state.albums[seat]:
            extra[_CATEGORIES.index(column.category)] = len(shining.intersection(column.cards))
        out.append(tuple(count + more for count, more in zip(seat_counts, extra, strict=True)))
    return tuple(out)


def monopoly(state: StickersState, awards: Awards) -> Awards:
    """Box K: a category only one player collects gives them three more points."""
    alone = {}
    for index, category in enumerate(_CATEGORIES):
        holders = [seat for seat in range(state.players) if state.column(seat, category)]
        if len(holders) == 1:
            alone[index] = holders[0]
    return tuple(
        tuple(
            points + (MONOPOLY_POINTS if alone.get(index) == seat else 0)
            for index, points in enumerate(seat_awards)
        )
        for seat, seat_awards in enumerate(awards)
    )


def rainbow(state: StickersState, points: tuple[int, ...]) -> tuple[int, ...]:
    """Box L: one point per category in your album."""
    return tuple(total + len(state.albums[seat]) for seat, total in enumerate(points))
