"""Paying for pints: prices, Happy Hour, and which Money cards a purchase spends."""

from __future__ import annotations

import itertools

from app.games.four_pints.cards import BeerCard, PurchaseCard
from app.games.four_pints.state import FourPintsState


def price_for(state: FourPintsState, seat: int, card: BeerCard) -> int:
    """Returns what the seat pays for a pint now: half, rounded down, during its Happy Hour."""
    price = card.spec.price
    return half_price(price) if seat in state.discounts else price


def half_price(price: int) -> int:
    """Returns the Happy Hour price: half, rounded down."""
    return price // 2


def choose_payment(
    center: tuple[PurchaseCard, ...], saved: PurchaseCard | None, price: int
) -> tuple[PurchaseCard, ...]:
    """Returns the Money cards to spend: best card left to save, then fewest cards, least money.

    Equal cards are interchangeable, so the saved card is kept over a center
    card of the same value; that spares the player a pointless save step.
    """
    pool = center + ((saved,) if saved is not None else ())
    total = sum(card.value for card in pool)
    keep = next(
        (
            card
            for card in sorted(pool, key=lambda card: (-card.value, card != saved))
            if total - card.value >= price
        ),
        None,
    )
    return _fewest_cards(tuple(card for card in pool if card != keep), saved, price)


def _fewest_cards(
    cards: tuple[PurchaseCard, ...], saved: PurchaseCard | None, price: int
) -> tuple[PurchaseCard, ...]:
    """Returns cards worth at least price: fewest cards, then least money, then center first."""
    groups: dict[int, list[PurchaseCard]] = {}
    for card in sorted((card for card in cards if card != saved), key=lambda card: card.value):
        groups.setdefault(card.value, []).append(card)
    # More cards of one value than it takes to cover the price alone is never fewest.
    counts = (range(min(len(group), -(-price // value)) + 1) for value, group in groups.items())
    extras = ((), (saved,)) if saved is not None and saved in cards else ((),)
    best: tuple[tuple[int, int, int], tuple[PurchaseCard, ...]] | None = None
    for chosen in itertools.product(*counts):
        spent = zip(groups.values(), chosen, strict=True)
        center = tuple(card for group, n in spent for card in group[:n])
        for extra in extras:
            paid = sum(card.value for card in center + extra)
            key = (len(center) + len(extra), paid, len(extra))
            if paid >= price and (best is None or key < best[0]):
                best = (key, center + extra)
    assert best is not None, "a buy is only legal when the money covers the price"
    return best[1]
