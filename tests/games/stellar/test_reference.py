"""The card reference is the 60 celestial cards the engine plays with, by type."""

from __future__ import annotations

from collections import Counter

from app.games.stellar import GAME
from app.games.stellar.cards import CARDS
from app.games.stellar.views import CARD_VIEWS


def _face(card: object) -> tuple[object, ...]:
    return card.kind, card.suit, card.value, card.stars  # type: ignore[attr-defined]


def test_the_reference_lists_every_celestial_card() -> None:
    reference = GAME.card_reference()
    listed: Counter[tuple[object, ...]] = Counter()
    for group in reference.groups:
        for entry in group.entries:
            assert entry.card is CARD_VIEWS[entry.card.id]
            assert (entry.card.suit or "satellite") == group.key
            listed[_face(entry.card)] += entry.count
    assert reference.cards == len(CARDS) == 60
    assert listed == Counter(_face(CARD_VIEWS[card.id]) for card in CARDS)


def test_equal_cards_are_one_entry_with_their_copies() -> None:
    planets = GAME.card_reference().groups[0]
    assert planets.key == "planet" and planets.cards == 11
    fives = [e for e in planets.entries if e.card.value == 5]
    assert [(e.card.stars, e.count) for e in fives] == [(0, 2)]
    satellites = GAME.card_reference().groups[-1]
    assert [(e.card.kind, e.card.value, e.count) for e in satellites.entries] == [
        ("satellite", 2, 5)
    ]
