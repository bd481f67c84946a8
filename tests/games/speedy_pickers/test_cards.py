"""The 100 Transaction cards as data, and the card reference built from them."""

from __future__ import annotations

from collections import Counter

from app.games.speedy_pickers import GAME
from app.games.speedy_pickers.cards import CARDS, CATEGORY_SYMBOLS, Kind, Power
from app.games.speedy_pickers.objects import BY_KEY, DECOYS, OBJECTS, Category


def test_there_are_76_collector_and_24_action_cards() -> None:
    kinds = Counter(card.kind for card in CARDS)
    assert len(CARDS) == 100 and kinds == {Kind.COLLECTOR: 76, Kind.ACTION: 24}
    assert [card.id for card in CARDS] == list(range(100))


def test_collector_cards_cost_one_or_two_objects_of_a_category_action_cards_three() -> None:
    for card in CARDS:
        if card.kind is Kind.COLLECTOR:
            assert card.category is not None and card.objects in (1, 2) and card.power is None
            assert card.euros > 10 * card.objects  # always better than keeping the objects
        else:
            assert card.category is None and card.objects == 3 and card.power is not None


def test_each_power_has_four_cards_and_each_category_nineteen_collectors() -> None:
    assert Counter(card.power for card in CARDS if card.power) == dict.fromkeys(Power, 4)
    assert Counter(card.category for card in CARDS if card.category) == dict.fromkeys(Category, 19)


def test_the_objects_are_160_in_four_categories_of_forty() -> None:
    assert len(OBJECTS) == 160 and len(BY_KEY) == 160
    assert Counter(tile.category for tile in OBJECTS) == dict.fromkeys(Category, 40)


def test_no_category_symbol_is_an_object_or_a_decoy() -> None:
    # A tile shows its symbol beside its name: a symbol that is an object would look like a
    # picture of the object to find, and one drawn in the scene (a decoy) like a thing to click.
    symbols = set(CATEGORY_SYMBOLS.values())
    assert len(symbols) == len(Category)
    assert symbols.isdisjoint(tile.emoji for tile in OBJECTS)
    assert symbols.isdisjoint(DECOYS)


def test_the_reference_lists_every_card() -> None:
    reference = GAME.card_reference()
    assert reference.cards == 100
    assert [group.cards for group in reference.groups] == [76, 24]
