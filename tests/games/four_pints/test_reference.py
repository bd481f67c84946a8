"""The card reference is the Beer and Purchase decks the engine plays with."""

from __future__ import annotations

from collections import Counter

from app.games.four_pints import GAME
from app.games.four_pints.cards import BEER_CARDS, PURCHASE_CARDS, SPILLED_POINTS
from app.games.four_pints.reference import BeerFace


def test_the_reference_lists_every_beer_and_purchase_card() -> None:
    reference = GAME.card_reference()
    beers, money, events = reference.groups
    assert Counter({e.card.beer: e.count for e in beers.entries}) == Counter(
        card.beer.value for card in BEER_CARDS
    )
    entries = money.entries + events.entries
    purchase = Counter({(e.card.kind, e.card.value): e.count for e in entries})
    assert purchase == Counter((card.kind.value, card.value) for card in PURCHASE_CARDS)
    assert reference.cards == len(BEER_CARDS) + len(PURCHASE_CARDS) == 47


def test_a_beer_entry_has_its_prices_and_points() -> None:
    beers = GAME.card_reference().groups[0]
    ipa = next(e for e in beers.entries if e.card.beer == "ipa")
    assert ipa.count == 2
    assert ipa.card == BeerFace("ipa", "IPA", 6, 3, 8, SPILLED_POINTS)
