"""The 4 Pints card reference: the Beer and Purchase decks, read from `cards.py`."""

from __future__ import annotations

from dataclasses import dataclass

from app.games.core.i18n import _
from app.games.core.reference import CardGroup, CardReference, alike
from app.games.four_pints.cards import (
    BEER_CARDS,
    KIND_NAMES,
    PURCHASE_CARDS,
    BeerCard,
    PurchaseCard,
)
from app.games.four_pints.payment import half_price
from app.games.four_pints.state import Pint
from app.games.four_pints.texts import CARD_TEXTS


@dataclass(frozen=True, slots=True)
class BeerFace:
    """A Beer card: its price, its Happy Hour price, what it scores upright and spilled."""

    beer: str
    name: str
    price: int
    half_price: int
    points: int
    spilled: int


@dataclass(frozen=True, slots=True)
class PurchaseFace:
    """A Purchase card: `value` is the pounds on a Money card (else 0), `text` what it does."""

    kind: str
    name: str
    value: int
    text: str


def _beer_face(card: BeerCard) -> BeerFace:
    spec = card.spec
    return BeerFace(
        card.beer.value,
        spec.name,
        spec.price,
        half_price(spec.price),
        Pint(card).points,
        Pint(card, spilled=True).points,
    )


def _purchase_face(card: PurchaseCard) -> PurchaseFace:
    return PurchaseFace(card.kind.value, KIND_NAMES[card.kind], card.value, CARD_TEXTS[card.kind])


def _purchase_key(card: PurchaseCard) -> tuple[str, int]:
    return card.kind.value, card.value


REFERENCE = CardReference(
    (
        CardGroup(
            "beers",
            _("Beer cards"),
            alike(BEER_CARDS, lambda card: card.beer, _beer_face),
            _(
                "The Beer deck: four pints at a time on the bar. With 2 players 6 of them, with"
                " 3 players 3, are put out of each round unseen."
            ),
        ),
        CardGroup(
            "money",
            _("Money cards"),
            alike((c for c in PURCHASE_CARDS if c.is_money), _purchase_key, _purchase_face),
            _("Purchase deck. Each round every player starts with a £1 card taken from these."),
        ),
        CardGroup(
            "events",
            _("Other Purchase cards"),
            alike((c for c in PURCHASE_CARDS if not c.is_money), _purchase_key, _purchase_face),
            _(
                "Purchase deck. Each takes effect as it is revealed; a Drunk card is discarded"
                " at the start of each of your turns."
            ),
        ),
    ),
    _("The 48th card is the Keg, which marks the round's first player."),
)
