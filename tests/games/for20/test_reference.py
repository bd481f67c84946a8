"""The card reference is the decks the engine plays with, as the table draws each card."""

from __future__ import annotations

from collections import Counter

from app.games.for20 import GAME
from app.games.for20.cards import CARDS, DECK_SIZE
from app.games.for20.views import CARD_VIEWS


def test_the_reference_lists_every_card_of_both_decks() -> None:
    reference = GAME.card_reference()
    listed: Counter[str] = Counter()
    for group in reference.groups:
        for entry in group.entries:
            listed[entry.card.key] += entry.count
    assert reference.cards == len(CARDS) == 2 * DECK_SIZE
    assert listed == Counter(card.spec.key for card in CARDS)


def test_each_entry_is_the_face_the_table_draws() -> None:
    for group in GAME.card_reference().groups:
        for entry in group.entries:
            assert entry.card is CARD_VIEWS[entry.card.id]
            assert entry.card.category == group.key


def test_a_tool_entry_has_its_type_range_coins_and_ability() -> None:
    entries = {e.card.key: e for g in GAME.card_reference().groups for e in g.entries}
    hookah = entries["hookah"]
    assert hookah.count == 2
    assert (hookah.card.type_name, hookah.card.low, hookah.card.high) == ("combo", 3, 8)
    assert hookah.card.coins == 3 and "Nice Tool!" in hookah.card.text
    assert (entries["polizia"].card.cost, entries["polizia"].card.coins) == (3, 1)
