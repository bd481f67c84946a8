"""The Stellar card reference: the 60 celestial cards by type, read from `cards.CARDS`."""

from __future__ import annotations

from app.games.core.i18n import _
from app.games.core.reference import CardEntry, CardGroup, CardReference, alike
from app.games.stellar.cards import CARDS, SATELLITE_NAME, SUIT_NAMES, Card, Suit
from app.games.stellar.views import CARD_VIEWS, CardView


def _entries(suit: Suit | None) -> tuple[CardEntry[CardView], ...]:
    """Returns one type's cards (None: the satellites) in deck order, equal cards as one."""
    cards = (card for card in CARDS if card.suit is suit)
    return alike(cards, key=_face, view=lambda card: CARD_VIEWS[card.id])


def _face(card: Card) -> tuple[str, int, int]:
    return card.kind.value, card.value, card.stars


REFERENCE = CardReference(
    (
        *(CardGroup(suit.value, SUIT_NAMES[suit], _entries(suit)) for suit in Suit),
        CardGroup(
            "satellite",
            SATELLITE_NAME,
            _entries(None),
            _(
                "Wild: no type and no stars. In the telescope a satellite goes on any free"
                " space and counts as a neighbour of every type; in the notebook it joins the"
                " stack it lengthens most."
            ),
        ),
    ),
    _(
        "Every type has the same 11 cards; the diamond marks its starting card. A 6/0 card"
        " counts 6 in the telescope, and 6 or 0 in the notebook. A card that cannot be placed"
        " face up goes face down: it counts 3, with no type and no stars."
    ),
)
