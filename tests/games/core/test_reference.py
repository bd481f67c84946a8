"""A card reference groups alike cards and counts every physical card once."""

from __future__ import annotations

from app.games.core import CardEntry, CardGroup, CardReference
from app.games.core.reference import alike


def test_alike_joins_neighbouring_equal_cards_only() -> None:
    entries = alike([1, 1, 2, 1], key=lambda card: card, view=str)
    assert entries == (CardEntry("1", 2), CardEntry("2", 1), CardEntry("1", 1))


def test_a_reference_counts_every_copy_of_every_group() -> None:
    cards = CardGroup("a", "A", (CardEntry("x", 3), CardEntry("y", 1)))
    more = CardGroup("b", "B", (CardEntry("z", 2),))
    assert (cards.cards, more.cards) == (4, 2)
    assert CardReference((cards, more)).cards == 6
