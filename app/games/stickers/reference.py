"""The Stickers card reference: the 108 printed cards, a table per category, from `cards.py`."""

from __future__ import annotations

from app.games.core.i18n import _
from app.games.core.reference import CardGroup, CardReference, alike
from app.games.stickers.cards import CARDS, CATEGORY_NAMES, Category
from app.games.stickers.views import card_view

REFERENCE = CardReference(
    tuple(
        CardGroup(
            category.value,
            CATEGORY_NAMES[category],
            alike(
                (card for card in CARDS if card.category is category),
                lambda card: card.looks + (card.players,),
                card_view,
            ),
        )
        for category in Category
    ),
    _(
        "The cards as printed: a campaign sticks more stars and action stickers on them. With"
        " 2 players the 3+ and 4 cards are left out, with 3 players the 4 cards."
    ),
)
