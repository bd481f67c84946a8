"""The Speedy Pickers card reference: the 100 Transaction cards, read from `cards.py`."""

from __future__ import annotations

from app.games.core.i18n import _
from app.games.core.reference import CardGroup, CardReference, alike
from app.games.speedy_pickers.cards import CARDS, Kind, TransactionCard
from app.games.speedy_pickers.views import card_view


def _face(card: TransactionCard) -> tuple[object, ...]:
    return (card.kind, card.category, card.objects, card.euros, card.power)


REFERENCE = CardReference(
    (
        CardGroup(
            "collector",
            _("Collector cards"),
            alike((c for c in CARDS if c.kind is Kind.COLLECTOR), _face, lambda c: card_view(c.id)),
            _("Each costs 1 or 2 objects with the card's category symbol."),
        ),
        CardGroup(
            "action",
            _("Action cards"),
            alike((c for c in CARDS if c.kind is Kind.ACTION), _face, lambda c: card_view(c.id)),
            _("Each costs 3 objects with the same symbol; its power is used once."),
        ),
    ),
    _("Objects still face up at the end are worth 10 € each."),
)
