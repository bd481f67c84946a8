"""The selling phase (expert): in turn-order token order, buy a card with objects or pass for good.

A Collector card costs 1 or 2 objects of its category; an Action card costs 3 objects with
the same symbol, any one. Objects of one category are alike for paying (each is worth 10 € kept),
so a buy names the category and the engine pays with the seat's oldest tiles of it. A seat
that can pay for nothing on display can never pay later (its objects only go, the display only
empties), so it passes at once (chosen: spares a click with no choice in it).
"""

from __future__ import annotations

from dataclasses import replace

from app.games.core.outcome import Event
from app.games.speedy_pickers.cards import ACTION_COST, CARDS, Kind, TransactionCard
from app.games.speedy_pickers.events import Bought, Passed, SaleStarted, TokenGiven
from app.games.speedy_pickers.objects import BY_KEY, Category
from app.games.speedy_pickers.state import Phase, Player, SpeedyState
from app.games.speedy_pickers.turns import end_turn

Events = list[Event]


def give_tokens(state: SpeedyState, events: Events) -> SpeedyState:
    """Returns the state with the tokens left handed out to the seats still searching at the
    end, lowest first, in seat order from this turn's first seat (chosen), and the sale open."""
    taken = {player.token for player in state.seats}
    free = [token for token in range(1, state.players + 1) if token not in taken]
    first = (state.turn - 1) % state.players
    for step in range(state.players):
        seat = (first + step) % state.players
        if state.player(seat).token is None:
            token, free = free[0], free[1:]
            state = state.with_player(seat, token=token)
            events.append(TokenGiven(seat, token))
    return open_sale(state, events)


def open_sale(state: SpeedyState, events: Events) -> SpeedyState:
    events.append(SaleStarted(token_order(state)))
    return _seat_up(replace(state, phase=Phase.SELL), 0, events)


def token_order(state: SpeedyState) -> tuple[int, ...]:
    """Returns the seats by their turn-order token, 1 first."""
    return tuple(sorted(range(state.players), key=lambda seat: state.player(seat).token or 0))


def payments(player: Player, card: TransactionCard) -> tuple[Category, ...]:
    """Returns the categories the player could pay the card with, in category order."""
    counts = dict.fromkeys(Category, 0)
    for tile in player.kept:
        counts[BY_KEY[tile].category] += 1
    if card.kind is Kind.ACTION:
        return tuple(category for category in Category if counts[category] >= ACTION_COST)
    assert card.category is not None
    return (card.category,) if counts[card.category] >= card.objects else ()


def can_buy(state: SpeedyState, seat: int) -> bool:
    player = state.player(seat)
    return any(payments(player, CARDS[card]) for card in state.display)


def buy(
    state: SpeedyState, seat: int, card_id: int, category: Category, events: Events
) -> SpeedyState:
    """Returns the state after the seller bought a card, paying with its oldest tiles."""
    card = CARDS[card_id]
    player = state.player(seat)
    paying = [tile for tile in player.kept if BY_KEY[tile].category is category]
    paid = tuple(paying[: card.objects])
    kept = list(player.kept)
    for tile in paid:
        kept.remove(tile)
    state = state.with_player(seat, kept=tuple(kept), cards=(*player.cards, card_id))
    display = tuple(c for c in state.display if c != card_id)
    state = replace(
        state, display=display, discarded=state.discarded + paid, bought=state.bought + 1
    )
    events.append(Bought(seat, card_id, paid))
    if state.player(seat).double_dose and state.bought == 1 and display and can_buy(state, seat):
        return state  # Double Dose: a second buy, or Done
    return next_seller(state, events)


def pass_for_good(state: SpeedyState, seat: int, events: Events) -> SpeedyState:
    events.append(Passed(seat))
    return next_seller(state.with_player(seat, passed=True), events)


def next_seller(state: SpeedyState, events: Events) -> SpeedyState:
    """Returns the state with the sale turn given to the next seat in token order."""
    assert state.seller is not None
    token = state.player(state.seller).token or 0
    return _seat_up(state, token, events)


def _seat_up(state: SpeedyState, after: int, events: Events) -> SpeedyState:
    """Returns the sale turn given to the first seat after token `after` that may still buy;
    the turn ends when all have passed or the display is empty."""
    order = token_order(state)
    for step in range(1, state.players + 1):
        if not state.display:
            break
        seat = order[(after - 1 + step) % state.players]
        if state.player(seat).passed:
            continue
        if not can_buy(state, seat):
            events.append(Passed(seat, forced=True))
            state = state.with_player(seat, passed=True)
            continue
        return replace(state, seller=seat, bought=0)
    return end_turn(state, events)
